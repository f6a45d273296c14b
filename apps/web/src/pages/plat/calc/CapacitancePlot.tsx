import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlotSeries } from '../../../components/plots/types';
import { capacitanceAxes } from '../results/fit-data';

const LinePlot = lazy(() => import('../../../components/plots/LinePlot'));

/**
 * A plot of the device fit's C-V or C-f curves (the form's preview, a running fit's model, the
 * result's fit) or of their weighted residuals: C in nF/cm² against the bias in V, or against the
 * frequency in Hz on a log axis. Drawn only when it has series; inside the caller's Suspense.
 */
export function CapacitancePlot({
  kind,
  testid,
  title,
  fileName,
  series,
  residual = false,
  height = 300,
}: {
  kind: 'cv' | 'cf';
  testid: string;
  title: string;
  fileName: string;
  series: PlotSeries[];
  residual?: boolean;
  height?: number;
}) {
  const { t } = useTranslation();
  if (!series.length) return null;
  const axes = capacitanceAxes(kind, t, residual);
  return <LinePlot testid={testid} title={title} fileName={fileName} {...axes} series={series} height={height} />;
}
