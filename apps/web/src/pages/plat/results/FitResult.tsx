import type { CalcDetail, DeviceFitProgress } from '@pvforge/contracts';
import type { DeviceFitResult } from '@pvforge/engine';
import { formatValue } from '@pvforge/params';
import type { ButtonProps } from 'antd';
import { Alert, Card, Col, Descriptions, Progress, Row, Space, Table, Tag, Typography } from 'antd';
import { Fragment, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/Loading';
import { SaveDeviceButton } from '../../../components/library/SaveDeviceButton';
import type { PlotAxis, PlotSeries } from '../../../components/plots/types';
import { paramLang } from '../../../lib/params';
import { CapacitancePlot } from '../calc/CapacitancePlot';
import { type CurveKind, deviceName } from '../calc/fit-model';
import {
  type CurveRow,
  correlationCells,
  curveRows,
  curveSeries,
  hasDarkCurve,
  hasKind,
  historySeries,
  jobCurves,
  liveParameters,
  liveSeries,
  type ParameterRow,
  parameterRows,
  readFitResult,
  residualSeries,
  variableNames,
} from './fit-data';
import { type LiveProgress, ResultShell } from './ResultShell';

const LinePlot = lazy(() => import('../../../components/plots/LinePlot'));
const HeatmapPlot = lazy(() => import('../../../components/plots/HeatmapPlot'));

const STATUS_COLOR: Record<DeviceFitResult['status'], string> = {
  converged: 'success',
  budget: 'warning',
  time: 'warning',
  cancelled: 'default',
};

/** The axes of each kind of curve: a J-V's current density against voltage, an EQE against wavelength. */
function curveAxes(t: (key: string) => string): Record<'jv' | 'eqe', { x: PlotAxis; y: PlotAxis }> {
  return {
    jv: {
      x: { label: t('circuit.curve.voltageAxis'), unit: 'V' },
      y: { label: t('circuit.curve.currentAxis'), unit: 'mA/cm²' },
    },
    eqe: {
      x: { label: t('fit.result.wavelengthAxis'), unit: 'nm' },
      y: { label: t('fit.result.eqeAxis'), unit: '%' },
    },
  };
}

/** The capacitance curves, each on plots of its own (C-V against V, C-f against a log frequency). */
const CAPACITANCE_KINDS = ['cv', 'cf'] as const;

/** What each kind of curve is called in the table of curves. */
const KIND_NAME: Record<CurveKind, string> = {
  jv: 'fit.curve.kindJv',
  eqe: 'fit.curve.kindEqe',
  cv: 'fit.curve.kindCv',
  cf: 'fit.curve.kindCf',
};

/** A value with its unit, as people write it. */
const withUnit = (x: number, unit: string) => (unit ? `${formatValue(x)} ${unit}` : formatValue(x));

/** Seconds of a millisecond count, as a budget is read. */
const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 1 : 0);

/**
 * What a running fit shows under the progress card: its stage, the runs spent of its budget, the
 * time spent of its limit, the chi-square and the values of the best point so far, and the measured
 * curves with the model's at that point, redrawn as the live connection reports.
 */
