import type { ValidationCaseReport } from '@pvforge/contracts';
import type { TFunction } from 'i18next';
import type { LinePlotProps, PlotSeries } from '../../../components/plots/types';

type Plot = NonNullable<ValidationCaseReport['plot']>;
type Series = Plot['series'][number];

/** At most this many absorptance curves: a 17-layer mirror would otherwise bury R and T. */
const MAX_ABSORBERS = 3;

const mean = (y: number[]) => y.reduce((a, b) => a + b, 0) / Math.max(1, y.length);

/** R, T and the layers that absorb most (by the engine's mean A), engine and reference of each. */
function spectraShown(series: Series[]): Series[] {
  const absorbers = series
    .filter((s) => s.quantity === 'A' && s.origin === 'engine')
    .sort((a, b) => mean(b.y) - mean(a.y))
    .slice(0, MAX_ABSORBERS)
    .map((s) => s.layer);
  return series.filter((s) => s.quantity !== 'A' || absorbers.includes(s.layer));
}

/**
 * The LinePlot props of a case's overlay: engine solid, reference dashed, units on both axes.
 * Spectra are shown in percent; a parity plot adds the line of exact agreement.
 */
export function casePlotProps(c: ValidationCaseReport, t: TFunction): Omit<LinePlotProps, 'testid'> | undefined {
  const plot = c.plot;
  if (!plot || plot.series.length === 0) return undefined;
  const quantity = (s: Series) =>
    s.quantity === 'A'
      ? t('validation.qA', { layer: s.layer ?? '' })
      : plot.kind === 'parity'
        ? t('validation.qSplit')
        : t(`validation.q${s.quantity}`);
  const name = (s: Series) =>
    t(s.origin === 'engine' ? 'validation.engine' : 'validation.reference', { q: quantity(s) });
  const base = { title: t('validation.plotTitle'), fileName: `validation-${c.id}` };
  const toSeries = (s: Series, scale = 1): PlotSeries => ({
    name: name(s),
    x: s.x,
    y: scale === 1 ? s.y : s.y.map((v) => v * scale),
    dashed: s.origin === 'reference',
  });
  switch (plot.kind) {
    case 'spectra':
      return {
        ...base,
        x: { label: t('validation.wavelength'), unit: 'nm' },
        y: { label: t('validation.fraction'), unit: '%' },
        series: spectraShown(plot.series).map((s) => toSeries(s, 100)),
      };
    case 'jv':
      return {
        ...base,
        x: { label: t('validation.voltage'), unit: 'V' },
        y: { label: t('validation.currentDensity'), unit: 'mA/cm²' },
        series: plot.series.map((s) => toSeries(s)),
      };
    case 'nyquist':
      return {
        ...base,
        x: { label: t('validation.zRe'), unit: 'Ω·cm²' },
        y: { label: t('validation.zIm'), unit: 'Ω·cm²' },
        series: plot.series.map((s) => toSeries(s)),
        equalAspect: true,
      };
    case 'parity': {
      const pts = plot.series.flatMap((s) => s.x.map((x, i) => [x, s.y[i]!] as const));
      const order = [...pts].sort((a, b) => a[0] - b[0]);
      const lo = Math.min(...pts.flat());
      const hi = Math.max(...pts.flat());
      return {
        ...base,
        x: { label: t('validation.refJ'), unit: 'mA/cm²' },
        y: { label: t('validation.engineJ'), unit: 'mA/cm²' },
        series: [
          { name: t('validation.identity'), x: [lo, hi], y: [lo, hi], dashed: true },
          {
            name: t('validation.engine', { q: quantity(plot.series[0]!) }),
            x: order.map((p) => p[0]),
            y: order.map((p) => p[1]),
          },
        ],
        equalAspect: true,
      };
    }
  }
}
