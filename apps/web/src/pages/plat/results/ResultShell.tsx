/**
 * What every result view shares: loading the calculation (/sys/calc/calcData), live progress while
 * it is queued or running, the reason in words when it failed, the action bar (exports, save to
 * library, edit / re-run) and the input summary. The view itself only draws a succeeded result.
 */
import { DownloadOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import type { CalcDetail, CalcKind, CalcRecord, DeviceFitProgress, DeviceSpec } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Progress,
  Result,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, NetworkError } from '../../../api/client';
import { downloadResult, type ExportFormat, resultsApi } from '../../../api/results';
import { ToolExportButtons } from '../../../components/interop/ExportButtons';
import { Loading } from '../../../components/Loading';
import { SaveDeviceButton } from '../../../components/library/SaveDeviceButton';
import { PageHeader } from '../../../components/PageHeader';
import { paramLang, wordsOf } from '../../../lib/params';
import { progressText } from '../../../live/progress-detail';
import { useLiveEvent } from '../../../live/useLive';
import { type EngineText, engineTexts, failureOfResult, localWarning, nonconvergentAdvice } from './engine-warnings';
import { InputList, useTableNames } from './InputList';
import { editPath, resultPath } from './result-data';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const STATUS_COLOR: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  nonconvergent: 'warning',
  cancelled: 'default',
};

/** A failed call in words: the server's message, or that the network failed. */
export function errorText(e: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (e instanceof NetworkError) return t('results.actions.networkError');
  if (e instanceof ApiError) return e.answer.msg || e.code;
  return e instanceof Error ? e.message : String(e);
}

