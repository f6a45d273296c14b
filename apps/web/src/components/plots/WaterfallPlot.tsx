/** Waterfall bar chart (e.g. efficiency losses from the ideal limit to the measured PCE). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PlotFrame } from './PlotFrame';
import { buildWaterfallCsv, buildWaterfallOption } from './plot-data';
import type { WaterfallPlotProps } from './types';

export type { WaterfallPlotProps, WaterfallStep } from './types';

export default function WaterfallPlot({
  testid,
  title,
  fileName,
  y,
  steps,
  height,
  categoryLabel,
}: WaterfallPlotProps) {
  const { t } = useTranslation();
  const option = useCallback(
    (f: { static?: boolean }) => buildWaterfallOption({ title, y, steps }, { static: f.static }),
    [title, y, steps],
  );
  const cat = categoryLabel ?? t('plots.step');
  const csv = useCallback(() => buildWaterfallCsv({ y, steps, categoryLabel: cat }), [y, steps, cat]);
  return <PlotFrame testid={testid} fileName={fileName} height={height} option={option} csv={csv} />;
}