function FitLive({ detail, fit }: { detail: CalcDetail; fit: DeviceFitProgress | undefined }) {
  const { t, i18n } = useTranslation();
  const curves = useMemo(() => jobCurves(detail.input), [detail.input]);
  const params = useMemo(() => liveParameters(detail.input, t, i18n.language), [detail.input, t, i18n.language]);
  const jv = useMemo(() => liveSeries(curves, fit, t, 'jv'), [curves, fit, t]);
  const eqe = useMemo(() => liveSeries(curves, fit, t, 'eqe'), [curves, fit, t]);
  const cap = useMemo(
    () => ({ cv: liveSeries(curves, fit, t, 'cv'), cf: liveSeries(curves, fit, t, 'cf') }),
    [curves, fit, t],
  );
  const axes = curveAxes(t);
  return (
    <Card title={t('fit.live.title')} data-testid="fit-live">
      {!fit ? (
        <Typography.Paragraph type="secondary" data-testid="fit-live-waiting">
          {t('fit.live.waiting')}
        </Typography.Paragraph>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            data-testid="fit-live-state"
            items={[
              {
                key: 'stage',
                label: t('fit.live.stage'),
                children: <span data-testid="fit-live-stage">{t(`fit.stage.${fit.stage}`)}</span>,
              },
              {
                key: 'runs',
                label: t('fit.live.runs'),
                children: (
                  <span data-testid="fit-live-runs">
                    {t('fit.live.of', { n: fit.evaluations, max: fit.maxEvaluations })}
                  </span>
                ),
              },
              {
                key: 'time',
                label: t('fit.live.time'),
                children: (
                  <span data-testid="fit-live-time">
                    {t('fit.live.seconds', { s: seconds(fit.elapsedMs), max: fit.maxSeconds })}
                  </span>
                ),
              },
              {
                key: 'chi',
                label: t('fit.result.chiSquare'),
                children: (
                  <span data-testid="fit-live-chi">{fit.chiSquare === null ? '–' : formatValue(fit.chiSquare)}</span>
                ),
              },
            ]}
          />
          <Progress
            percent={Math.round((100 * fit.evaluations) / Math.max(1, fit.maxEvaluations))}
            size="small"
            format={() => t('fit.live.runsShort', { n: fit.evaluations, max: fit.maxEvaluations })}
            aria-label={t('fit.live.runs')}
          />
          <Progress
            percent={Math.min(100, Math.round(fit.elapsedMs / (10 * Math.max(1, fit.maxSeconds))))}
            size="small"
            format={() => `${seconds(fit.elapsedMs)} / ${fit.maxSeconds} s`}
            aria-label={t('fit.live.time')}
          />
          <Table
            size="small"
            pagination={false}
            rowKey="path"
            data-testid="fit-live-values"
            dataSource={params.map((p, i) => ({ ...p, value: fit.values?.[i] }))}
            columns={[
              { title: t('fit.result.param'), dataIndex: 'title', key: 'title' },
              {
                title: t('fit.live.current'),
                key: 'value',
                render: (_, p) => (p.value === undefined ? '–' : withUnit(p.value, p.unit)),
              },
            ]}
          />
        </Space>
      )}
      <Suspense fallback={<Loading />}>
        {jv.length > 0 && (
          <LinePlot
            testid="fit-live-plot"
            title={t('fit.live.plot')}
            fileName={`fit-${detail.record.id}-live`}
            {...axes.jv}
            series={jv}
            height={340}
            logToggle={hasDarkCurve({ curves })}
            jv
          />
        )}
        {eqe.length > 0 && (
          <LinePlot
            testid="fit-live-eqe-plot"
            title={t('fit.live.eqePlot')}
            fileName={`fit-${detail.record.id}-live-eqe`}
            {...axes.eqe}
            series={eqe}
            height={300}
          />
        )}
        {CAPACITANCE_KINDS.map((kind) => (
          <CapacitancePlot
            key={kind}
            kind={kind}
            testid={`fit-live-${kind}-plot`}
            title={t(`fit.cap.livePlot.${kind}`)}
            fileName={`fit-${detail.record.id}-live-${kind}`}
            series={cap[kind]}
          />
        ))}
      </Suspense>
    </Card>
  );
}

/**
 * The measured and fitted curves with their weighted residuals: J-V curves on their plots (mA/cm²
 * against V), EQE spectra on theirs (% against nm), C-V on theirs (nF/cm² against V), C-f on theirs
 * (nF/cm² against a log frequency in Hz), each plot drawn only when the fit has curves of its kind.
 */
