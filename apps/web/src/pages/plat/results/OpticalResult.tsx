/** rsto/:id — result of an optical calculation: R, T, A per layer, photocurrents, G(x), absorption map. */
import type { CalcDetail } from '@pvforge/contracts';
import { Alert, Card, Col, Row, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import HeatmapPlot from '../../../components/plots/HeatmapPlot';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries } from '../../../components/plots/types';
import { SweepResultView } from '../../../components/sweep/SweepResultView';
import { ResultShell, Warnings } from './ResultShell';
import { absorptionMap, type OpticsView, readOptics, stackGeneration } from './result-data';
import { readSweep } from './sweep-data';

const pct = (a: number[]) => a.map((v) => v * 100);

/** An optical run's carriers: only absorbers make them (the engine counts them in the absorbers' total). */
const absorberMakesCarriers = (l: { role: string }) => l.role === 'absorber';

/**
 * An electrical run's carriers: made in the electrical layers that generate (generatesCarriers not
 * false); glass, contacts and optical-only layers absorb parasitically.
 */
export function carrierLayers(input: unknown): (l: { name: string }) => boolean {
  const layers = (input as { layers?: { name?: unknown; electrical?: { generatesCarriers?: unknown } }[] } | null)
    ?.layers;
  const makers = new Set(
    (Array.isArray(layers) ? layers : [])
      .filter((l) => l.electrical && l.electrical.generatesCarriers !== false)
      .map((l) => l.name),
  );
  return (l) => makers.has(l.name);
}

