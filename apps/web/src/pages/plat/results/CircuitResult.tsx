/**
 * rstc/:id and rstc2/:id — results of circuit calculations: simulated curves, or measured and
 * fitted curves with residuals, parameters with their intervals and whether the data determine
 * them, fit quality, and (modified model) what the recombination split rests on, the split of each
 * curve and its losses: the PCE with each loss removed and, with a spectrum, the efficiency-loss
 * waterfall from the incident power to the device PCE.
 */
import type { CalcDetail } from '@pvforge/contracts';
import { Alert, Card, Col, Descriptions, Row, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries } from '../../../components/plots/types';
import WaterfallPlot from '../../../components/plots/WaterfallPlot';
import { localWarning } from './engine-warnings';
import { ResultShell, Warnings } from './ResultShell';
import {
  type CircuitKeyFigures,
  type CircuitView,
  type CurveFitView,
  type FitParam,
  type LossView,
  type MdmCurveView,
  readCircuit,
  waterfallSteps,
} from './result-data';

/** Test id suffix of curve k: none for the first, "-2", "-3", ... after (as the form's). */
const sfx = (k: number) => (k === 0 ? '' : `-${k + 1}`);

/**
 * The key figures, one row a figure and one column a source (model, data): it sits in a narrow
 * column beside a plot, where eight figure columns were squeezed to a character a line (issue 29).
 */
function KeyFiguresTable({
  rows,
  testid = 'rstc-figures',
}: {
  rows: { key: string; source: string; f: CircuitKeyFigures | undefined }[];
  testid?: string;
}) {
  const { t } = useTranslation();
  const f2 = (x: number | undefined, d = 2) => (x === undefined ? '–' : x.toFixed(d));
  const sources = rows.filter((r) => r.f);
  const figures: { key: string; name: string; value: (f: CircuitKeyFigures) => string; strong?: boolean }[] = [
    { key: 'jsc', name: 'Jsc (mA/cm²)', value: (f) => f2(f.jscMaCm2) },
    { key: 'voc', name: 'Voc (V)', value: (f) => f2(f.vocV, 3) },
    { key: 'ff', name: 'FF (%)', value: (f) => f2(f.ff === undefined ? undefined : f.ff * 100) },
    { key: 'pce', name: 'PCE (%)', value: (f) => f2(f.pcePercent), strong: true },
    { key: 'vmp', name: 'Vmp (V)', value: (f) => f2(f.vmpV, 3) },
    { key: 'jmp', name: 'Jmp (mA/cm²)', value: (f) => f2(f.jmpMaCm2) },
    { key: 'pin', name: 'Pin (mW/cm²)', value: (f) => f2(f.pinMwCm2, 1) },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      data-testid={testid}
      tableLayout="auto"
      scroll={{ x: 'max-content' }}
      dataSource={figures}
      columns={[
        {
          title: t('results.circuit.figure'),
          dataIndex: 'name',
          render: (n: string) => <span style={{ whiteSpace: 'nowrap' }}>{n}</span>,
        },
        ...sources.map((r) => ({
          key: r.key,
          title: <span style={{ whiteSpace: 'nowrap' }}>{r.source}</span>,
          align: 'right' as const,
          render: (_: unknown, x: (typeof figures)[number]) => (x.strong ? <b>{x.value(r.f!)}</b> : x.value(r.f!)),
        })),
      ]}
    />
  );
}

function useCircuitNames() {
  const { t, i18n } = useTranslation();
  const tr = (group: string, key: string) =>
    i18n.exists(`results.circuit.${group}.${key}`) ? t(`results.circuit.${group}.${key}`) : key;
  return { t, tr };
}

function RemovalTable({ removal, testid }: { removal: LossView['removal']; testid: string }) {
  const { t, tr } = useCircuitNames();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="mechanism"
      dataSource={removal}
      data-testid={testid}
      columns={[
        { title: t('results.circuit.lossRemoved'), dataIndex: 'mechanism', render: (m: string) => tr('mechanisms', m) },
        { title: 'PCE (%)', dataIndex: 'pcePercent', align: 'right', render: (v: number) => fmtNum(v) },
        {
          title: t('results.circuit.gain'),
          dataIndex: 'gainPercent',
          align: 'right',
          render: (v: number) => fmtNum(v),
        },
      ]}
    />
  );
}

