/**
 * The result views of the exciton and tunnelling models (docs/physics/excitons.md,
 * tunnelling.md): the CT-state dissociation probability P(x) and the exciton density X(x) of a
 * bias, the geminate and band-to-band rates beside the other recombination profiles, and the J-V
 * losses to geminate recombination, exciton decay and band-to-band tunnelling, and the electron and
 * hole currents through a tunnel oxide (TOPCon) against voltage. Each appears only when the result
 * has it (a device with the model).
 */
import { Col } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import LinePlot from '../../../components/plots/LinePlot';
import type { PlotAxis, PlotSeries } from '../../../components/plots/types';
import type { BiasProfile, ElecCurve } from './result-data';

type T = (k: string, o?: Record<string, unknown>) => string;

const nonZero = (a: ArrayLike<number> | undefined) =>
  !!a && Array.prototype.some.call(a, (v: number) => Number.isFinite(v) && v !== 0);

/** The J-V losses of the models in one layer, mA/cm^2 against V. */
export function modelLossSeries(l: NonNullable<ElecCurve['recombination']>['layers'][number], V: number[], t: T) {
  const out: PlotSeries[] = [];
  if (nonZero(l.geminate)) out.push({ name: t('models.result.geminate', { layer: l.name }), x: V, y: l.geminate! });
  if (nonZero(l.excitonDecay))
    out.push({ name: t('models.result.excitonDecay', { layer: l.name }), x: V, y: l.excitonDecay! });
  if (nonZero(l.bandToBand))
    out.push({ name: t('models.result.bandToBand', { layer: l.name }), x: V, y: l.bandToBand! });
  return out;
}

/**
 * The electron and hole currents through each tunnel oxide against V (terminal sign: the hole
 * current through an electron-selective oxide is a loss, negative). Shown on log |J| first, where
 * the oxide's selectivity (decades between the two) is visible.
 */
export function oxideCurrentSeries(c: ElecCurve, t: T): PlotSeries[] {
  const out: PlotSeries[] = [];
  for (const f of c.recombination?.interfaces ?? []) {
    const ox = f.tunnelOxide;
    if (!ox) continue;
    out.push({ name: t('models.result.oxideElectron', { name: f.name }), x: c.V, y: ox.electron });
    out.push({ name: t('models.result.oxideHole', { name: f.name }), x: c.V, y: ox.hole, dashed: true });
  }
  return out;
}

/** Geminate and band-to-band rates against position, for the recombination profile plot. */
export function modelRateSeries(p: BiasProfile, t: T): PlotSeries[] {
  const out: PlotSeries[] = [];
  const gem = p.cols['R_geminate_cm3_s'];
  if (nonZero(gem)) out.push({ name: `R ${t('models.result.geminateRate')}`, x: p.x, y: gem! });
  const btbt = p.cols['R_btbt_cm3_s'];
  // a net rate: generation (reverse bias) is negative and drops out of the log plot
  if (nonZero(btbt)) out.push({ name: `R ${t('models.result.btbtRate')}`, x: p.x, y: btbt! });
  return out;
}

/** Where the blend's CT states split (P in %) and where the excitons of a bilayer are (cm^-3). */
export function ModelProfilePlots({
  p,
  base,
  testPrefix,
  xAxis,
}: {
  p: BiasProfile;
  base: string;
  testPrefix: string;
  xAxis: PlotAxis;
}) {
  const { t } = useTranslation();
  const { dissociation, excitons } = useMemo(() => {
    const P = p.cols['P_dissociation'] ?? [];
    const X = p.cols['X_cm3'] ?? [];
    return {
      dissociation: P.length ? [{ name: t('models.result.dissociationAxis'), x: p.x, y: P.map((v) => v * 100) }] : [],
      // 0 outside the layers with exciton diffusion: left out of the log plot
      excitons: nonZero(X)
        ? [{ name: t('models.result.excitonName'), x: p.x, y: X.map((v) => (v > 0 ? v : Number.NaN)) }]
        : [],
    };
  }, [p, t]);
  return (
    <>
      {dissociation.length > 0 && (
        <Col xs={24} xl={12}>
          <LinePlot
            testid={`${testPrefix}-dissociation`}
            title={t('models.result.dissociation')}
            fileName={`${base}-dissociation`}
            x={xAxis}
            y={{ label: t('models.result.dissociationAxis'), unit: '%', min: 0, max: 100 }}
            series={dissociation}
          />
        </Col>
      )}
      {excitons.length > 0 && (
        <Col xs={24} xl={12}>
          <LinePlot
            testid={`${testPrefix}-excitons`}
            title={t('models.result.excitons')}
            fileName={`${base}-excitons`}
            x={xAxis}
            y={{ label: t('models.result.excitonAxis'), unit: 'cm⁻³', log: true }}
            series={excitons}
            logToggle
          />
        </Col>
      )}
    </>
  );
}