export function ExportButtons({ record }: { record: CalcRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const name = await downloadResult(record.kind, record.id, format);
      message.success(t('results.actions.exported', { name }));
    } catch (e) {
      message.error(t('results.actions.exportFailed', { msg: errorText(e, t) }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        onClick={() => run('xlsx')}
        data-testid="result-export-xlsx"
      >
        {t('results.actions.exportXlsx')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'csv-zip'}
        onClick={() => run('csv-zip')}
        data-testid="result-export-csv"
      >
        {t('results.actions.exportCsv')}
      </Button>
    </>
  );
}

/** The device a device calculation ran (a sweep's record keeps it under `device`), if any. */
export function resultDevice(detail: CalcDetail): DeviceSpec | undefined {
  if (detail.record.kind !== 'opt' && detail.record.kind !== 'elec') return undefined;
  const input = isObj(detail.input) ? detail.input : undefined;
  const device = input && input['sweep'] === true && isObj(input['device']) ? input['device'] : input;
  return device && Array.isArray(device['layers']) ? (device as unknown as DeviceSpec) : undefined;
}

/** The input of the calculation, short: the layer stack for devices, the job for circuits. */
export function InputSummary({ detail }: { detail: CalcDetail }) {
  const { t, i18n } = useTranslation();
  const tableNames = useTableNames();
  const { record } = detail;
  const input = isObj(detail.input) ? detail.input : {};
  const fmt = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '–');
  const items = [
    { key: 'name', label: t('results.input.name'), children: record.name },
    { key: 'id', label: t('results.input.id'), children: record.id },
    { key: 'kind', label: t('results.input.kind'), children: t(`results.kind.${record.kind}`) },
    {
      key: 'status',
      label: t('results.input.status'),
      children: <Tag color={STATUS_COLOR[record.status]}>{t(`results.status.${record.status}`)}</Tag>,
    },
    { key: 'created', label: t('results.input.created'), children: fmt(record.created_at) },
    { key: 'finished', label: t('results.input.finished'), children: fmt(record.finished_at) },
    { key: 'engine', label: t('results.input.engine'), children: record.engine_version ?? '–' },
  ];
  // a sweep's record keeps its device under `device`
  const device = input['sweep'] === true && isObj(input['device']) ? input['device'] : input;
  const layers = Array.isArray(device['layers']) ? device['layers'].filter(isObj) : [];
  if (record.kind === 'opt' || record.kind === 'elec') {
    items.push({ key: 'device', label: t('results.input.device'), children: String(device['name'] ?? '–') });
    const ill = isObj(device['illumination']) ? device['illumination'] : {};
    const sp = isObj(ill['spectrum']) ? ill['spectrum'] : {};
    const wl = isObj(ill['wavelength']) ? ill['wavelength'] : {};
    if (sp['id'] || sp['kind'])
      items.push({
        key: 'spectrum',
        label: t('results.input.spectrum'),
        children: (
          <span data-testid="result-spectrum">{`${
            sp['kind'] === 'tabulated'
              ? t('spectra.custom', { name: String(sp['name'] ?? '–') })
              : String(sp['id'] ?? sp['kind'])
          }${ill['suns'] ? ` × ${ill['suns']}` : ''}${
            wl['startNm'] !== undefined ? `, ${wl['startNm']}–${wl['endNm']} nm` : ''
          }`}</span>
        ),
      });
  } else if (record.kind === 'fit') {
    // a device fit: the device it started from, how many curves and free parameters
    const dev = isObj(input['device']) ? input['device'] : {};
    items.push(
      { key: 'device', label: t('results.input.device'), children: String(dev['name'] ?? '–') },
      {
        key: 'curves',
        label: t('results.input.fitCurves'),
        children: String(Array.isArray(input['curves']) ? input['curves'].length : 0),
      },
      {
        key: 'free',
        label: t('results.input.fitFree'),
        children: String(Array.isArray(input['free']) ? input['free'].length : 0),
      },
    );
  } else {
    const job = String(input['kind'] ?? '');
    items.push({
      key: 'job',
      label: t('results.input.job'),
      children: job ? t(`results.input.jobKinds.${job}`) : '–',
    });
    if (input['model'])
      items.push({
        key: 'model',
        label: t('results.input.model'),
        children: t(`results.circuit.models.${String(input['model'])}`),
      });
    if (typeof input['tK'] === 'number')
      items.push({ key: 'tK', label: t('results.input.temperature'), children: String(input['tK']) });
  }
  // the layers' thickness in the registry's words, with its unit
  const d = wordsOf('layers[].thicknessNm', paramLang(i18n.language));
  const thicknessTitle = `${d.label} (${d.unit})`;
  return (
    <Card title={t('results.input.title')} size="small" data-testid="result-input-summary">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
      {layers.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          pagination={false}
          rowKey={(_, i) => String(i)}
          caption={t('results.input.layers')}
          dataSource={layers}
          columns={[
            { title: t('results.input.layer'), dataIndex: 'name' },
            {
              title: t('results.input.role'),
              render: (_, l) => t(`editor.roles.${String(l['role'])}`, { defaultValue: String(l['role'] ?? '–') }),
            },
            { title: thicknessTitle, dataIndex: 'thicknessNm', align: 'right' },
            {
              title: t('results.input.material'),
              render: (_, l) => {
                // the n,k table's name, not its id; other optical models by their kind's label
                const o = isObj(l['optical']) ? l['optical'] : {};
                if (typeof o['materialId'] === 'string')
                  return tableNames ? (tableNames[o['materialId']] ?? o['materialId']) : '…';
                const kind = String(o['kind'] ?? '');
                if (!kind) return '–';
                return i18n.exists(`editor.field.opticalKind.${kind}`)
                  ? t(`editor.field.opticalKind.${kind}`)
                  : t('editor.field.opticalKind.other', { kind });
              },
            },
          ]}
        />
      )}
      {(record.kind === 'opt' || record.kind === 'elec') && <InputList input={detail.input} kind={record.kind} />}
    </Card>
  );
}