function LossPanels({ l, fileBase, suffix = '' }: { l: LossView; fileBase: string; suffix?: string }) {
  const { t, tr } = useCircuitNames();
  const steps = useMemo(
    () =>
      waterfallSteps(l, {
        start: t('results.circuit.start'),
        end: t('results.circuit.end'),
        step: (n) => tr('steps', n),
      }),
    [l, t, tr],
  );
  const mppRows = [
    'deliveredMwCm2',
    'radiativeMwCm2',
    'bulkMwCm2',
    'interfaceMwCm2',
    'augerMwCm2',
    'shuntMwCm2',
    'seriesMwCm2',
    'totalMwCm2',
  ]
    .filter((k) => l.mpp[k] !== undefined)
    .map((k) => ({ key: k, name: tr('channels', k), v: l.mpp[k]! }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {l.pin !== undefined && (
        <Typography.Text type="secondary" data-testid={`rstc-loss-pin${suffix}`}>
          {t('results.circuit.lossPin', { pin: fmtNum(l.pin), pce: fmtNum(l.pcePercent) })}
        </Typography.Text>
      )}
      {l.notes.map((n) => (
        <Alert key={n} type="info" showIcon title={lossNote(n, t)} />
      ))}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small">
            <WaterfallPlot
              testid={`rstc-waterfall${suffix}`}
              title={t('results.circuit.waterfall')}
              fileName={`${fileBase}-loss-waterfall${suffix}`}
              y={{ label: t('results.circuit.efficiency'), unit: '%' }}
              steps={steps}
              height={420}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Card size="small" title={t('results.circuit.removal')}>
              <RemovalTable removal={l.removal} testid={`rstc-removal${suffix}`} />
            </Card>
            {mppRows.length > 0 && (
              <Card size="small" title={t('results.circuit.mpp')}>
                <Table
                  size="small"
                  pagination={false}
                  dataSource={mppRows}
                  columns={[
                    { title: t('results.circuit.channel'), dataIndex: 'name' },
                    {
                      title: t('results.circuit.power'),
                      dataIndex: 'v',
                      align: 'right',
                      render: (v: number) => fmtNum(v),
                    },
                  ]}
                />
              </Card>
            )}
          </Space>
        </Col>
      </Row>
    </Space>
  );
}

/**
 * The engine's notes of a loss analysis in the UI's language, recognised by their wording (the
 * engine has no language); an unknown note is shown as written.
 */
function lossNote(note: string, t: (k: string, v?: Record<string, string>) => string): string {
  const table = /^the spectrum table.* carries (\S+) of the incident (\S+) mW\/cm\^2/.exec(note);
  if (table) return t('results.circuit.lossNotes.tableShort', { table: table[1]!, pin: table[2]! });
  const j0 = /^J0,rad = (\S+) mA\/cm\^2 is below the detailed-balance value (\S+) mA\/cm\^2/.exec(note);
  if (j0) return t('results.circuit.lossNotes.j0RadBelow', { j0: j0[1]!, sq: j0[2]! });
  return note;
}

/** The interval a parameter is reported with, or what the data say about it when they do not pin it. */
function interval(p: FitParam, t: (k: string, v?: Record<string, string>) => string): string {
  if (p.fixed) return '–';
  const lo = Number.isFinite(p.profileLow) ? p.profileLow : p.ciLow;
  const hi = Number.isFinite(p.profileHigh) ? p.profileHigh : p.ciHigh;
  switch (p.identifiability) {
    case 'upper-limit':
      return `≤ ${fmtNum(hi)}`;
    case 'lower-limit':
      return `≥ ${fmtNum(lo)}`;
    case 'not-determined':
      return t('results.circuit.notDetermined');
    default:
      return `${fmtNum(lo)} … ${fmtNum(hi)}`;
  }
}

function ParamsTable({
  params,
  labels,
  level,
  known = [],
}: {
  params: FitParam[];
  labels: string[];
  level: number;
  /** Keys held because they are known of the absorber (the split rests on them), not just held. */
  known?: string[];
}) {
  const { t, i18n } = useTranslation();
  const several = labels.length > 1;
  const pct = `${Number((level * 100).toFixed(2))} %`;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(p) => `${p.key}-${p.curve ?? 'all'}`}
      data-testid="rstc-params"
      dataSource={params}
      scroll={{ x: true }}
      columns={[
        {
          title: t('results.circuit.param'),
          dataIndex: 'key',
          render: (k: string) =>
            i18n.exists(`results.circuit.paramSymbol.${k}`) ? t(`results.circuit.paramSymbol.${k}`) : k,
        },
        ...(several
          ? [
              {
                title: t('results.circuit.curve'),
                key: 'curve',
                render: (_: unknown, p: FitParam) =>
                  p.curve === undefined ? t('results.circuit.allCurves') : (labels[p.curve] ?? String(p.curve + 1)),
              },
            ]
          : []),
        {
          title: t('results.circuit.description'),
          dataIndex: 'description',
          // The engine describes its parameters in English; known ones read in the UI language.
          render: (d: string, p: FitParam) =>
            i18n.exists(`results.circuit.paramDesc.${p.key}`) ? t(`results.circuit.paramDesc.${p.key}`) : d,
        },
        { title: t('results.circuit.value'), dataIndex: 'value', align: 'right', render: (x: number) => fmtNum(x) },
        {
          title: t(
            params.some((p) => Number.isFinite(p.profileLow)) ? 'results.circuit.profile' : 'results.circuit.ci',
            {
              level: pct,
            },
          ),
          key: 'interval',
          align: 'right',
          render: (_: unknown, p: FitParam) => interval(p, t),
        },
        { title: t('results.circuit.unit'), dataIndex: 'unit' },
        {
          title: '',
          key: 'tags',
          render: (_: unknown, p: FitParam) => (
            <>
              {p.fixed && (
                <Tag color={known.includes(p.key) ? 'blue' : undefined}>
                  {t(known.includes(p.key) ? 'results.circuit.known' : 'results.circuit.fixed')}
                </Tag>
              )}
              {p.atBound && (
                <Tag color="warning">
                  {t(p.atBound === 'lower' ? 'results.circuit.boundLower' : 'results.circuit.boundUpper')}
                </Tag>
              )}
              {p.identifiability && p.identifiability !== 'determined' && (
                <Tag color="orange" data-testid={`rstc-undetermined-${p.key}`}>
                  {t(`results.circuit.identifiability.${p.identifiability}`)}
                </Tag>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

function QualityCard({ f, curves }: { f: NonNullable<CircuitView['fit']>; curves: CurveFitView[] }) {
  const { t, tr } = useCircuitNames();
  const points = curves.reduce((n, c) => n + c.V.length, 0);
  return (
    <Card size="small" title={t('results.circuit.quality')}>
      <Descriptions
        size="small"
        column={1}
        data-testid="rstc-quality"
        items={[
          { key: 'model', label: t('results.circuit.model'), children: tr('models', f.model) },
          { key: 'rmse', label: t('results.circuit.rmse'), children: `${fmtNum(f.rmse)} mA/cm²` },
          { key: 'r2', label: t('results.circuit.r2'), children: f.r2 === undefined ? '–' : f.r2.toFixed(6) },
          ...(f.residualAutocorrelation !== undefined
            ? [
                {
                  key: 'rho',
                  label: t('results.circuit.autocorrelation'),
                  children: f.residualAutocorrelation.toFixed(2),
                },
              ]
            : []),
          { key: 'it', label: t('results.circuit.iterations'), children: fmtNum(f.iterations) },
          { key: 'n', label: t('results.circuit.points'), children: points },
        ]}
      />
    </Card>
  );
}

function CurvePlots({
  c,
  fileBase,
  suffix,
  measured,
}: {
  c: CurveFitView;
  fileBase: string;
  suffix: string;
  measured?: { V: number[]; J: number[] };
}) {
  const { t } = useTranslation();
  const vAxis = { label: t('results.circuit.voltage'), unit: 'V' };
  const jAxis = { label: t('results.circuit.current'), unit: 'mA/cm²' };
  const curves = useMemo<PlotSeries[]>(() => {
    const m = measured ?? { V: c.V, J: c.measured };
    return [
      { name: t('results.circuit.measured'), x: m.V, y: m.J },
      { name: t('results.circuit.fitted'), x: c.V, y: c.fitted, dashed: true },
    ];
  }, [c, measured, t]);
  const resid = useMemo<PlotSeries[]>(() => [{ name: t('results.circuit.residual'), x: c.V, y: c.residuals }], [c, t]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small">
          <LinePlot
            testid={`rstc-curves${suffix}`}
            title={t('results.circuit.curves')}
            fileName={`${fileBase}-fit${suffix}`}
            x={vAxis}
            y={jAxis}
            series={curves}
            logToggle
            jv
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small">
          <LinePlot
            testid={`rstc-residuals${suffix}`}
            title={t('results.circuit.residuals')}
            fileName={`${fileBase}-residuals${suffix}`}
            x={vAxis}
            y={{ label: t('results.circuit.residual'), unit: 'mA/cm²' }}
            series={resid}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** Old results and the single- and two-diode fits: one curve. */
function FitPanels({ v, fileBase }: { v: CircuitView; fileBase: string }) {
  const { t } = useTranslation();
  const f = v.fit!;
  const c = f.curves[0]!;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CurvePlots c={c} fileBase={fileBase} suffix="" measured={v.measured} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('results.circuit.params')}>
            <ParamsTable params={f.params} labels={[c.label]} level={f.level} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <QualityCard f={f} curves={f.curves} />
        </Col>
      </Row>
      <Card size="small" title={t('results.circuit.keyFigures')}>
        <KeyFiguresTable
          rows={[
            { key: 'model', source: t('results.circuit.fromModel'), f: f.modelKeyFigures },
            { key: 'data', source: t('results.circuit.fromData'), f: f.dataKeyFigures },
          ]}
        />
      </Card>
    </Space>
  );
}

/** What the split rests on: the knowns, and how the parameters' intervals are to be read. */
function BasisCard({ v }: { v: CircuitView }) {
  const { t } = useTranslation();
  const k = v.knowns!;
  const bulk =
    k.bulkSource === 'fitted'
      ? t('results.circuit.basis.fitted')
      : k.bulkSource === 'lifetime' && k.yBulkPerS
        ? t('results.circuit.basis.lifetime', { y: fmtNum(k.yBulkPerS), tau: fmtNum(1e9 / (2 * k.yBulkPerS)) })
        : t('results.circuit.basis.given', { y: fmtNum(k.yBulkPerS) });
  const auger =
    k.augerSource === 'off'
      ? t('results.circuit.basis.augerOff')
      : k.augerSource === 'fitted'
        ? t('results.circuit.basis.fitted')
        : t('results.circuit.basis.augerGiven', { y: fmtNum(k.yAugerPerS) });
  return (
    <Card size="small" title={t('results.circuit.basis.title')} data-testid="rstc-basis">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'bulk', label: t('results.circuit.basis.bulk'), children: bulk },
            { key: 'auger', label: t('results.circuit.basis.auger'), children: auger },
            { key: 'nBulk', label: 'n_bulk', children: fmtNum(k.nBulk) },
            { key: 'ni', label: t('results.circuit.basis.ni'), children: `${fmtNum(k.ni)} cm⁻³` },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('circuit.knowns.explain')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="rstc-identifiability-note">
          {t('results.circuit.identifiabilityNote')}
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}

function SplitPlot({ c, fileBase, suffix }: { c: MdmCurveView; fileBase: string; suffix: string }) {
  const { t } = useTranslation();
  const series = useMemo<PlotSeries[]>(() => {
    const s = c.split;
    const out: PlotSeries[] = [
      { name: t('results.circuit.split.volume'), x: s.V, y: s.volume },
      { name: t('results.circuit.split.interface'), x: s.V, y: s.interface },
      { name: t('results.circuit.split.bulkSrh'), x: s.V, y: s.bulkSrh, dashed: true },
      { name: t('results.circuit.split.radiative'), x: s.V, y: s.radiative, dashed: true },
      { name: t('results.circuit.split.shunt'), x: s.V, y: s.shunt, dashed: true },
    ];
    if (s.auger.some((x) => x !== 0))
      out.push({ name: t('results.circuit.split.auger'), x: s.V, y: s.auger, dashed: true });
    return out;
  }, [c, t]);
  return (
    <Card size="small">
      <LinePlot
        testid={`rstc-split${suffix}`}
        title={t('results.circuit.split.title')}
        fileName={`${fileBase}-recombination-split${suffix}`}
        x={{ label: t('results.circuit.voltage'), unit: 'V' }}
        y={{ label: t('results.circuit.current'), unit: 'mA/cm²' }}
        series={series}
        logToggle
      />
    </Card>
  );
}

function MdmCurvePanel({ c, fit, k, fileBase }: { c: MdmCurveView; fit: CurveFitView; k: number; fileBase: string }) {
  const { t, tr } = useCircuitNames();
  const suffix = sfx(k);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`rstc-curve${suffix}`}>
      <Typography.Text type="secondary">
        {c.illumination === 'dark'
          ? t('results.circuit.darkCurve')
          : t('results.circuit.lightOf', { pin: fmtNum(c.pin), suns: fmtNum(c.suns) })}
        {' · '}
        {t('results.circuit.curveRmse', { rmse: fmtNum(fit.rmse) })}
      </Typography.Text>
      <CurvePlots c={fit} fileBase={fileBase} suffix={suffix} measured={c.measured} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <SplitPlot c={c} fileBase={fileBase} suffix={suffix} />
        </Col>
        <Col xs={24} xl={10}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Card size="small" title={t('results.circuit.keyFigures')}>
              <KeyFiguresTable
                testid={`rstc-figures${suffix}`}
                rows={[
                  { key: 'model', source: t('results.circuit.fromModel'), f: fit.modelKeyFigures },
                  { key: 'data', source: t('results.circuit.fromData'), f: fit.dataKeyFigures },
                ]}
              />
            </Card>
            {c.ranking.length > 0 && !c.losses && (
              <Card size="small" title={t('results.circuit.removal')}>
                <RemovalTable removal={c.removal} testid={`rstc-removal${suffix}`} />
              </Card>
            )}
            {c.ranking.length > 0 && (
              <Typography.Text data-testid={`rstc-ranking${suffix}`}>
                {t('results.circuit.ranking', { list: c.ranking.map((m) => tr('mechanisms', m)).join(' > ') })}
              </Typography.Text>
            )}
          </Space>
        </Col>
      </Row>
      {c.losses && <LossPanels l={c.losses} fileBase={fileBase} suffix={suffix} />}
      {c.lossesSkipped && (
        <Alert
          type="warning"
          showIcon
          title={t('results.circuit.lossesSkipped')}
          description={
            c.lossesSkippedMessages?.length
              ? c.lossesSkippedMessages.map((m) => localWarning(m, t)).join('；')
              : c.lossesSkipped
          }
        />
      )}
    </Space>
  );
}

/** Modified-diode fits: the basis of the split, the shared parameters, then each curve. */
function MdmPanels({ v, fileBase }: { v: CircuitView; fileBase: string }) {
  const { t, i18n } = useTranslation();
  const f = v.fit!;
  const mdm = v.mdm!;
  const labels = f.curves.map((c, i) => c.label || mdm[i]?.label || String(i + 1));
  const symbol = (key: string) => {
    const [base, curve] = key.split(/[[\]]/);
    const s = i18n.exists(`results.circuit.paramSymbol.${base}`) ? t(`results.circuit.paramSymbol.${base}`) : base!;
    return curve === undefined ? s : `${s} (${labels[Number(curve)] ?? curve})`;
  };
  const panels = mdm.map((c, k) => (
    <MdmCurvePanel key={c.label + String(k)} c={c} fit={f.curves[k] ?? f.curves[0]!} k={k} fileBase={fileBase} />
  ));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {v.knowns && <BasisCard v={v} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('results.circuit.params')}>
            <ParamsTable
              params={f.params}
              labels={labels}
              level={f.level}
              known={[
                ...(v.knowns && v.knowns.bulkSource !== 'fitted' ? ['yBulkPerS'] : []),
                ...(v.knowns && v.knowns.augerSource !== 'fitted' ? ['yAugerPerS'] : []),
              ]}
            />
            {f.correlated.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="rstc-correlated">
                {t('results.circuit.correlated', {
                  list: f.correlated.map((c) => `${symbol(c.a)} / ${symbol(c.b)} (r = ${c.r.toFixed(3)})`).join('; '),
                })}
              </Typography.Paragraph>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <QualityCard f={f} curves={f.curves} />
        </Col>
      </Row>
      {panels.length > 1 ? (
        <Tabs
          data-testid="rstc-curve-tabs"
          items={panels.map((p, k) => ({ key: String(k), label: labels[k], children: p }))}
        />
      ) : (
        panels[0]
      )}
    </Space>
  );
}

function SimulatedPanels({ v, fileBase }: { v: CircuitView; fileBase: string }) {
  const { t, tr } = useCircuitNames();
  const c = v.curve!;
  const series = useMemo<PlotSeries[]>(
    () => [
      { name: 'J', x: c.V, y: c.J },
      ...Object.entries(c.components ?? {}).map(([k, y]) => ({
        name: tr('componentNames', k),
        x: c.V,
        y,
        dashed: true,
      })),
    ],
    [c, tr],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small">
          <LinePlot
            testid="rstc-curves"
            title={t('results.circuit.simulated')}
            fileName={`${fileBase}-JV`}
            x={{ label: t('results.circuit.voltage'), unit: 'V' }}
            y={{ label: t('results.circuit.current'), unit: 'mA/cm²' }}
            series={series}
            logToggle
            jv
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('results.circuit.keyFigures')}>
          <KeyFiguresTable rows={[{ key: 'model', source: t('results.circuit.fromModel'), f: c.keyFigures }]} />
        </Card>
      </Col>
    </Row>
  );
}

function CircuitBody({ detail }: { detail: CalcDetail }) {
  const { t } = useTranslation();
  const v = useMemo(() => readCircuit(detail.result), [detail.result]);
  const fileBase = `${detail.record.name}-${detail.record.id}`;
  if (!v) return <Alert type="error" showIcon title={t('results.failure.noResult')} />;
  const known = v.fit || v.curve || v.losses;
  const mdm = v.fit && v.mdm && v.mdm.length > 0;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rstc-body">
      {v.fit && <Warnings warnings={v.fit.warnings} />}
      {mdm && <MdmPanels v={v} fileBase={fileBase} />}
      {v.fit && !mdm && <FitPanels v={v} fileBase={fileBase} />}
      {v.curve && <SimulatedPanels v={v} fileBase={fileBase} />}
      {v.losses ? (
        <LossPanels l={v.losses} fileBase={fileBase} />
      ) : (
        v.fit &&
        !v.mdm?.some((c) => c.losses) && (
          <Alert type="info" showIcon title={t('results.circuit.noLosses')} data-testid="rstc-no-losses" />
        )
      )}
      {!known && <Alert type="info" showIcon title={t('results.circuit.unsupported', { kind: v.kind || '?' })} />}
    </Space>
  );
}

export default function CircuitResult() {
  const { t } = useTranslation();
  const modified = useLocation().pathname.includes('/rstc2/');
  return (
    <ResultShell kinds={modified ? ['circle2'] : ['circle']} title={t(modified ? 'page.rstc2' : 'page.rstc')}>
      {(d) => <CircuitBody detail={d} />}
    </ResultShell>
  );
}
