/**
 * rste/:id — result of an electrical (drift-diffusion) calculation: J-V with key figures, band
 * diagram and profiles at a chosen bias, the transient protocol (scans and hysteresis, J(t), V(t),
 * profiles in time) and the impedance spectrum when the device asks for them, recombination by
 * mechanism, EQE/IQE and the optics.
 */
import type { CalcDetail } from '@pvforge/contracts';
import type { ForeignCurve } from '@pvforge/interop';
import { Alert, Card, Col, Collapse, Row, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurveOverlayControl, OverlayProvider, overlaySeries } from '../../../components/interop/CurveOverlay';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries } from '../../../components/plots/types';
import { SweepResultView } from '../../../components/sweep/SweepResultView';
import { DefectPanels } from './DefectPanels';
import { readDefects } from './defect-data';
import { curveWarning, localWarning, nonconvergentAdvice } from './engine-warnings';
import { ImpedancePanels } from './ImpedancePanels';
import { modelLossSeries, oxideCurrentSeries } from './model-results';
import { carrierLayers, OpticsPanels } from './OpticalResult';
import { ProfilePlots, ProfileSlider } from './ProfilePlots';
import { pceTitles, type SpectrumWindow, spectrumWindow } from './pce-window';
import { ResultShell, Warnings } from './ResultShell';
import {
  defaultBiasIndex,
  type ElecCurve,
  type ElecView,
  jscOf,
  readElectrical,
  stoppedBeforeVoc,
} from './result-data';
import { readSweep } from './sweep-data';
import { TandemBody } from './TandemResult';
import { TransientPanels } from './TransientPanels';
import { readTandem } from './tandem-data';

const nonZero = (a: ArrayLike<number>) => Array.prototype.some.call(a, (v: number) => Number.isFinite(v) && v !== 0);

function FiguresTable({ v, window }: { v: ElecView; window?: SpectrumWindow }) {
  const { t } = useTranslation();
  const withWindow = v.curves.some((c) => c.figures?.pceWindowPercent !== undefined);
  const pce = pceTitles(t, window);
  const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
  const rows = v.curves.map((c) => ({ key: c.tag, c }));
  const partial = v.curves.some(stoppedBeforeVoc);
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {partial && (
        <Alert
          type="info"
          showIcon
          data-testid="rste-no-voc"
          title={t('results.elec.noVoc', { checkbox: t('editor.el.extendToVoc') })}
        />
      )}
      <Table
        size="small"
        pagination={false}
        data-testid="rste-figures"
        dataSource={rows}
        columns={[
          {
            title: t('results.elec.curve'),
            render: (_, r) => t(`results.elec.${r.c.tag === 'dark' ? 'dark' : 'light'}`),
          },
          {
            title: t('results.elec.converged'),
            render: (_, r) => (r.c.converged ? t('results.elec.yes') : t('results.elec.no')),
          },
          { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(jscOf(r.c)) },
          { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.c.figures?.Voc_V, 3) },
          {
            title: 'FF (%)',
            align: 'right',
            render: (_, r) => f2(r.c.figures?.FF === undefined ? undefined : r.c.figures.FF * 100),
          },
          {
            title: withWindow ? pce.full : 'PCE (%)',
            align: 'right',
            render: (_, r) => <b data-testid={`rste-pce-${r.c.tag}`}>{f2(r.c.figures?.PCE_percent)}</b>,
          },
          ...(withWindow
            ? [
                {
                  title: pce.window,
                  align: 'right' as const,
                  render: (_: unknown, r: (typeof rows)[number]) => (
                    <b data-testid={`rste-pce-window-${r.c.tag}`}>{f2(r.c.figures?.pceWindowPercent)}</b>
                  ),
                },
              ]
            : []),
          { title: 'Vmp (V)', align: 'right', render: (_, r) => f2(r.c.figures?.Vmp_V, 3) },
          { title: 'Jmp (mA/cm²)', align: 'right', render: (_, r) => f2(r.c.figures?.Jmp_mA_cm2) },
        ]}
      />
    </Space>
  );
}

