/** Line / area plot with units on every axis, zoom, hover values, PNG/SVG/CSV export and optional log y. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { jvFocusRange } from './jv-range';
import { PlotFrame } from './PlotFrame';
import { buildLineCsv, buildLineOption } from './plot-data';
import type { LinePlotProps } from './types';

export type { LinePlotProps, PlotAxis, PlotSeries } from './types';

export default function LinePlot({
  testid,
  title,
  fileName,
  x,
  y,
  y2,
  series,
  height,
  logToggle,
  shade,
  equalAspect,
  jv,
}: LinePlotProps) {
  const { t } = useTranslation();
  const logWord = t('plots.logWord');
  const focus = useMemo(() => (jv ? jvFocusRange(series.filter((s) => s.yAxis !== 1)) : undefined), [jv, series]);
  const option = useCallback(
    (f: { log: boolean; static?: boolean; widthPx?: number; full?: boolean }) => {
      // the power region on a linear axis; |J| on a log axis reads the whole sweep
      const on = focus && !f.full && !f.log;
      return buildLineOption(
        {
          title,
          x: on ? { ...x, ...focus.x } : x,
          y: on ? { ...y, ...focus.y } : y,
          y2,
          series,
          shade,
          equalAspect,
        },
        { logY: f.log, logWord, static: f.static, widthPx: f.widthPx },
      );
    },
    [title, x, y, y2, series, shade, equalAspect, logWord, focus],
  );
  const csv = useCallback(() => buildLineCsv({ x, y, y2, series }), [x, y, y2, series]);
  return (
    <PlotFrame
      testid={testid}
      fileName={fileName}
      height={height}
      option={option}
      csv={csv}
      logToggle={logToggle}
      logInitial={y.log}
      logLabel={t('plots.logAbs', { label: y.label })}
      square={equalAspect}
      jvRangeToggle={focus !== undefined}
    />
  );
}
