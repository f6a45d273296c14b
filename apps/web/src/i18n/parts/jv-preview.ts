import type { Messages } from '../types';

/** The electrical preview beside the device editor: a coarse J-V after each edit (issue 30). */
export const zh = {
  title: '电学预览',
  badge: '预览（粗网格）',
  differs:
    '粗网格快速估算，仅供编辑时参考：{{nodes}} 个网格点、{{step}} mV 电压步长，只算光照下的稳态 J-V；完整计算用器件设定的网格（{{fullNodes}}）和步长（{{fullStep}} mV），并算出所设的全部内容（暗态 J-V、EQE、瞬态、阻抗等）。两者的数值可能略有差别，以完整计算为准。',
  fullNodesDefault: '默认 400 个点',
  fullNodes: '{{n}} 个点',
  jsc: '短路电流密度 Jsc',
  voc: '开路电压 Voc',
  ff: '填充因子 FF',
  pce: '转换效率 PCE',
  plotTitle: 'J-V 曲线（预览，粗网格）',
  voltage: '电压',
  current: '电流密度',
  series: '预览',
  elapsed: '{{ms}} ms',
  elapsedTitle: '从编辑到显示 {{ms}} ms（其中计算 {{compute}} ms）',
  updating: '正在更新…',
  waiting: '编辑器件后即显示预览。',
  noFigures: '电流在扫描范围内没有过零（或器件处于暗态），没有特征参数。',
  runFull: '完整计算',
  runFullHint: '提交完整的电学计算（与“{{submit}}”相同）',
  failedTime: '预览在 {{s}} s 内未算完，已停止；完整计算不受此限制。',
  failedConvergence: '粗网格预览在 V = {{v}} V 处未收敛；完整计算的网格更细，可能仍会收敛。',
  failedConvergenceNoV: '粗网格预览未收敛；完整计算的网格更细，可能仍会收敛。',
  invalid: '器件参数有误，暂无预览：{{first}}',
  invalidMore: '器件参数有 {{count}} 处错误，暂无预览，首个：{{first}}',
  invalidNoIssue: '器件参数不完整，暂无预览。',
  tandem: '叠层电池按子电池分别计算，编辑器中不提供电学预览；请使用完整计算。',
  error: '预览无法计算：{{msg}}',
  workerError: '预览程序出错（{{msg}}），请刷新页面；编辑和完整计算不受影响。',
};

export const en: Messages<typeof zh> = {
  title: 'Electrical preview',
  badge: 'Preview (coarse mesh)',
  differs:
    "A quick estimate on a coarse mesh, a guide while editing: {{nodes}} grid points, a {{step}} mV voltage step, the steady J-V under light only. The full calculation uses the device's own grid ({{fullNodes}}) and step ({{fullStep}} mV) and computes everything it asks for (dark J-V, EQE, transient, impedance, ...). Their figures may differ a little; the full calculation is the result.",
  fullNodesDefault: '400 points by default',
  fullNodes: '{{n}} points',
  jsc: 'Short-circuit current density Jsc',
  voc: 'Open-circuit voltage Voc',
  ff: 'Fill factor FF',
  pce: 'Efficiency PCE',
  plotTitle: 'J-V curve (preview, coarse mesh)',
  voltage: 'Voltage',
  current: 'Current density',
  series: 'Preview',
  elapsed: '{{ms}} ms',
  elapsedTitle: '{{ms}} ms from the edit to the figures shown ({{compute}} ms of it computing)',
  updating: 'Updating…',
  waiting: 'The preview appears once the device is edited.',
  noFigures: 'The current does not cross zero in the sweep (or the device is in the dark): no figures.',
  runFull: 'Run full calculation',
  runFullHint: 'Submits the full electrical calculation (the same as "{{submit}}")',
  failedTime: 'The preview did not finish within {{s}} s and was stopped; the full calculation has no such limit.',
  failedConvergence:
    'The coarse preview did not converge at V = {{v}} V; the full calculation has a finer grid and may still converge.',
  failedConvergenceNoV:
    'The coarse preview did not converge; the full calculation has a finer grid and may still converge.',
  invalid: 'The device has an error, so there is no preview: {{first}}',
  invalidMore: 'The device has {{count}} errors, so there is no preview; the first: {{first}}',
  invalidNoIssue: 'The device is incomplete, so there is no preview.',
  tandem:
    'A tandem is computed subcell by subcell: the editor has no electrical preview for it; use the full calculation.',
  error: 'The preview cannot be computed: {{msg}}',
  workerError:
    'The preview program failed ({{msg}}): reload the page; editing and the full calculation are not affected.',
};