/** The engine's warnings (told in the UI's language here) and any already told (`localized`). */
export function Warnings({ warnings, localized = [] }: { warnings: EngineText[]; localized?: string[] }) {
  const { t } = useTranslation();
  const lines = [...warnings.map((w) => localWarning(w, t)), ...localized];
  if (!lines.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="result-warnings"
      title={t('results.warnings')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {lines.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      }
    />
  );
}

function Running({
  record,
  percent,
  detail,
  onCancelled,
}: {
  record: CalcRecord;
  percent: number;
  detail?: string;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = async () => {
    try {
      await resultsApi.cancel(record.id);
      message.success(t('results.progress.cancelled'));
      onCancelled();
    } catch (e) {
      message.error(errorText(e, t));
    }
  };
  return (
    <Card title={t('results.progress.title')} data-testid="result-progress">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Tag color={STATUS_COLOR[record.status]}>{t(`results.status.${record.status}`)}</Tag>
        {record.status === 'queued' ? (
          <Typography.Text>{t('results.progress.queued')}</Typography.Text>
        ) : (
          <>
            <Progress percent={Math.round(percent)} status="active" aria-label={t('results.progress.title')} />
            <Typography.Text>
              {detail
                ? t('results.progress.running', { detail: progressText(detail, t) })
                : t('results.progress.runningNoDetail')}
            </Typography.Text>
          </>
        )}
        <Typography.Text type="secondary">{t('results.progress.hint')}</Typography.Text>
        <Popconfirm
          title={t('results.progress.cancelConfirm')}
          okText={t('results.actions.ok')}
          cancelText={t('results.actions.cancel')}
          onConfirm={cancel}
        >
          <Button danger data-testid="result-cancel">
            {t('results.progress.cancel')}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

/** The warnings a stored result carries (a non-convergent run keeps its partial result), if any. */
function resultWarnings(result: unknown): EngineText[] {
  return engineTexts((result as { warnings?: unknown } | null | undefined)?.warnings);
}

function Failed({ record, result }: { record: CalcRecord; result: unknown }) {
  const { t } = useTranslation();
  const s = record.status as 'failed' | 'nonconvergent' | 'cancelled';
  const title = t(`results.failure.${s}Title`);
  // what the input check found (e.g. an ohmic contact on an undoped layer): the likely cause
  const causes = s === 'nonconvergent' ? resultWarnings(result) : [];
  // the reason with its code, where the result keeps it; else the job's English reason (legacy patterns)
  const reason = (s === 'nonconvergent' ? failureOfResult(result) : undefined) ?? record.reason;
  const advice = t(
    s === 'nonconvergent'
      ? nonconvergentAdvice(reason)
      : s === 'cancelled'
        ? 'results.failure.adviceCancelled'
        : 'results.failure.adviceFailed',
  );
  return (
    <div data-testid="result-failed">
      <Result
        status={s === 'cancelled' ? 'info' : s === 'nonconvergent' ? 'warning' : 'error'}
        title={title}
        subTitle={
          <Space orientation="vertical">
            <span data-testid="result-failed-reason">
              {reason
                ? t('results.failure.reason', { reason: localWarning(reason, t) })
                : t('results.failure.noReason')}
            </span>
            {causes.length > 0 && <Warnings warnings={causes} />}
            <span>{advice}</span>
          </Space>
        }
        extra={
          <Link to={editPath(record.kind, record.id)}>
            <Button type="primary" icon={<EditOutlined />}>
              {t('results.actions.edit')}
            </Button>
          </Link>
        }
      />
    </div>
  );
}

/** What the live connection said last of a running calculation. */
export interface LiveProgress {
  percent: number;
  detail?: string;
  /** A device fit's state (stage, runs, chi-square, values, model curves). */
  fit?: DeviceFitProgress;
}

/**
 * The frame of a result view. `kinds` are the kinds this view shows; `children` draws the
 * succeeded result; `running` (optional) draws what a view shows of its calculation while it runs,
 * under the progress card; `actions` (optional) adds the view's own buttons to the action bar;
 * `partial` (optional) says the view draws a non-convergent record's stored result itself (a
 * device fit that spent its budget keeps its best point, and its view says how it ended).
 */
export function ResultShell({
  kinds,
  title,
  children,
  running,
  actions,
  partial = false,
}: {
  kinds: CalcKind[];
  title: string;
  children: (detail: CalcDetail) => ReactNode;
  running?: (detail: CalcDetail, live: LiveProgress | null) => ReactNode;
  actions?: (detail: CalcDetail) => ReactNode;
  partial?: boolean;
}) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params['id']);
  const valid = Number.isInteger(id) && id > 0;
  const [live, setLive] = useState<LiveProgress | null>(null);
  const q = useQuery({
    queryKey: ['calcData', id],
    queryFn: () => resultsApi.calcData(id),
    enabled: valid,
    retry: (n, e) => !(e instanceof ApiError) && n < 2,
    // The live connection reports progress; polling is the fallback when it is down.
    refetchInterval: (query) => {
      const s = query.state.data?.record.status;
      return s === 'queued' || s === 'running' ? 5000 : false;
    },
  });
  useLiveEvent('progress', (p) => {
    if (p.jobId === id) setLive({ percent: p.percent, detail: p.detail, ...(p.fit ? { fit: p.fit } : {}) });
  });
  useLiveEvent('fire', (f) => {
    if (f.jobId === id || f.recordId === id) void q.refetch();
  });
  useLiveEvent('finish', (f) => {
    if (f.jobId === id || f.recordId === id) void q.refetch();
  });

  let body: ReactNode;
  let extra: ReactNode = null;
  if (!valid) body = <Alert type="error" showIcon title={t('results.badId')} data-testid="result-error" />;
  else if (q.isPending) body = <Loading tip={t('results.loading')} testid="result-loading" />;
  else if (q.isError) {
    const notFound = q.error instanceof ApiError && q.error.code === '4101';
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="result-error"
        title={notFound ? t('results.notFound') : t('results.loadFailed', { msg: errorText(q.error, t) })}
        action={
          notFound ? (
            <Link to="/plat/calc/list">{t('results.backToList')}</Link>
          ) : (
            <Button onClick={() => q.refetch()}>{t('results.retry')}</Button>
          )
        }
      />
    );
  } else {
    const detail = q.data;
    const { record } = detail;
    if (!kinds.includes(record.kind)) {
      body = (
        <Alert
          type="info"
          showIcon
          title={t('results.wrongKind', { kind: t(`results.kind.${record.kind}`) })}
          action={<Link to={resultPath(record.kind, record.id)}>{t('results.openRight')}</Link>}
        />
      );
    } else if (record.status === 'queued' || record.status === 'running') {
      body = (
        <>
          <Running
            record={record}
            percent={live?.percent ?? record.progress ?? 0}
            detail={live?.detail ?? record.progress_detail ?? undefined}
            onCancelled={() => void q.refetch()}
          />
          {running?.(detail, live)}
        </>
      );
    } else if (
      record.status !== 'succeeded' &&
      !(partial && record.status === 'nonconvergent' && detail.result !== null && detail.result !== undefined)
    ) {
      body = <Failed record={record} result={detail.result} />;
    } else if (detail.result === null || detail.result === undefined) {
      body = <Alert type="warning" showIcon title={t('results.failure.noResult')} />;
    } else {
      body = children(detail);
      extra = (
        <Space wrap>
          <ExportButtons record={record} />
          {(record.kind === 'opt' || record.kind === 'elec') && (
            <SaveDeviceButton
              calcId={record.id}
              defaultName={record.name.slice(0, 100)}
              label={t('results.actions.saveDevice')}
              buttonProps={{ 'data-testid': 'result-save-device' } as ButtonProps}
            />
          )}
          {resultDevice(detail) && <ToolExportButtons spec={resultDevice(detail)} testPrefix="result-interop" />}
          {actions?.(detail)}
          <Link to={editPath(record.kind, record.id)} data-testid="result-edit">
            <Button icon={<EditOutlined />}>{t('results.actions.edit')}</Button>
          </Link>
          {/* J-V and EQE overlay: simulations and circuit fits (their measured curves); a device
              fit draws its measured and fitted curves itself */}
          {record.kind !== 'fit' && (
            <Link to={`/plat/calc/compare?ids=${record.id}`} data-testid="result-compare">
              <Button icon={<LineChartOutlined />}>{t('results.actions.compare')}</Button>
            </Link>
          )}
        </Space>
      );
    }
  }
  const record = q.data?.record;
  return (
    <div className="result-page" data-testid="result-page" data-status={record?.status ?? ''}>
      <PageHeader title={record ? `${title} · ${record.name}` : title} extra={extra} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {body}
        {q.data && kinds.includes(q.data.record.kind) && <InputSummary detail={q.data} />}
      </Space>
    </div>
  );
}
