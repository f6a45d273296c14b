/** Heat map (e.g. absorption over position and wavelength) with colour scale, zoom and exports. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PlotFrame } from './PlotFrame';
import { buildHeatmapCsv, buildHeatmapOption } from './plot-data';
import type { HeatmapPlotProps } from './types';

export type { HeatmapPlotProps, PlotAxis } from './types';

export default function HeatmapPlot(props: HeatmapPlotProps) {
  const { t } = useTranslation();
  const { testid, title, fileName, x, y, z, xs, ys, values, height, logToggle, spanCells, xNames, yNames } = props;
  const option = useCallback(
    (f: { log: boolean; static?: boolean }) =>
      buildHeatmapOption(
        { title, x, y, z, xs, ys, values, spanCells, xNames, yNames },
        { logZ: f.log, static: f.static },
      ),
    [title, x, y, z, xs, ys, values, spanCells, xNames, yNames],
  );
  const csv = useCallback(
    () => buildHeatmapCsv({ x, y, z, xs, ys, values, xNames, yNames }),
    [x, y, z, xs, ys, values, xNames, yNames],
  );
  return (
    <PlotFrame
      testid={testid}
      fileName={fileName}
      height={height ?? 420}
      option={option}
      csv={csv}
      logToggle={logToggle}
      logInitial={z.log}
      logLabel={t('plots.logColour')}
    />
  );
}
