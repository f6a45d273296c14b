/**
 * rstc/:id and rstc2/:id — results of circuit calculations: simulated curves, or measured and
 * fitted curves with residuals, parameters with confidence intervals, fit quality, and (modified
 * model with a spectrum, or a losses job) the efficiency-loss waterfall.
 */
import type { CalcDetail } from '@pvforge/contracts';
import { Alert, Card, Col, Descriptions, Row, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries } from '../../../components/plots/types';
import WaterfallPlot from '../../../components/plots/WaterfallPlot';
import { ResultShell, Warnings } from './ResultShell';
import { type CircuitKeyFigures, type CircuitView, type LossView, readCircuit, waterfallSteps } from './result-data';

function KeyFiguresTable({ rows }: { rows: { key: string; source: string; f: CircuitKeyFigures | undefined }[] }) {
  const { t } = useTranslation();
  const f2 = (x: number | undefined, d = 2) => (x === undefined ? '–' : x.toFixed(d));
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="rstc-figures"
      dataSource={rows.filter((r) => r.f)}
      columns={[
        { title: t('results.circuit.source'), dataIndex: 'source' },
        { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(r.f?.jscMaCm2) },
        { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.f?.vocV, 3) },
        { title: 'FF (%)', align: 'right', render: (_, r) => f2(r.f?.ff === undefined ? undefined : r.f.ff * 100) },
        { title: 'PCE (%)', align: 'right', render: (_, r) => <b>{f2(r.f?.pcePercent)}</b> },
        { title: 'Vmp (V)', align: 'right', render: (_, r) => f2(r.f?.vmpV, 3) },
        { title: 'Jmp (mA/cm²)', align: 'right', render: (_, r) => f2(r.f?.jmpMaCm2) },
      ]}
    />
  );
}

function LossPanels({ l, fileBase }: { l: LossView; fileBase: string }) {
  const { t, i18n } = useTranslation();
  const steps = useMemo(
    () =>
      waterfallSteps(l, {
        start: t('results.circuit.start'),
        end: t('results.circuit.end'),
        step: (n) => {
          const key = `results.circuit.steps.${n}`;
          return i18n.exists(key) ? t(key) : n;
        },
      }),
    [l, t, i18n],
  );
  const tr = (group: string, key: string) =>
    i18n.exists(`results.circuit.${group}.${key}`) ? t(`results.circuit.${group}.${key}`) : key;
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
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small">
          <WaterfallPlot
            testid="rstc-waterfall"
            title={t('results.circuit.waterfall')}
            fileName={`${fileBase}-loss-waterfall`}
            y={{ label: t('results.circuit.efficiency'), unit: '%' }}
            steps={steps}
            height={420}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Card size="small" title={t('results.circuit.removal')}>
            <Table
              size="small"
              pagination={false}
              rowKey="mechanism"
              dataSource={l.removal}
              columns={[
                {
                  title: t('results.circuit.lossRemoved'),
                  dataIndex: 'mechanism',
                  render: (m: string) => tr('mechanisms', m),
                },
                { title: 'PCE (%)', dataIndex: 'pcePercent', align: 'right', render: (v: number) => fmtNum(v) },
                {
                  title: t('results.circuit.gain'),
                  dataIndex: 'gainPercent',
                  align: 'right',
                  render: (v: number) => fmtNum(v),
                },
              ]}
            />
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
  );
}