function FitCurves({ r, id }: { r: DeviceFitResult; id: number }) {
  const { t } = useTranslation();
  const axes = curveAxes(t);
  const residualAxis = { label: t('fit.result.residual'), unit: '' };
  const jv = useMemo(() => ({ curves: curveSeries(r, t, 'jv'), residuals: residualSeries(r, 'jv') }), [r, t]);
  const eqe = useMemo(() => ({ curves: curveSeries(r, t, 'eqe'), residuals: residualSeries(r, 'eqe') }), [r, t]);
  const cap = useMemo(
    () =>
      Object.fromEntries(
        CAPACITANCE_KINDS.map((k) => [k, { curves: curveSeries(r, t, k), residuals: residualSeries(r, k) }]),
      ) as Record<'cv' | 'cf', { curves: PlotSeries[]; residuals: PlotSeries[] }>,
    [r, t],
  );
  return (
    <Suspense fallback={<Loading />}>
      {hasKind(r, 'jv') && (
        <LinePlot
          testid="fit-jv-plot"
          title={t('fit.result.curvesTitle')}
          fileName={`fit-${id}-jv`}
          {...axes.jv}
          series={jv.curves}
          height={380}
          logToggle={hasDarkCurve(r)}
          jv
        />
      )}
      {jv.residuals.length > 0 && (
        <LinePlot
          testid="fit-residual-plot"
          title={t('fit.result.residualsTitle')}
          fileName={`fit-${id}-residuals`}
          x={axes.jv.x}
          y={residualAxis}
          series={jv.residuals}
          height={240}
        />
      )}
      {hasKind(r, 'eqe') && (
        <LinePlot
          testid="fit-eqe-plot"
          title={t('fit.result.eqeTitle')}
          fileName={`fit-${id}-eqe`}
          {...axes.eqe}
          series={eqe.curves}
          height={340}
        />
      )}
      {eqe.residuals.length > 0 && (
        <LinePlot
          testid="fit-eqe-residual-plot"
          title={t('fit.result.eqeResidualsTitle')}
          fileName={`fit-${id}-eqe-residuals`}
          x={axes.eqe.x}
          y={residualAxis}
          series={eqe.residuals}
          height={240}
        />
      )}
      {CAPACITANCE_KINDS.map((kind) => (
        <Fragment key={kind}>
          <CapacitancePlot
            kind={kind}
            testid={`fit-${kind}-plot`}
            title={t(`fit.cap.resultTitle.${kind}`)}
            fileName={`fit-${id}-${kind}`}
            series={cap[kind].curves}
            height={340}
          />
          <CapacitancePlot
            kind={kind}
            testid={`fit-${kind}-residual-plot`}
            title={t(`fit.cap.residualsTitle.${kind}`)}
            fileName={`fit-${id}-${kind}-residuals`}
            series={cap[kind].residuals}
            residual
            height={240}
          />
        </Fragment>
      ))}
    </Suspense>
  );
}