function recombinationSeries(c: ElecCurve, t: (k: string, o?: Record<string, unknown>) => string): PlotSeries[] {
  const r = c.recombination;
  if (!r) return [];
  const out: PlotSeries[] = [];
  for (const l of r.layers) {
    if (nonZero(l.srh)) out.push({ name: `${l.name} ${t('results.elec.srh')}`, x: c.V, y: l.srh });
    // in a blend with CT dissociation the band-to-band term is the bimolecular loss, beside the geminate one
    const radiative = l.geminate
      ? t('models.result.bimolecular', { layer: l.name })
      : `${l.name} ${t('results.elec.radiative')}`;
    if (nonZero(l.radiative)) out.push({ name: radiative, x: c.V, y: l.radiative });
    if (nonZero(l.auger)) out.push({ name: `${l.name} ${t('results.elec.auger')}`, x: c.V, y: l.auger });
    out.push(...modelLossSeries(l, c.V, t));
  }
  for (const f of r.interfaces)
    if (nonZero(f.current)) out.push({ name: t('results.elec.interface', { name: f.name }), x: c.V, y: f.current });
  if (nonZero(r.contacts.anode)) out.push({ name: t('results.elec.contactAnode'), x: c.V, y: r.contacts.anode });
  if (nonZero(r.contacts.cathode)) out.push({ name: t('results.elec.contactCathode'), x: c.V, y: r.contacts.cathode });
  if (nonZero(r.generation)) out.push({ name: t('results.elec.qg'), x: c.V, y: r.generation, dashed: true });
  return out;
}

/** The generation model in the UI's words (the editor's names of the same choice). */
const GENERATION_KEYS: Record<string, string> = {
  optical: 'editor.el.genOptical',
  uniform: 'editor.el.genUniform',
  'beer-lambert': 'editor.el.genBeer',
  profile: 'editor.el.genProfile',
  dark: 'editor.el.genDark',
};
function generationName(kind: string, t: (k: string) => string): string {
  return GENERATION_KEYS[kind] ? t(GENERATION_KEYS[kind]) : kind;
}

function BiasPanels({ v, fileBase }: { v: ElecView; fileBase: string }) {
  const { t } = useTranslation();
  const withProfiles = v.curves.filter((c) => c.profiles.length > 0);
  const [tag, setTag] = useState(withProfiles[0]?.tag ?? 'light');
  const curve = withProfiles.find((c) => c.tag === tag) ?? withProfiles[0];
  const [index, setIndex] = useState<Record<string, number>>({});
  const i = curve ? Math.min(index[curve.tag] ?? defaultBiasIndex(curve.profiles), curve.profiles.length - 1) : 0;
  const p = curve?.profiles[i];
  if (!curve || !p) return <Alert type="info" showIcon title={t('results.elec.noProfiles')} />;
  const biasText = (k: number) => {
    const q = curve.profiles[k];
    if (!q) return '';
    const label = q.label === 'maximum power' ? 'MPP' : q.label;
    return /^-?[\d.]+ V$/.test(label) ? label : `${label} (${fmtNum(q.V)} V)`;
  };
  const tagLabel = t(`results.elec.${tag === 'dark' ? 'dark' : 'light'}`);
  const base = `${fileBase}-${curve.tag}-${fmtNum(p.V)}V`;
  return (
    <Card
      size="small"
      title={`${t('results.elec.bands')} · ${tagLabel} · ${t('results.elec.bias')} ${biasText(i)}`}
      data-testid="rste-bias-card"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ProfileSlider
          label={t('results.elec.biasPick')}
          count={curve.profiles.length}
          value={i}
          onChange={(k) => setIndex({ ...index, [curve.tag]: k })}
          text={(k) => (curve.profiles[k]?.label === 'maximum power' ? 'MPP' : (curve.profiles[k]?.label ?? ''))}
          tip={biasText}
          testid="rste-bias-slider"
          before={
            withProfiles.length > 1 && (
              <Col>
                <Segmented
                  aria-label={t('results.elec.curvePick')}
                  value={tag}
                  onChange={(x) => setTag(x as ElecCurve['tag'])}
                  options={withProfiles.map((c) => ({
                    value: c.tag,
                    label: t(`results.elec.${c.tag === 'dark' ? 'dark' : 'light'}`),
                  }))}
                />
              </Col>
            )
          }
        />
        <ProfilePlots p={p} base={base} testPrefix="rste" />
      </Space>
    </Card>
  );
}