/** The optics plots; also used by the electrical view for its optics part. */
export function OpticsPanels({
  o,
  fileBase,
  testPrefix = 'opt',
  makesCarriers = absorberMakesCarriers,
}: {
  o: OpticsView;
  fileBase: string;
  testPrefix?: string;
  /** Whether a layer's absorbed light makes carriers (else it is parasitic absorption). */
  makesCarriers?: (l: { name: string; role: string }) => boolean;
}) {
  const { t } = useTranslation();
  const wlAxis = useMemo(() => ({ label: t('results.opt.wavelength'), unit: 'nm' }), [t]);
  const fracAxis = useMemo(() => ({ label: t('results.opt.fraction'), unit: '%', min: 0, max: 100 }), [t]);
  const spectra = useMemo<PlotSeries[]>(
    () => [
      ...o.layers
        .filter((l) => l.A.some((v) => v > 1e-6))
        .map((l) => ({ name: t('results.opt.absorb', { layer: l.name }), x: o.wl, y: pct(l.A), stack: 'rta' })),
      { name: t('results.opt.reflect'), x: o.wl, y: pct(o.R), stack: 'rta' },
      { name: t('results.opt.transmit'), x: o.wl, y: pct(o.T), stack: 'rta' },
      { name: t('results.opt.eqe'), x: o.wl, y: pct(o.eqe), dashed: true },
    ],
    [o, t],
  );
  // G(x) through the stack in front of the substrate (a millimetre of glass would hide the thin films)
  const films = useMemo(() => o.layers.filter((l) => l.role !== 'substrate'), [o]);
  const gx = useMemo<PlotSeries[]>(
    () => stackGeneration(films).map((g) => ({ name: g.name, x: g.x, y: g.G })),
    [films],
  );
  const map = useMemo(() => absorptionMap(o.map ? o : { ...o, layers: films }), [o, films]);
  const total = o.totals.absorbers + o.totals.reflected + o.totals.transmitted;
  const rows = [
    ...o.layers.map((l) => ({
      key: l.name,
      name: l.name,
      // the engine's role code and carrier kind, told in the UI's language
      role: l.role ? t(`editor.roles.${l.role}`) : '',
      // glass and contacts absorb without making carriers: not "free electron-hole pairs"
      carriers: !makesCarriers(l)
        ? t('results.opt.carrierNone')
        : l.carriers
          ? t(l.carriers === 'excitons' ? 'results.opt.carrierExcitons' : 'results.opt.carrierPairs')
          : '',
      jph: l.jph,
    })),
    { key: '_abs', name: t('results.opt.absorbersTotal'), role: '', carriers: '', jph: o.totals.absorbers },
    { key: '_r', name: t('results.opt.reflected'), role: '', carriers: '', jph: o.totals.reflected },
    { key: '_t', name: t('results.opt.transmitted'), role: '', carriers: '', jph: o.totals.transmitted },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <LinePlot
          testid={`${testPrefix}-spectra`}
          title={t('results.opt.spectra')}
          fileName={`${fileBase}-RTA`}
          x={wlAxis}
          y={fracAxis}
          series={spectra}
          height={400}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('results.opt.photocurrents')}>
            <Table
              size="small"
              pagination={false}
              data-testid={`${testPrefix}-photocurrents`}
              dataSource={rows}
              columns={[
                { title: t('results.opt.layer'), dataIndex: 'name' },
                { title: t('results.opt.role'), dataIndex: 'role' },
                { title: t('results.opt.carriers'), dataIndex: 'carriers' },
                { title: t('results.opt.jph'), dataIndex: 'jph', align: 'right', render: (v: number) => fmtNum(v) },
                {
                  title: t('results.opt.share'),
                  dataIndex: 'jph',
                  key: 'share',
                  align: 'right',
                  render: (v: number) => (total > 0 ? `${((100 * v) / total).toFixed(1)} %` : '–'),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small">
            <LinePlot
              testid={`${testPrefix}-gx`}
              title={t('results.opt.gx')}
              fileName={`${fileBase}-Gx`}
              x={{ label: t('results.opt.position'), unit: 'nm' }}
              y={{ label: t('results.opt.generation'), unit: 'cm⁻³ s⁻¹', log: true }}
              series={gx}
              logToggle
            />
          </Card>
        </Col>
      </Row>
      <Card size="small">
        <Typography.Paragraph type="secondary">
          {t(map.kind === 'profile' ? 'results.opt.mapProfileNote' : 'results.opt.mapNote')}
        </Typography.Paragraph>
        <HeatmapPlot
          testid={`${testPrefix}-map`}
          title={t('results.opt.map')}
          fileName={`${fileBase}-absorption-map`}
          x={wlAxis}
          y={
            map.kind === 'profile'
              ? { label: t('results.opt.position'), unit: 'nm' }
              : { label: t('results.opt.layerCentre'), unit: 'nm' }
          }
          z={
            map.kind === 'profile'
              ? { label: t('results.opt.absorbedPerNm'), unit: '%/nm' }
              : { label: t('results.opt.absorptance'), unit: '%' }
          }
          xs={map.xs}
          ys={map.ys}
          values={map.values}
          height={map.kind === 'profile' ? 420 : Math.max(260, 60 + 40 * map.ys.length)}
        />
        {map.kind === 'layers' && (
          <Typography.Text type="secondary">
            {map.names.map((n, i) => `${n}: ${fmtNum(map.ys[i])} nm`).join(' · ')}
          </Typography.Text>
        )}
      </Card>
    </Space>
  );
}

function OpticalBody({ detail }: { detail: CalcDetail }) {
  const { t } = useTranslation();
  const o = useMemo(() => readOptics(detail.result), [detail.result]);
  if (!o) return <Alert type="error" showIcon title={t('results.failure.noResult')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rsto-body">
      <Warnings warnings={o.warnings} />
      <OpticsPanels o={o} fileBase={`${detail.record.name}-${detail.record.id}`} />
    </Space>
  );
}

export default function OpticalResult() {
  const { t } = useTranslation();
  return (
    <ResultShell kinds={['opt']} title={t('page.rsto')}>
      {(d) => (readSweep(d.result) ? <SweepResultView id={d.record.id} /> : <OpticalBody detail={d} />)}
    </ResultShell>
  );
}