/** Each curve's chi-square and rms deviation: mA/cm² for a J-V, percentage points for an EQE, nF/cm² for a C-V or C-f. */
function CurveTable({ r }: { r: DeviceFitResult }) {
  const { t } = useTranslation();
  const rows = useMemo(() => curveRows(r, t), [r, t]);
  return (
    <>
      <Typography.Title level={5}>{t('fit.result.curveTable')}</Typography.Title>
      <Table<CurveRow>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        data-testid="fit-curve-table"
        columns={[
          { title: t('fit.result.curveName'), dataIndex: 'label', key: 'label' },
          {
            title: t('fit.result.curveKind'),
            key: 'kind',
            render: (_, c) => t(KIND_NAME[c.kind]),
          },
          { title: t('fit.result.curvePoints'), dataIndex: 'points', key: 'points' },
          {
            title: t('fit.result.chiSquare'),
            key: 'chi',
            render: (_, c) => (c.chiSquare === null ? '–' : formatValue(c.chiSquare)),
          },
          {
            title: t('fit.result.rms'),
            key: 'rms',
            render: (_, c) => (
              <span data-testid={`fit-curve-rms-${c.key}`}>
                {c.rms === null ? '–' : withUnit(Number(c.rms.toPrecision(3)), c.rmsUnit)}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}

/** The interval column: low – high, or that the data do not determine it, and why. */
function Interval({ row }: { row: ParameterRow }) {
  const { t } = useTranslation();
  if (row.low !== null && row.high !== null)
    return (
      <span>
        {formatValue(row.low)} – {formatValue(row.high)}
        {row.unit ? ` ${row.unit}` : ''}
      </span>
    );
  return (
    <Space orientation="vertical" size={0}>
      <Tag color="orange">{t('fit.result.notDetermined')}</Tag>
      {row.statement && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.statement}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The succeeded fit: how it ended, the curves and residuals, the parameters, correlations, history. */
function FitView({ detail }: { detail: CalcDetail }) {
  const { t, i18n } = useTranslation();
  const L = paramLang(i18n.language);
  // read once per stored result: an older result's curves get their kind in a copy, and the plots'
  // series below are worked out again only when the result changes
  const r = useMemo(() => readFitResult(detail.result), [detail.result]);
  const rows = useMemo(() => (r ? parameterRows(r, t, i18n.language) : []), [r, t, i18n.language]);
  const names = useMemo(() => (r ? variableNames(r, t, i18n.language) : []), [r, t, i18n.language]);
  const hist = useMemo(() => (r ? historySeries(r, t) : []), [r, t]);
  const corr = useMemo(() => (r ? correlationCells(r) : { xs: [], values: [] }), [r]);
  if (!r) return <Alert type="warning" showIcon title={t('fit.result.unreadable')} data-testid="fit-unreadable" />;
  const pct = `${Math.round(r.confidence * 100)} %`;
  const id = detail.record.id;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="fit-result">
      <Card title={t('fit.result.summary')} data-testid="fit-summary">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={STATUS_COLOR[r.status]} data-testid="fit-status" data-status={r.status}>
              {t(`fit.status.${r.status}`)}
            </Tag>
            <Typography.Text type="secondary">{t(`fit.statusSays.${r.status}`)}</Typography.Text>
          </Space>
          {r.messages.length > 0 && (
            <Alert
              type={r.status === 'converged' ? 'info' : 'warning'}
              showIcon
              data-testid="fit-messages"
              title={t('fit.result.messages')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {r.messages.map((m) => (
                    <li key={m.en}>{m[L]}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            data-testid="fit-figures"
            items={[
              {
                key: 'chi',
                label: t('fit.result.chiSquare'),
                children: r.chiSquare === null ? '–' : formatValue(r.chiSquare),
              },
              {
                key: 'red',
                label: t('fit.result.reducedChiSquare'),
                children: r.reducedChiSquare === null ? '–' : formatValue(r.reducedChiSquare),
              },
              {
                key: 'points',
                label: t('fit.result.points'),
                children: t('fit.result.pointsValue', { n: r.points, dof: r.degreesOfFreedom }),
              },
              {
                key: 'runs',
                label: t('fit.result.runs'),
                children: (
                  <span data-testid="fit-budget-used">
                    {t('fit.live.of', { n: r.evaluations, max: r.maxEvaluations })}
                  </span>
                ),
              },
              {
                key: 'time',
                label: t('fit.result.time'),
                children: t('fit.live.seconds', { s: seconds(r.elapsedMs), max: r.maxSeconds }),
              },
              { key: 'iterations', label: t('fit.result.iterations'), children: r.iterations },
              {
                key: 'noise',
                label: t('fit.result.noiseFactor'),
                children: r.noiseFactor === null ? '–' : formatValue(r.noiseFactor),
              },
              { key: 'confidence', label: t('fit.result.confidence'), children: pct },
            ]}
          />
        </Space>
      </Card>

      <Card title={t('fit.result.curves')}>
        <FitCurves r={r} id={id} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('fit.result.residualNote')}
        </Typography.Paragraph>
        <CurveTable r={r} />
      </Card>

      <Card title={t('fit.result.parameters')}>
        <Table<ParameterRow>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={rows}
          scroll={{ x: true }}
          data-testid="fit-parameters"
          columns={[
            {
              title: t('fit.result.param'),
              key: 'param',
              render: (_, p) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{p.label}</Typography.Text>
                  {p.group && <Typography.Text type="secondary">{p.group}</Typography.Text>}
                  {p.tiedTo && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('fit.result.tiedTo', { name: p.tiedTo })}
                    </Typography.Text>
                  )}
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 11 }}
                    className="fit-path-hint"
                    title={t('fit.free.pathHint')}
                  >
                    {p.path}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('fit.result.value'),
              key: 'value',
              render: (_, p) => <span data-testid={`fit-value-${p.key}`}>{withUnit(p.value, p.unit)}</span>,
            },
            {
              title: t('fit.result.interval', { pct }),
              key: 'interval',
              render: (_, p) => <Interval row={p} />,
            },
            {
              title: t('fit.result.identifiable'),
              key: 'identifiable',
              render: (_, p) =>
                p.identifiable ? (
                  <Tag color="green">{t('fit.result.yes')}</Tag>
                ) : (
                  <Tag color="orange">{t('fit.result.no')}</Tag>
                ),
            },
            { title: t('fit.result.start'), key: 'start', render: (_, p) => withUnit(p.start, p.unit) },
            {
              title: t('fit.result.bounds'),
              key: 'bounds',
              render: (_, p) => (
                <span>
                  {formatValue(p.min)} – {formatValue(p.max)}
                  {p.unit ? ` ${p.unit}` : ''}{' '}
                  <Typography.Text type="secondary">({t(`fit.free.${p.scale}`)})</Typography.Text>
                </span>
              ),
            },
            {
              title: t('fit.result.atBound'),
              key: 'atBound',
              render: (_, p) =>
                p.atBound ? (
                  <Tag color="red" data-testid={`fit-at-bound-${p.key}`}>
                    {t(p.atBound === 'min' ? 'fit.result.atBoundMin' : 'fit.result.atBoundMax')}
                  </Tag>
                ) : (
                  '–'
                ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('fit.result.intervalNote', { pct })}
        </Typography.Paragraph>
      </Card>

      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('fit.result.correlation')} style={{ height: '100%' }}>
            {names.length >= 2 ? (
              <Suspense fallback={<Loading />}>
                <HeatmapPlot
                  testid="fit-correlation"
                  title={t('fit.result.correlationTitle')}
                  fileName={`fit-${id}-correlation`}
                  x={{ label: t('fit.result.param'), unit: '' }}
                  y={{ label: t('fit.result.param'), unit: '' }}
                  z={{ label: t('fit.result.correlationZ'), unit: '', min: -1, max: 1 }}
                  xs={corr.xs}
                  ys={corr.xs}
                  values={corr.values}
                  xNames={names}
                  yNames={names}
                  spanCells
                  height={360}
                />
              </Suspense>
            ) : (
              <Typography.Paragraph type="secondary">{t('fit.result.correlationOne')}</Typography.Paragraph>
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('fit.result.correlationNote')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('fit.result.history')} style={{ height: '100%' }}>
            <Suspense fallback={<Loading />}>
              <LinePlot
                testid="fit-history"
                title={t('fit.result.historyTitle')}
                fileName={`fit-${id}-chi-square`}
                x={{ label: t('fit.result.runsAxis'), unit: '', integer: true }}
                y={{ label: t('fit.result.chiSquare'), unit: '', log: true }}
                series={hist}
                height={360}
              />
            </Suspense>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** "Save the fitted device to my library": the device with the fitted values, under a name. */
function SaveFitted({ detail }: { detail: CalcDetail }) {
  const { t } = useTranslation();
  const r = readFitResult(detail.result);
  if (!r?.device) return null;
  const base = deviceName(r.device) || detail.record.name;
  return (
    <SaveDeviceButton
      spec={r.device}
      defaultName={t('fit.result.savedName', { name: base }).slice(0, 100)}
      label={t('fit.result.save')}
      buttonProps={{ 'data-testid': 'fit-save-device' } as ButtonProps}
    />
  );
}

/** rstfit/:id: a device fit, followed live while it runs, then its result. */
export default function FitResult() {
  const { t } = useTranslation();
  return (
    <ResultShell
      kinds={['fit']}
      title={t('page.rstfit')}
      partial
      running={(detail: CalcDetail, live: LiveProgress | null) => <FitLive detail={detail} fit={live?.fit} />}
      actions={(detail) => <SaveFitted detail={detail} />}
    >
      {(detail) => <FitView detail={detail} />}
    </ResultShell>
  );
}
