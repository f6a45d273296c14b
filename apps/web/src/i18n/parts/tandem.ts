import type { Messages } from '../types';

/**
 * Monolithic two-terminal tandems (issue 13): the subcell assignment in the layer list and the
 * tandem result view (2T beside 4T, subcell J-V, photocurrents and mismatch, current matching).
 */
export const zh = {
  editor: {
    subcell: '叠层子电池',
    subcellTip:
      '两端叠层器件中本层所属的子电池：顶电池（受光面一侧）、底电池，或两者之间的结层（仅在把整个叠层作为一个器件计算时使用）。不填表示非叠层器件。',
    none: '非叠层',
    top: '顶电池',
    bottom: '底电池',
    junction: '复合结',
    title: '叠层电池',
    notTandem: '在层列表中为各层指定顶电池或底电池后，本器件即作为两端叠层电池计算。',
    sweep: '顶电池厚度扫描（电流匹配）',
    sweepTip: '只做光学计算：改变一层顶电池的厚度，比较两个子电池的光电流，给出两者相等时的厚度。',
    sweepLayer: '扫描的层',
    fullStack: '整体叠层漂移-扩散计算',
    fullStackTip:
      '除子电池串联的结果外，再把所有电学层作为一个器件求解，从两个子电池的解出发，可看到理想串联忽略的结损失。子电池之间用层间复合界面（设置表面复合速度）；含复合结层的叠层暂不收敛。要求电学层彼此相邻：子电池之间不能有只有光学参数的层（如 ITO 复合层）。计算时间约增加一半。',
  },
  result: {
    title: '两端叠层电池',
    figures: '叠层与子电池特性参数',
    curve: '曲线',
    series: '两端叠层（子电池串联）',
    fourTerminal: '四端（子电池效率相加）',
    topCell: '顶电池',
    bottomCell: '底电池',
    wholeStack: '两端叠层（整体漂移-扩散）',
    jv: '子电池与叠层 J-V 曲线',
    photocurrents: '光电流与失配',
    quantity: '量',
    value: '数值',
    jphTop: '顶电池光电流',
    jphBottom: '底电池光电流',
    jscTop: '顶电池短路电流',
    jscBottom: '底电池短路电流',
    mismatch: '电流失配（顶 − 底）',
    mismatchRel: '相对失配',
    limiting: '限流子电池',
    reflected: '反射损失',
    parasitic: '寄生吸收',
    sweep: '顶电池厚度扫描（电流匹配）',
    jTop: '顶电池',
    jBottom: '底电池',
    matched: '{{layer}} 厚度约 {{d}} nm 时两子电池光电流相等',
    notMatched: '在扫描范围内两子电池光电流未相等',
    notConverged: '{{cell}}的 J-V 计算未收敛：{{error}}',
    note: '两端结果由两个子电池分别计算后串联得到（电流相同、电压相加、无旁路二极管），子电池之间为理想复合结；四端结果为两个子电池各自在最大功率点工作时的效率之和。',
    noteWhole: '整体漂移-扩散结果把整个叠层作为一个器件求解，包括子电池之间的结及其损失。',
    wholeStackRun: '整体叠层',
  },
};

export const en: Messages<typeof zh> = {
  editor: {
    subcell: 'Tandem subcell',
    subcellTip:
      'The subcell of a two-terminal tandem this layer belongs to: the top cell (light side), the bottom cell, or a junction layer between them (used only when the whole stack is solved as one device). Leave empty for a single-junction device.',
    none: 'Not a tandem',
    top: 'Top cell',
    bottom: 'Bottom cell',
    junction: 'Junction',
    title: 'Tandem',
    notTandem:
      'Assign layers to the top or the bottom cell in the layer list and the device is computed as a two-terminal tandem.',
    sweep: 'Top-cell thickness sweep (current matching)',
    sweepTip:
      'Optics only: vary the thickness of one top-cell layer, compare the photocurrents of the two subcells and find the thickness at which they are equal.',
    sweepLayer: 'Layer swept',
    fullStack: 'Whole-stack drift-diffusion run',
    fullStackTip:
      "Besides the subcells in series, solve all electrical layers as one device, started from the two subcells' solutions: it shows the junction losses the ideal series connection leaves out. Join the subcells by a recombination interface (with surface recombination velocities); stacks with junction layers do not converge yet. The electrical layers must be contiguous: no optical-only layer (such as an ITO recombination layer) between the subcells. The run takes about half as long again.",
  },
  result: {
    title: 'Two-terminal tandem',
    figures: 'Tandem and subcell figures',
    curve: 'Curve',
    series: '2T tandem (subcells in series)',
    fourTerminal: '4T (subcell efficiencies added)',
    topCell: 'Top cell',
    bottomCell: 'Bottom cell',
    wholeStack: '2T tandem (whole-stack drift-diffusion)',
    jv: 'Subcell and tandem J-V curves',
    photocurrents: 'Photocurrents and mismatch',
    quantity: 'Quantity',
    value: 'Value',
    jphTop: 'Top-cell photocurrent',
    jphBottom: 'Bottom-cell photocurrent',
    jscTop: 'Top-cell short-circuit current',
    jscBottom: 'Bottom-cell short-circuit current',
    mismatch: 'Current mismatch (top − bottom)',
    mismatchRel: 'Relative mismatch',
    limiting: 'Limiting subcell',
    reflected: 'Reflection loss',
    parasitic: 'Parasitic absorption',
    sweep: 'Top-cell thickness sweep (current matching)',
    jTop: 'Top cell',
    jBottom: 'Bottom cell',
    matched: 'The subcell photocurrents are equal at a {{layer}} thickness of about {{d}} nm',
    notMatched: 'The subcell photocurrents are not equal anywhere in the swept range',
    notConverged: 'The J-V of the {{cell}} did not converge: {{error}}',
    note: 'The 2T result connects the two separately computed subcells in series (one current, voltages added, no bypass diodes) with an ideal recombination junction between them; the 4T result adds the efficiencies of the two subcells, each at its own maximum power point.',
    noteWhole:
      'The whole-stack drift-diffusion result solves the stack as one device, the junction between the subcells and its losses included.',
    wholeStackRun: 'whole stack',
  },
};
