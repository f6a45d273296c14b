import {
  DownloadOutlined,
  ExportOutlined,
  ImportOutlined,
  ThunderboltOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { bilingualName, type DeviceSpec } from '@pvforge/contracts';
import { Alert, App, Button, Card, Form, Input, Skeleton, Space, Typography, Upload } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { NetworkError } from '../../../api/client';
import { editorApi } from '../../../api/editor';
import { confirmCharge } from '../../../components/ChargeConfirm';
import { DeviceEditor } from '../../../components/device-editor/DeviceEditor';
import {
  downloadSpec,
  readSpecFile,
  specFileProblem,
  stashDraft,
  takeDraft,
  unwrapSpec,
} from '../../../components/device-editor/io';
import { issueLine, rangeIssueText } from '../../../components/device-editor/messages';
import {
  blankState,
  type CalcKindEditable,
  checkedFields,
  type EditorState,
  type FieldIssue,
  formToSpec,
  issueOf,
  issueOfCheck,
  rangeIssues,
  specToForm,
} from '../../../components/device-editor/model';
import { useTableSpans } from '../../../components/device-editor/OpticalEditor';
import { JvPreviewCard } from '../../../components/device-editor/preview/JvPreviewCard';
import { ToolExportButtons } from '../../../components/interop/ExportButtons';
import { ImportDialog, type Imported } from '../../../components/interop/ImportDialog';
import { ImportReportCard, TOOL_NAME } from '../../../components/interop/ImportReport';
import { PageHeader } from '../../../components/PageHeader';
import { QueuePriority } from '../../../components/QueuePriority';
import { SweepPanel } from '../../../components/sweep/SweepPanel';
import { localizedDevice } from '../../../lib/library';
import { type Run, RunPanel } from './RunPanel';
import { ScanRateSweep } from './ScanRateSweep';

const DEVICE_ID = /^[0-9a-f]{32}$/;

function looksLikeSpec(v: unknown): v is DeviceSpec {
  return (
    !!v &&
    typeof v === 'object' &&
    Array.isArray((v as { layers?: unknown }).layers) &&
    (v as { layers: unknown[] }).layers.length > 0
  );
}

/** The first layer an issue names, to select it after a failed submit. */
function firstLayerOf(issues: { path: string }[]): number | undefined {
  for (const i of issues) {
    const m = /^layers\.(\d+)/.exec(i.path);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * calc/opt, calc/elec and calc/elec/:id (issue 8): the device editor with the instant optical
 * preview, submitting the optical or electrical calculation and following it live.
 * Loading: `?device=<32-char id>` (a library device, /sys/device/get), `?calc=<id>` or the
 * calc/elec/:id route (an earlier calculation's input, /sys/calc/calcData), `?draft=<key>` (a
 * device handed over from another window), or an imported DeviceSpec file.
 *
 * Spec §2 says opening the optical or electrical calculation opens a new window: the side menu
 * and the dashboard open calc/opt and calc/elec in a new window (plat-menu.ts NEW_WINDOW_PATHS),
 * and from this page the other calculation (or the same one) opens in a new window with the
 * device being edited, so the work on this page is never lost.
 */
export function CalcPage({ kind }: { kind: CalcKindEditable }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const params = useParams();
  const [search] = useSearchParams();
  const [state, setState] = useState<EditorState>(() =>
    blankState(kind, t('editor.defaultName'), t('editor.roles.absorber')),
  );
  const [selected, setSelected] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | undefined>();
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [calcName, setCalcName] = useState('');
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState<Run[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const [imported, setImported] = useState<Imported | null>(null);

  const editId = params.id;
  const deviceId = search.get('device');
  const calcId = editId ?? search.get('calc');
  const draft = search.get('draft');

  const load = useCallback(
    (spec: unknown, label?: string) => {
      const s = unwrapSpec(spec);
      if (!looksLikeSpec(s)) throw new Error(t('editor.notDevice'));
      setState(specToForm(s, kind));
      setSelected(0);
      setServerIssues([]);
      if (label) message.success(t('editor.loadedFrom', { name: label }));
    },
    [kind, message, t],
  );

  useEffect(() => {
    let stop = false;
    const run = async () => {
      if (draft) {
        const d = takeDraft(draft);
        if (d) load(d);
        return;
      }
      if (!deviceId && !calcId) return;
      setLoading(true);
      setLoadError(undefined);
      try {
        if (deviceId) {
          if (!DEVICE_ID.test(deviceId)) throw new Error(t('editor.badDeviceId', { id: deviceId }));
          const dev = await editorApi.getDevice(deviceId);
          // a public example (or a copy of one) is named in the reader's language, in the form and the run
          const name = localizedDevice(dev, i18n.language).name;
          const named = dev.nameZh || dev.nameEn ? { ...(dev.spec as object), name } : dev.spec;
          if (!stop) load(named, name);
        } else if (calcId) {
          const id = Number(calcId);
          if (!Number.isInteger(id) || id < 1) throw new Error(t('editor.badCalcId', { id: calcId }));
          const detail = await editorApi.calcData(id);
          if (!stop) {
            load(detail.input, `#${id} ${detail.record.name}`);
            setCalcName(detail.record.name);
          }
        }
      } catch (e) {
        if (!stop)
          setLoadError(
            e instanceof NetworkError ? t('common.networkError') : e instanceof Error ? e.message : String(e),
          );
      } finally {
        if (!stop) setLoading(false);
      }
    };
    void run();
    return () => {
      stop = true;
    };
  }, [deviceId, calcId, draft, load, t, i18n.language]);

  const spec = useMemo(() => formToSpec(state, kind), [state, kind]);
  // One check per edit, for the editor's field marks and for what stops a submit here.
  const checked = useMemo(() => checkedFields(spec), [spec]);

  // What stops a submit, said before the button is clicked: the checker's errors, then n,k tables
  // that do not cover the wavelength range.
  const spans = useTableSpans();
  const blocking = useMemo(() => {
    const names = state.layers.map((l) => l.name);
    const local = checked.errors;
    const ranges = rangeIssues(state, spans, kind);
    const lines = [
      ...local.map((i) => issueLine(i, names, t, i18n.language)),
      ...ranges.map((r) => rangeIssueText(r, t, i18n.language)),
    ];
    return { lines, paths: [...local, ...ranges] };
  }, [state, checked, spans, kind, t, i18n.language]);

  const update = useCallback(
    (id: number, patch: Partial<Run>) =>
      setRuns((rs) =>
        rs.map((r) => {
          if (r.id !== id) return r;
          // A late poll or progress message must not undo a final state.
          const final = ['succeeded', 'failed', 'nonconvergent', 'cancelled'].includes(r.status);
          if (final && patch.status && patch.status !== r.status) return r;
          return { ...r, ...patch, percent: Math.max(r.percent, patch.percent ?? r.percent) };
        }),
      ),
    [],
  );

  const onChange = useCallback((s: EditorState) => {
    setState(s);
    setServerIssues([]);
  }, []);

  const [priority, setPriority] = useState(false);
  const submit = async () => {
    if (blocking.lines.length) {
      message.error(t('editor.run.invalid'));
      const j = firstLayerOf(blocking.paths);
      if (j !== undefined) setSelected(j);
      return;
    }
    setBusy(true);
    try {
      // A charged submission (queue priority with a price) is confirmed first (issue 29).
      if (!(await confirmCharge(modal, t, { kind, priority }))) return;
      const name = calcName.trim() || spec.name;
      const { answer } = await editorApi.submit(kind, spec, name, priority);
      if (answer.code === '1000' && answer.data && 'id' in answer.data) {
        const id = answer.data.id;
        setRuns((rs) => [{ id, kind, name, status: 'queued', percent: 0 }, ...rs]);
        message.success(t('editor.run.submitted', { id }));
      } else if (answer.data && 'errors' in answer.data) {
        // the device check's issues carry their codes; other refusals (an optics table) are lines
        const issues = answer.data.issues
          ? answer.data.issues.map(issueOfCheck)
          : answer.data.errors.map((e) => issueOf(e.replace(/^device\./, '')));
        setServerIssues(issues);
        const j = firstLayerOf(issues);
        if (j !== undefined) setSelected(j);
        message.error(t('editor.run.invalid'));
      } else {
        message.error(t('editor.run.failedSubmit', { msg: answer.msg }));
      }
    } catch (e) {
      message.error(
        t('editor.run.failedSubmit', {
          msg: e instanceof NetworkError ? t('common.networkError') : e instanceof Error ? e.message : String(e),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  const openInNewWindow = (target: CalcKindEditable) => {
    const key = stashDraft(formToSpec(state, target));
    window.open(`/plat/calc/${target}?draft=${key}`, '_blank', 'noopener');
  };

  const importFile = async (file: File) => {
    try {
      load(await readSpecFile(file));
      message.success(t('editor.io.imported', { name: file.name }));
    } catch (e) {
      message.error(t('editor.io.importFailed', { msg: specFileProblem(e, t('editor.io.noInput')) }));
    }
  };

  // a SCAPS or SIMsalabim device replaces the editor's only once it imported; its report stays in view
  const onToolImport = (r: Imported) => {
    load(r.device);
    setImported(r);
    message.success(t('interop.import.done', { name: r.device.name, tool: TOOL_NAME[r.report.tool] }));
  };

  const loadDemo = async () => {
    const demo = (await import('../../../../../../assets/devices/perovskite-pin-electrical.device.json')).default;
    // the file names it "中文 | English": the form, the notice and the run take the reader's part
    const name = bilingualName(demo.name, i18n.language);
    load({ ...demo, name }, name);
  };

  const title =
    kind === 'opt' ? t('editor.titleOpt') : editId ? t('editor.titleElecEdit', { id: editId }) : t('editor.titleElec');
  const side = (
    <>
      <Card size="small" style={{ marginBottom: 12 }} data-testid="submit-card">
        <Form layout="vertical" component="div">
          <Form.Item label={t('editor.field.calcName')} htmlFor="calc-name" style={{ marginBottom: 8 }}>
            <Input
              id="calc-name"
              value={calcName}
              maxLength={100}
              placeholder={spec.name}
              onChange={(e) => setCalcName(e.target.value)}
              data-testid="calc-name"
            />
          </Form.Item>
        </Form>
        <div style={{ marginBottom: 8 }}>
          <QueuePriority checked={priority} onChange={setPriority} />
        </div>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={busy}
          block
          onClick={() => void submit()}
          data-testid="calc-submit"
        >
          {kind === 'opt' ? t('editor.run.submitOpt') : t('editor.run.submitElec')}
        </Button>
        {blocking.lines.length > 0 && (
          <Typography.Paragraph type="danger" style={{ margin: '8px 0 0' }} data-testid="calc-submit-blocked">
            {t('editor.run.blocked', { count: blocking.lines.length, first: blocking.lines[0] })}
          </Typography.Paragraph>
        )}
      </Card>
      {kind === 'elec' && (
        <JvPreviewCard spec={spec} enabled={!loading} onRunFull={() => void submit()} submitting={busy} />
      )}
      <SweepPanel
        kind={kind}
        spec={spec}
        name={calcName.trim() || spec.name}
        onRun={(r) => setRuns((rs) => [r, ...rs])}
      />
      {kind === 'elec' && (
        <ScanRateSweep spec={spec} name={calcName.trim() || spec.name} onRun={(r) => setRuns((rs) => [r, ...rs])} />
      )}
      <RunPanel runs={runs} update={update} />
    </>
  );

  return (
    <div data-testid={`calc-page-${kind}`}>
      <PageHeader
        title={title}
        subtitle={kind === 'opt' ? t('editor.subtitleOpt') : t('editor.subtitleElec')}
        extra={
          <Space wrap>
            <Upload
              accept=".json,.xlsx,.zip,application/json"
              showUploadList={false}
              beforeUpload={(f) => {
                void importFile(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="spec-import" title={t('editor.io.importHint')}>
                {t('editor.io.import')}
              </Button>
            </Upload>
            <Button icon={<DownloadOutlined />} onClick={() => downloadSpec(spec)} data-testid="spec-export">
              {t('editor.io.export')}
            </Button>
            <Button
              icon={<ImportOutlined />}
              onClick={() => setImportOpen(true)}
              title={t('interop.import.hint')}
              data-testid="interop-import"
            >
              {t('interop.import.button')}
            </Button>
            <ToolExportButtons spec={spec} />
            <Button onClick={() => void loadDemo()} data-testid="load-demo">
              {t('editor.io.demo')}
            </Button>
            <Button icon={<ExportOutlined />} onClick={() => openInNewWindow('opt')} data-testid="open-opt">
              {t('editor.io.openOpt')}
            </Button>
            <Button icon={<ExportOutlined />} onClick={() => openInNewWindow('elec')} data-testid="open-elec">
              {t('editor.io.openElec')}
            </Button>
          </Space>
        }
      />
      {loadError && (
        <Alert
          type="error"
          showIcon
          title={t('editor.loadFailed', { msg: loadError })}
          style={{ marginBottom: 12 }}
          data-testid="load-error"
        />
      )}
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} onImported={onToolImport} />
      {imported && (
        <ImportReportCard
          report={imported.report}
          warnings={imported.warnings}
          word={imported.word}
          layerNames={imported.device.layers.map((l) => l.name)}
          onClose={() => setImported(null)}
        />
      )}
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} aria-label={t('editor.loading')} />
      ) : (
        <DeviceEditor
          kind={kind}
          state={state}
          spec={spec}
          checked={checked}
          onChange={onChange}
          selected={Math.min(selected, state.layers.length - 1)}
          onSelect={setSelected}
          serverIssues={serverIssues}
          side={side}
        />
      )}
    </div>
  );
}
