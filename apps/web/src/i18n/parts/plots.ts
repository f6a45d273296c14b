import type { Messages } from '../types';

export const zh = {
  logScale: '对数坐标',
  logWord: '对数坐标',
  logAbs: '{{label}} 对数坐标（取绝对值）',
  logColour: '颜色对数刻度',
  pngHint: '导出 PNG 图片',
  svgHint: '导出 SVG 矢量图',
  csvHint: '导出图中数据（CSV）',
  resetZoom: '重置缩放',
  step: '步骤',
  jvPower: '发电区',
  jvFull: '全范围',
  jvRangeHint: '发电区：0 V 到略超开路电压、0 到略超短路电流；全范围：整条扫描（导出数据总是全范围）',
};

export const en: Messages<typeof zh> = {
  logScale: 'Log scale',
  logWord: 'log scale',
  logAbs: 'log |{{label}}|',
  logColour: 'Log colour scale',
  pngHint: 'Export as PNG image',
  svgHint: 'Export as SVG vector graphic',
  csvHint: 'Export the plotted data (CSV)',
  resetZoom: 'Reset zoom',
  step: 'Step',
  jvPower: 'Power region',
  jvFull: 'Full range',
  jvRangeHint:
    'Power region: 0 V to a little beyond Voc, 0 to a little beyond Jsc; full range: the whole sweep (exported data are always the full range)',
};