function FitPanels({ v, fileBase }: { v: CircuitView; fileBase: string }) {
  const { t, i18n } = useTranslation();
  const f = v.fit!;
  const vAxis = { label: 'V', unit: 'V' };
  const jAxis = { label: 'J', unit: 'mA/cm²' };
  const curves = useMemo<PlotSeries[]>(() => {
    const m = v.measured ?? { V: f.V, J: f.measured };
    return [
      { name: t('results.circuit.measured'), x: m.V, y: m.J },
      { name: t('results.circuit.fitted'), x: f.V, y: f.fitted, dashed: true },
    ];
  }, [v, f, t]);
  const resid = useMemo<PlotSeries[]>(() => [{ name: t('results.circuit.residual'), x: f.V, y: f.residuals }], [f, t]);
  const level = `${Number((f.level * 100).toFixed(2))} %`;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small">
            <LinePlot
              testid="rstc-curves"
              title={t('results.circuit.curves')}
              fileName={`${fileBase}-fit`}
              x={vAxis}
              y={jAxis}
              series={curves}
              logToggle
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small">
            <LinePlot
              testid="rstc-residuals"
              title={t('results.circuit.residuals')}
              fileName={`${fileBase}-residuals`}
              x={vAxis}
              y={{ label: t('results.circuit.residual'), unit: 'mA/cm²' }}
              series={resid}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('results.circuit.params')}>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              data-testid="rstc-params"
              dataSource={f.params}
              scroll={{ x: true }}
              columns={[
                { title: t('results.circuit.param'), dataIndex: 'key' },
                {
                  title: t('results.circuit.description'),
                  dataIndex: 'description',
                  // The engine describes its parameters in English; known ones read in the UI language.
                  render: (d: string, p) =>
                    i18n.exists(`results.circuit.paramDesc.${p.key}`) ? t(`results.circuit.paramDesc.${p.key}`) : d,
                },
                {
                  title: t('results.circuit.value'),
                  dataIndex: 'value',
                  align: 'right',
                  render: (x: number) => fmtNum(x),
                },
                {
                  title: t('results.circuit.ci', { level }),
                  align: 'right',
                  render: (_, p) => (p.fixed ? '–' : `${fmtNum(p.ciLow)} … ${fmtNum(p.ciHigh)}`),
                },
                { title: t('results.circuit.unit'), dataIndex: 'unit' },
                {
                  title: '',
                  render: (_, p) => (
                    <>
                      {p.fixed && <Tag>{t('results.circuit.fixed')}</Tag>}
                      {p.atBound && <Tag color="warning">{`${t('results.circuit.atBound')}: ${p.atBound}`}</Tag>}
                    </>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('results.circuit.quality')}>
            <Descriptions
              size="small"
              column={1}
              data-testid="rstc-quality"
              items={[
                { key: 'model', label: t('results.circuit.model'), children: f.model },
                { key: 'rmse', label: t('results.circuit.rmse'), children: `${fmtNum(f.rmse)} mA/cm²` },
                { key: 'r2', label: t('results.circuit.r2'), children: f.r2 === undefined ? '–' : f.r2.toFixed(6) },
                { key: 'it', label: t('results.circuit.iterations'), children: fmtNum(f.iterations) },
                { key: 'n', label: t('results.circuit.points'), children: f.V.length },
              ]}
            />
          </Card>
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

function SimulatedPanels({ v, fileBase }: { v: CircuitView; fileBase: string }) {
  const { t } = useTranslation();
  const c = v.curve!;
  const series = useMemo<PlotSeries[]>(
    () => [
      { name: 'J', x: c.V, y: c.J },
      ...Object.entries(c.components ?? {}).map(([k, y]) => ({ name: `J ${k}`, x: c.V, y, dashed: true })),
    ],
    [c],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small">
          <LinePlot
            testid="rstc-curves"
            title={t('results.circuit.simulated')}
            fileName={`${fileBase}-JV`}
            x={{ label: 'V', unit: 'V' }}
            y={{ label: 'J', unit: 'mA/cm²' }}
            series={series}
            logToggle
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
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rstc-body">
      {v.fit && <Warnings warnings={v.fit.warnings} />}
      {v.fit && <FitPanels v={v} fileBase={fileBase} />}
      {v.curve && <SimulatedPanels v={v} fileBase={fileBase} />}
      {v.losses ? (
        <LossPanels l={v.losses} fileBase={fileBase} />
      ) : (
        v.fit && <Alert type="info" showIcon title={t('results.circuit.noLosses')} data-testid="rstc-no-losses" />
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
