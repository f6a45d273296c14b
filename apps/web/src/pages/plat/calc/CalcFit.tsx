import { ThunderboltOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../api/client';
import { fitApi } from '../../../api/fit';
import { libraryApi } from '../../../api/library';
import { resultsApi } from '../../../api/results';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { QueuePriority } from '../../../components/QueuePriority';
import { CapacitancePlot } from './CapacitancePlot';
import { type CurveSource, previewCurve } from './CircuitModel';
import { FitCurveList } from './FitCurveList';
import { FitDevicePicker, type PickedDevice } from './FitDevicePicker';
import { FitFreeTable } from './FitFreeTable';
import {
  BUDGET_DEFAULT,
  type BudgetForm,
  checkFitForm,
  DEVICE_FIT_MAX_EVALUATIONS,
  DEVICE_FIT_MAX_SECONDS,
  deviceName,
  type FitCurveEntry,
  type FitIssue,
  type FitIssueAt,
  type FitPreview,
  type FreeRow,
  fieldTitle,
  fittableFields,
  formFromJob,
  geometricCapacitance,
  isCapacitanceKind,
  newFitCurve,
  previewCapacitance,
  previewEqe,
  previewSeries,
  serverIssues,
} from './fit-model';

const LinePlot = lazy(() => import('../../../components/plots/LinePlot'));

const DEVICE_ID = /^[0-9a-f]{32}$/;
/** The free parameters' table has seven columns: the page's cards are wider than a form's. */
const CARD = { maxWidth: 1200 } as const;

/**
 * Each curve's reading, kept per source, kind and choice of units: typing a curve's name must not
 * read every file again. The circuit fit's advice of about 1000 points does not apply here (the
 * device fit runs a chosen few of them), so it is left out.
 */
const previewCache = new WeakMap<CurveSource, Map<string, FitPreview>>();
function preview(c: FitCurveEntry, device: unknown): FitPreview | undefined {
  const source = c.curve.source;
  if (!source) return undefined;
  // a capacitance's unit is detected against the device's own capacitance, and may need its area
  const cap = isCapacitanceKind(c.kind);
  const how = c.kind === 'eqe' ? c.eqeUnits : cap ? [c.capUnits, c.areaCm2, geometricCapacitance(device)] : c.choice;
  const key = `${c.kind} ${JSON.stringify(how)}`;
  const m = previewCache.get(source) ?? new Map<string, FitPreview>();
  previewCache.set(source, m);
  let p = m.get(key);
  if (!p) {
    p =
      c.kind === 'eqe'
        ? previewEqe(source, c.eqeUnits)
        : cap
          ? previewCapacitance(source, c, device)
          : jvPreview(source, c);
    m.set(key, p);
  }
  return p;
}

/** A J-V's reading by the circuit forms' reader, without its advice on the number of points. */
function jvPreview(source: CurveSource, c: FitCurveEntry): FitPreview {
  const read = previewCurve(source, c.choice);
  return read.ok ? { ...read, fewPoints: false } : read;
}

/** The first message at a place: an error, else a warning. */
function messageAt(
  issues: readonly FitIssue[],
  match: (at: FitIssueAt) => boolean,
): { error?: string; warning?: string } {
  const here = issues.filter((i) => match(i.at));
  const error = here.find((i) => !i.warning)?.text;
  const warning = here.find((i) => i.warning)?.text;
  return { ...(error ? { error } : {}), ...(!error && warning ? { warning } : {}) };
}

/**
 * calc/fit (issue 27): fit the drift-diffusion device model to measured J-V curves and EQE
 * spectra. The user picks a device (library, examples or a file), adds the curves measured on it
 * (each a J-V or an EQE spectrum), chooses the parameters left free with their ranges, and the
 * budget; everything is checked as it is typed (the form's formats, the registry's verdict on each
 * bound, then the engine's own input check), and the submit goes to the calculation's page, which
 * follows the fit live.
 * `?device=<id>` opens with a library device; `?calc=<id>` with an earlier fit's input.
 */
export default function CalcFit() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [device, setDevice] = useState<PickedDevice | undefined>(undefined);
  const [curves, setCurves] = useState<FitCurveEntry[]>(() => [newFitCurve()]);
  const [free, setFree] = useState<FreeRow[]>([]);
  const [budget, setBudget] = useState<BudgetForm>(BUDGET_DEFAULT);
  const [name, setName] = useState('');
  const [priority, setPriority] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FitIssue[]>([]);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);

  // ?device= and ?calc=: what the page opens with
  const deviceParam = search.get('device');
  const calcParam = search.get('calc');
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    void (async () => {
      try {
        if (calcParam) {
          const id = Number(calcParam);
          if (!Number.isInteger(id) || id < 1) throw new Error(t('editor.badCalcId', { id: calcParam }));
          const detail = await resultsApi.calcData(id);
          if (detail.record.kind !== 'fit') throw new Error(t('fit.form.notFit', { id }));
          const f = formFromJob(detail.input);
          if (f.device) setDevice({ spec: f.device, from: 'calc', label: `#${id}` });
          if (f.curves.length) setCurves(f.curves);
          setFree(f.free);
          setBudget(f.budget);
          setName(detail.record.name);
        } else if (deviceParam) {
          if (!DEVICE_ID.test(deviceParam)) throw new Error(t('editor.badDeviceId', { id: deviceParam }));
          const d = await libraryApi.getDevice(deviceParam);
          const spec = typeof d.spec === 'string' ? (JSON.parse(d.spec) as unknown) : d.spec;
          setDevice({ spec, from: 'library', id: d.id, label: d.name });
        }
      } catch (e) {
        setLoadError(e instanceof NetworkError ? t('common.networkError') : e instanceof Error ? e.message : String(e));
      }
    })();
  }, [calcParam, deviceParam, t]);

  const fields = useMemo(() => fittableFields(device?.spec, t, lang), [device, t, lang]);
  const labels = useMemo(() => new Map(fields.map((f) => [f.path, fieldTitle(f, false)])), [fields]);
  const previews = useMemo(() => curves.map((c) => preview(c, device?.spec)), [curves, device]);
  const check = useMemo(
    () => checkFitForm({ device: device?.spec, curves, previews, free, budget }, t, lang, labels),
    [device, curves, previews, free, budget, t, lang, labels],
  );
  // what is missing is said after a first submit; what is wrong as soon as it is typed
  const issues = useMemo(
    () => [...server, ...check.issues.filter((i) => tried || !i.missing)],
    [server, check.issues, tried],
  );

  // a new device: the free rows it does not have are dropped, and the user is told
  const changeDevice = (d: PickedDevice | undefined) => {
    setDevice(d);
    setServer([]);
    if (!d) return;
    const keep = new Set(fittableFields(d.spec, t, lang).map((f) => f.path));
    const dropped = free.filter((r) => !keep.has(r.path));
    if (dropped.length) {
      setFree(free.filter((r) => keep.has(r.path)).map((r) => (r.tie && !keep.has(r.tie) ? { ...r, tie: '' } : r)));
      message.info(t('fit.free.dropped', { n: dropped.length }));
    }
  };
  const changeCurves = useCallback((f: (previous: FitCurveEntry[]) => FitCurveEntry[]) => {
    setCurves(f);
    setServer([]);
  }, []);

  // J-V curves and EQE spectra on plots of their own: their axes differ
  const plot = useMemo(() => previewSeries(curves, previews, t), [curves, previews, t]);

  const deviceTemperatureK = (device?.spec as { electrical?: { temperatureK?: number } } | undefined)?.electrical
    ?.temperatureK;
  const defaultName = () => {
    const what = free
      .filter((r) => !r.tie)
      .map((r) => fields.find((f) => f.path === r.path)?.symbol || '')
      .filter(Boolean)
      .join(', ');
    return t('fit.form.defaultName', { device: deviceName(device?.spec) || device?.label || '', what }).slice(0, 100);
  };

  const submit = async () => {
    setTried(true);
    setServer([]);
    if (!check.job) {
      message.error(t('fit.err.invalid'));
      return;
    }
    setBusy(true);
    try {
      const { id } = await fitApi.submit(check.job, name.trim() || defaultName(), priority);
      message.success(t('fit.form.submitted', { id }));
      navigate(`/plat/rstfit/${id}`);
    } catch (e) {
      if (e instanceof ApiError) {
        const found = serverIssues(
          e.answer.data,
          lang,
          labels,
          curves.map((c) => c.kind),
        );
        setServer(found.length ? found : [{ at: { kind: 'general' }, text: e.message }]);
        message.error(t('fit.err.refused', { msg: e.message }));
      } else if (e instanceof NetworkError) message.error(t('common.networkError'));
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const general = issues.filter((i) => i.at.kind === 'general' && !i.warning);
  const budgetMessage = (field: 'evaluations' | 'seconds') =>
    messageAt(issues, (a) => a.kind === 'budget' && a.field === field);
  const blockedCount = check.issues.filter((i) => !i.warning).length;

  return (
    <div data-testid="calc-fit-page">
      <PageHeader title={t('page.calcFit')} subtitle={t('fit.form.subtitle')} />
      {loadError && (
        <Alert
          type="error"
          showIcon
          title={t('fit.form.loadFailed', { msg: loadError })}
          className="form-hint"
          data-testid="fit-load-error"
        />
      )}
      <Form layout="vertical" component="div">
        <Card title={t('fit.form.device')} className="form-card" style={CARD}>
          <FitDevicePicker
            value={device}
            onChange={changeDevice}
            error={messageAt(issues, (a) => a.kind === 'device').error}
          />
        </Card>

        <Card title={t('fit.form.curves')} className="form-card" style={CARD}>
          <FitCurveList
            entries={curves}
            onChange={changeCurves}
            previews={previews}
            deviceTemperatureK={typeof deviceTemperatureK === 'number' ? deviceTemperatureK : undefined}
            device={device?.spec}
            message={(k, field) => messageAt(issues, (a) => a.kind === 'curve' && a.index === k && a.field === field)}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('fit.curve.previewAll')}
          </Typography.Title>
          {plot.jv.length + plot.eqe.length + plot.cv.length + plot.cf.length > 0 ? (
            <Suspense fallback={<Loading />}>
              {plot.jv.length > 0 && (
                <LinePlot
                  testid="fit-curves-plot"
                  title={t('fit.curve.previewJv')}
                  fileName="measured-curves"
                  x={{ label: t('circuit.curve.voltageAxis'), unit: 'V' }}
                  y={{ label: t('circuit.curve.currentAxis'), unit: 'mA/cm²' }}
                  series={plot.jv}
                  height={340}
                  logToggle
                  jv
                />
              )}
              {plot.eqe.length > 0 && (
                <LinePlot
                  testid="fit-eqe-curves-plot"
                  title={t('fit.curve.previewEqe')}
                  fileName="measured-eqe"
                  x={{ label: t('fit.result.wavelengthAxis'), unit: 'nm' }}
                  y={{ label: t('fit.result.eqeAxis'), unit: '%' }}
                  series={plot.eqe}
                  height={300}
                />
              )}
              {(['cv', 'cf'] as const).map((kind) => (
                <CapacitancePlot
                  key={kind}
                  kind={kind}
                  testid={`fit-${kind}-curves-plot`}
                  title={t(`fit.cap.preview.${kind}`)}
                  fileName={`measured-${kind}`}
                  series={plot[kind]}
                />
              ))}
            </Suspense>
          ) : (
            <Typography.Paragraph type="secondary">{t('fit.curve.previewEmpty')}</Typography.Paragraph>
          )}
        </Card>

        <Card title={t('fit.form.free')} className="form-card" style={CARD}>
          <FitFreeTable
            fields={fields}
            rows={free}
            onChange={(rows) => {
              setFree(rows);
              setServer([]);
            }}
            message={(k, field) => messageAt(issues, (a) => a.kind === 'free' && a.index === k && a.field === field)}
          />
        </Card>

        <Card title={t('fit.form.budget')} className="form-card" style={CARD}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('fit.budget.evaluations')}
                tooltip={t('fit.budget.evaluationsTip')}
                htmlFor="fit-budget-evaluations"
                validateStatus={budgetMessage('evaluations').error ? 'error' : undefined}
                help={budgetMessage('evaluations').error}
              >
                <Input
                  id="fit-budget-evaluations"
                  inputMode="numeric"
                  addonAfter={t('fit.budget.runs')}
                  value={budget.evaluations}
                  onChange={(e) => setBudget((b) => ({ ...b, evaluations: e.target.value }))}
                  data-testid="fit-budget-evaluations"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('fit.budget.seconds')}
                htmlFor="fit-budget-seconds"
                validateStatus={budgetMessage('seconds').error ? 'error' : undefined}
                help={budgetMessage('seconds').error}
              >
                <Input
                  id="fit-budget-seconds"
                  inputMode="decimal"
                  addonAfter="s"
                  value={budget.seconds}
                  onChange={(e) => setBudget((b) => ({ ...b, seconds: e.target.value }))}
                  data-testid="fit-budget-seconds"
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" data-testid="fit-budget-explain">
            {t('fit.budget.explain', {
              n: budget.evaluations || '–',
              s: budget.seconds || '–',
              maxN: DEVICE_FIT_MAX_EVALUATIONS,
              maxS: DEVICE_FIT_MAX_SECONDS,
            })}
          </Typography.Paragraph>
        </Card>

        {general.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="form-hint"
            style={CARD}
            data-testid="fit-general-errors"
            title={t('fit.err.invalid')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {general.map((i) => (
                  <li key={i.text}>{i.text}</li>
                ))}
              </ul>
            }
          />
        )}
        {server.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="form-hint"
            style={CARD}
            data-testid="fit-server-errors"
            title={t('fit.err.serverTitle')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {server.map((i) => (
                  <li key={`${JSON.stringify(i.at)}${i.text}`}>{i.text}</li>
                ))}
              </ul>
            }
          />
        )}

        <Card className="form-card" style={CARD} data-testid="fit-submit-card">
          <Row gutter={16} align="bottom">
            <Col xs={24} md={12}>
              <Form.Item label={t('fit.form.name')} htmlFor="fit-name">
                <Input
                  id="fit-name"
                  maxLength={100}
                  value={name}
                  placeholder={device ? defaultName() : t('fit.form.namePlaceholder')}
                  onChange={(e) => setName(e.target.value)}
                  data-testid="fit-name"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item>
                <Space wrap>
                  <QueuePriority checked={priority} onChange={setPriority} />
                  <Button
                    type="primary"
                    icon={<ThunderboltOutlined />}
                    loading={busy}
                    onClick={() => void submit()}
                    data-testid="fit-submit"
                  >
                    {t('fit.form.submit')}
                  </Button>
                </Space>
              </Form.Item>
            </Col>
          </Row>
          {tried && blockedCount > 0 && (
            <Typography.Paragraph type="danger" style={{ margin: 0 }} data-testid="fit-submit-blocked">
              {t('fit.form.blocked', { count: blockedCount })}
            </Typography.Paragraph>
          )}
        </Card>
      </Form>
    </div>
  );
}
