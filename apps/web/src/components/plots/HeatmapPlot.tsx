/** Heat map (e.g. absorption over position and wavelength) with colour scale, zoom and exports. */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts } from './echarts';
import { PlotFrame } from './PlotFrame';
import { buildHeatmapCsv, buildHeatmapOption } from './plot-data';
import type { HeatmapPlotProps } from './types';

export type { HeatmapPlotProps, PlotAxis } from './types';

/** `onCellClick(ix, iy)`: a click on a drawn cell (a sweep's map opens that combination's run). */
export default function HeatmapPlot(props: HeatmapPlotProps & { onCellClick?: (ix: number, iy: number) => void }) {
  const { t } = useTranslation();
  const wrap = useRef<HTMLDivElement>(null);
  const { onCellClick } = props;
  useEffect(() => {
    if (!onCellClick) return;
    // the frame's chart, made in its own effect (a child's effects run first)
    const el = wrap.current?.querySelector(`[data-testid="${props.testid}-chart"]`);
    const chart = el instanceof HTMLElement ? echarts.getInstanceByDom(el) : undefined;
    if (!chart) return;
    // each cell's data carries its indices after the colour value: [x0, x1, y0, y1, v, ix, iy]
    const click = (e: { value?: unknown }) => {
      const v = e.value as number[] | undefined;
      if (v && Number.isInteger(v[5]) && Number.isInteger(v[6])) onCellClick(v[5]!, v[6]!);
    };
    chart.on('click', click);
    return () => {
      chart.off('click', click);
    };
  }, [onCellClick, props.testid]);
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
    <div ref={wrap}>
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
    </div>
  );
}