function ElectricalBody({ detail }: { detail: CalcDetail }) {
  const { t } = useTranslation();
  const v = useMemo(() => readElectrical(detail.result), [detail.result]);
  const fileBase = `${detail.record.name}-${detail.record.id}`;
  // SCAPS / SIMsalabim output curves drawn dashed on the matching plots (and in their exports)
  const [foreign, setForeign] = useState<ForeignCurve[]>([]);
  const jv = useMemo<PlotSeries[]>(
    () =>
      (v?.curves ?? []).map((c) => ({
        name: t(`results.elec.${c.tag === 'dark' ? 'dark' : 'light'}`),
        x: c.V,
        y: c.J,
        dashed: c.tag === 'dark',
      })),
    [v, t],
  );
  const jvShown = useMemo(() => [...jv, ...overlaySeries(foreign, 'jv')], [jv, foreign]);
  const recCurve = v?.curves.find((c) => c.tag === 'light') ?? v?.curves[0];
  const rec = useMemo(() => (recCurve ? recombinationSeries(recCurve, t) : []), [recCurve, t]);
  const oxide = useMemo(() => (recCurve ? oxideCurrentSeries(recCurve, t) : []), [recCurve, t]);
  const eqe = useMemo<PlotSeries[]>(() => {
    const e = v?.eqe;
    if (!e) return [];
    return [
      { name: 'EQE', x: e.wl, y: e.eqe.map((x) => x * 100) },
      { name: t('results.elec.iqe'), x: e.wl, y: e.iqe.map((x) => x * 100), dashed: true },
      { name: t('results.elec.absElec'), x: e.wl, y: e.absorptance.map((x) => x * 100), dashed: true },
      ...overlaySeries(foreign, 'qe'),
    ];
  }, [v, t, foreign]);
  const defects = useMemo(() => readDefects(detail.result), [detail.result]);
  if (!v) return <Alert type="error" showIcon title={t('results.failure.noResult')} />;
  // the plots this result has, each of which can carry a foreign curve of its kind
  const hasCv = Boolean(defects?.cv);
  const hasCf = Boolean(defects?.cf || v.impedance);
  const vAxis = { label: t('results.elec.voltage'), unit: 'V' };
  const jAxis = { label: 'J', unit: 'mA/cm²' };
  const curveWarnings = v.curves.flatMap((c) => c.warnings.map((w) => curveWarning(c.tag, w, t)));
  const lightFigures = v.curves.find((c) => c.tag !== 'dark' && c.figures)?.figures;
  return (
    <OverlayProvider curves={foreign}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rste-body">
        <CurveOverlayControl
          curves={foreign}
          onChange={setForeign}
          kinds={[
            'jv',
            ...(v.eqe ? (['qe'] as const) : []),
            ...(hasCv ? (['cv'] as const) : []),
            ...(hasCf ? (['cf'] as const) : []),
          ]}
          testid="rste-overlay"
        />
        {v.curves
          .filter((c) => !c.converged)
          .map((c) => (
            <Alert
              key={c.tag}
              type="warning"
              showIcon
              title={t('results.elec.notConverged', {
                curve: t(`results.elec.${c.tag === 'dark' ? 'dark' : 'light'}`),
                error: c.error ? localWarning(c.error, t) : '',
              })}
              description={t(nonconvergentAdvice(c.error))}
            />
          ))}
        <Warnings warnings={v.warnings} localized={curveWarnings} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('results.elec.figures')}>
              <FiguresTable v={v} window={spectrumWindow(detail.input)} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {[
                  v.incidentPower !== undefined ? t('results.elec.incident', { v: fmtNum(v.incidentPower) }) : '',
                  v.incidentPowerWindow !== undefined
                    ? t('interop.pce.windowNote', { power: fmtNum(v.incidentPowerWindow) })
                    : '',
                  v.generation ? t('results.elec.genModel', { v: generationName(v.generation.kind, t) }) : '',
                  v.eqe?.jsc !== undefined ? t('results.elec.jscFromEqe', { v: fmtNum(v.eqe.jsc) }) : '',
                  v.eqe ? '' : t('results.elec.eqeAbsent'),
                  lightFigures
                    ? t(`results.elec.figures${lightFigures.method === 'solved' ? 'Solved' : 'Interpolated'}`)
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Paragraph>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small">
              <LinePlot
                testid="rste-jv"
                title={t('results.elec.jv')}
                fileName={`${fileBase}-JV`}
                x={vAxis}
                y={jAxis}
                series={jvShown}
                logToggle
                jv
              />
            </Card>
          </Col>
        </Row>
        {/* EQE right under the J-V, where a reader looks for it, not below the other analyses */}
        {eqe.length > 0 && (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card size="small">
                <LinePlot
                  testid="rste-eqe"
                  title={t('results.elec.eqe')}
                  fileName={`${fileBase}-EQE`}
                  x={{ label: t('results.opt.wavelength'), unit: 'nm' }}
                  y={{ label: 'EQE', unit: '%', min: 0, max: 100 }}
                  series={eqe}
                />
              </Card>
            </Col>
          </Row>
        )}
        {v.transient && <TransientPanels tr={v.transient} fileBase={fileBase} window={spectrumWindow(detail.input)} />}
        {v.impedance && <ImpedancePanels z={v.impedance} fileBase={fileBase} />}
        <BiasPanels v={v} fileBase={fileBase} />
        <DefectPanels result={detail.result} input={detail.input} fileBase={fileBase} />
        <Row gutter={[16, 16]}>
          {rec.length > 0 && recCurve && (
            <Col xs={24} xl={12}>
              <Card size="small">
                <LinePlot
                  testid="rste-recombination"
                  title={`${t('results.elec.recomb')} · ${t(`results.elec.${recCurve.tag === 'dark' ? 'dark' : 'light'}`)}`}
                  fileName={`${fileBase}-recombination`}
                  x={vAxis}
                  y={jAxis}
                  series={rec}
                  logToggle
                />
              </Card>
            </Col>
          )}
          {oxide.length > 0 && recCurve && (
            <Col xs={24} xl={12}>
              <Card size="small">
                <LinePlot
                  testid="rste-oxide"
                  title={`${t('models.result.oxide')} · ${t(`results.elec.${recCurve.tag === 'dark' ? 'dark' : 'light'}`)}`}
                  fileName={`${fileBase}-oxide-current`}
                  x={vAxis}
                  y={{ ...jAxis, label: t('models.result.oxideAxis'), log: true }}
                  series={oxide}
                  logToggle
                />
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('models.result.oxideNote')}
                </Typography.Paragraph>
              </Card>
            </Col>
          )}
        </Row>
        {v.optics && (
          <Collapse
            items={[
              {
                key: 'optics',
                label: t('page.rsto'),
                children: (
                  <OpticsPanels
                    o={v.optics}
                    fileBase={fileBase}
                    testPrefix="rste-opt"
                    makesCarriers={carrierLayers(detail.input)}
                  />
                ),
              },
            ]}
          />
        )}
      </Space>
    </OverlayProvider>
  );
}

export default function ElectricalResult() {
  const { t } = useTranslation();
  return (
    <ResultShell kinds={['elec']} title={t('page.rste')}>
      {(d) => {
        // a parameter sweep's record: its figures against the parameters (HI against a scan rate)
        if (readSweep(d.result)) return <SweepResultView id={d.record.id} />;
        const tandem = readTandem(d.result);
        if (tandem)
          return (
            <TandemBody v={tandem} fileBase={`${d.record.name}-${d.record.id}`} window={spectrumWindow(d.input)} />
          );
        return <ElectricalBody detail={d} />;
      }}
    </ResultShell>
  );
}
