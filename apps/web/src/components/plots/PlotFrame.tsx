/**
 * The common frame of every plot: the echarts canvas (resized with its container) and the toolbar
 * (PNG, SVG, CSV, reset zoom, optional linear/log switch). The concrete plots only build options.
 */
import { DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Switch, Tooltip, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeFileName, saveBlob, saveDataUrl } from './download';
import { echarts } from './echarts';

/**
 * `widthPx`: the canvas width, so that a legend can be laid out in full rows rather than paged.
 * `full`: the whole data range rather than the plot's focus region (J-V: the power region).
 */
export type FrameFlags = { log: boolean; static?: boolean; widthPx?: number; full?: boolean };

type Props = {
  testid: string;
  fileName: string;
  height?: number;
  /** Builds the option for the current log state; `static` asks for no animation (SVG copy). */
  option: (flags: FrameFlags) => EChartsCoreOption;
  csv: () => string;
  logToggle?: boolean;
  logInitial?: boolean;
  /** Text of the switch ("log |y|"). */
  logLabel?: string;
  /** A square canvas (equal-aspect plots), at most `height` wide. */
  square?: boolean;
  /** Offers the J-V power region / full range switch (the plot opens on the power region). */
  jvRangeToggle?: boolean;
};

const names = (a: unknown): string =>
  (Array.isArray(a) ? a : a ? [a] : []).map((x: { name?: string }) => x.name ?? '').join(' | ');

/** "min,max" of the first axis with set bounds (the tests read what a plot opens on), else "auto". */
const bounds = (a: unknown): string => {
  const first = (Array.isArray(a) ? a[0] : a) as { min?: unknown; max?: unknown } | undefined;
  return typeof first?.min === 'number' && typeof first.max === 'number' ? `${first.min},${first.max}` : 'auto';
};

export function PlotFrame({
  testid,
  fileName,
  height = 360,
  option,
  csv,
  logToggle,
  logInitial,
  logLabel,
  square,
  jvRangeToggle,
}: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const [log, setLog] = useState(Boolean(logInitial));
  const switchId = useId();
  const [widthPx, setWidthPx] = useState<number | undefined>(undefined);
  const [full, setFull] = useState(false);
  const opt = useMemo(() => option({ log, widthPx, full }), [option, log, widthPx, full]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, null, { renderer: 'canvas' });
    chart.current = c;
    const ro = new ResizeObserver(() => {
      c.resize();
      setWidthPx(el.clientWidth || undefined);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(opt, { notMerge: true });
  }, [opt]);

  const base = safeFileName(fileName);
  const png = () => {
    const c = chart.current;
    if (!c) return;
    saveDataUrl(
      c.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff', excludeComponents: ['dataZoom'] }),
      `${base}.png`,
    );
  };
  const svg = () => {
    const el = box.current;
    if (!el) return;
    const holder = document.createElement('div');
    const w = el.clientWidth || 800;
    const h = el.clientHeight || height;
    const c = echarts.init(holder, null, { renderer: 'svg', ssr: true, width: w, height: h });
    try {
      c.setOption({ ...option({ log, static: true, widthPx: w, full }), backgroundColor: '#fff' });
      saveBlob(new Blob([c.renderToSVGString()], { type: 'image/svg+xml' }), `${base}.svg`);
    } finally {
      c.dispose();
    }
  };
  const saveCsv = () => {
    // BOM: Excel opens UTF-8 (µ, ², Chinese names) correctly only with it.
    saveBlob(new Blob(['\ufeff', csv()], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
  };
  const reset = () => {
    const c = chart.current;
    if (!c) return;
    c.dispatchAction({ type: 'dataZoom', start: 0, end: 100 });
    c.dispatchAction({ type: 'restore' });
    c.setOption(opt, { notMerge: true });
  };

  const o = opt as { xAxis?: unknown; yAxis?: unknown };
  return (
    <div
      className="plot-frame"
      data-testid={testid}
      data-x-name={names(o.xAxis)}
      data-y-name={names(o.yAxis)}
      data-x-range={bounds(o.xAxis)}
      data-y-range={bounds(o.yAxis)}
    >
      <Space size={4} wrap className="plot-toolbar" style={{ display: 'flex', justifyContent: 'flex-end' }}>
        {jvRangeToggle && (
          <Tooltip title={t('plots.jvRangeHint')}>
            <Segmented
              size="small"
              value={full ? 'full' : 'power'}
              onChange={(v) => setFull(v === 'full')}
              options={[
                { value: 'power', label: t('plots.jvPower') },
                { value: 'full', label: t('plots.jvFull') },
              ]}
              data-testid={`${testid}-range`}
            />
          </Tooltip>
        )}
        {logToggle && (
          <Space size={4}>
            <Switch id={switchId} size="small" checked={log} onChange={setLog} data-testid={`${testid}-log`} />
            <Typography.Text>
              <label htmlFor={switchId}>{logLabel ?? t('plots.logScale')}</label>
            </Typography.Text>
          </Space>
        )}
        <Tooltip title={t('plots.pngHint')}>
          <Button size="small" icon={<DownloadOutlined />} onClick={png} data-testid={`${testid}-png`}>
            PNG
          </Button>
        </Tooltip>
        <Tooltip title={t('plots.svgHint')}>
          <Button size="small" icon={<DownloadOutlined />} onClick={svg} data-testid={`${testid}-svg`}>
            SVG
          </Button>
        </Tooltip>
        <Tooltip title={t('plots.csvHint')}>
          <Button size="small" icon={<DownloadOutlined />} onClick={saveCsv} data-testid={`${testid}-csv`}>
            CSV
          </Button>
        </Tooltip>
        <Button size="small" icon={<UndoOutlined />} onClick={reset} data-testid={`${testid}-reset`}>
          {t('plots.resetZoom')}
        </Button>
      </Space>
      <div
        ref={box}
        role="img"
        aria-label={(opt as { title?: { text?: string } }).title?.text ?? fileName}
        data-testid={`${testid}-chart`}
        style={
          square
            ? { width: '100%', maxWidth: Math.max(height, 420), aspectRatio: '1 / 1', margin: '0 auto' }
            : { width: '100%', height }
        }
      />
    </div>
  );
}
