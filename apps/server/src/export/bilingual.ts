/**
 * Bilingual headers (Chinese first, English in brackets), asked for with `headers: 'zh-en'`:
 * '波长 (Wavelength, nm)'. Applied to finished tables so that the builders stay in one language; a
 * header without a translation (e.g. a user's layer name on its own) stays English.
 */
import type { Table } from './table.js';

const WORDS: Record<string, string> = {
  Wavelength: '波长',
  R: '反射率',
  T: '透射率',
  EQE: '外量子效率',
  IQE: '内量子效率',
  Haze: '雾度',
  'R specular': '镜面反射率',
  'R diffuse': '漫反射率',
  Layer: '层',
  Role: '功能',
  Coherent: '相干',
  Carriers: '载流子',
  Thickness: '厚度',
  Jph: '光电流密度',
  Position: '位置',
  'Depth in layer': '层内深度',
  G: '产生率',
  V: '电压',
  J: '电流密度',
  'V internal': '内部电压',
  'Newton iterations': '牛顿迭代次数',
  qG: '产生电流',
  'Contact anode': '阳极接触复合',
  'Contact cathode': '阴极接触复合',
  'R contact anode': '阳极接触复合',
  'R contact cathode': '阴极接触复合',
  Bias: '偏压',
  Ec: '导带底',
  Ev: '价带顶',
  EFn: '电子准费米能级',
  EFp: '空穴准费米能级',
  Potential: '电势',
  Field: '电场',
  n: '电子浓度',
  p: '空穴浓度',
  Jn: '电子电流密度',
  Jp: '空穴电流密度',
  'R SRH': 'SRH复合率',
  'R radiative': '辐射复合率',
  'R Auger': '俄歇复合率',
  Curve: '曲线',
  Converged: '收敛',
  Jsc: '短路电流密度',
  Voc: '开路电压',
  FF: '填充因子',
  PCE: '转换效率',
  Vmp: '最大功率点电压',
  Jmp: '最大功率点电流密度',
  Pmax: '最大功率',
  Pin: '入射功率',
  'Bias points': '偏压点数',
  Elapsed: '耗时',
  Error: '错误',
  Quantity: '物理量',
  Value: '数值',
  Unit: '单位',
  Item: '项目',
  Parameter: '参数',
  Description: '说明',
  'Log scale': '对数尺度',
  Fixed: '固定',
  'At bound': '触及边界',
  'Lower bound': '下限',
  'Upper bound': '上限',
  'Std error': '标准误差',
  'J data': '测量电流密度',
  'J fit': '拟合电流密度',
  Kind: '类型',
  'EQE data': '测量外量子效率',
  'EQE fit': '拟合外量子效率',
  'RMSE of a J-V': 'J-V 曲线的均方根误差',
  'RMSE of an EQE': 'EQE 曲线的均方根误差',
  'RMSE of a C-V or C-f': 'C-V 或 C-f 曲线的均方根误差',
  'C data': '测量电容',
  'C fit': '拟合电容',
  'Residual fit - data': '残差',
  'J radiative': '辐射复合电流',
  'J bulk SRH': '体SRH复合电流',
  'J interface': '界面复合电流',
  'J Auger': '俄歇复合电流',
  'J shunt': '分流电流',
  Step: '步骤',
  Loss: '损失',
  Remaining: '剩余',
  'Loss removed': '消除的损失',
  Gain: '增益',
  'Share of single gains': '单项增益占比',
  Channel: '通道',
  Power: '功率',
  'A electrical layers': '电学层吸收率',
  Time: '时间',
  Scan: '扫描',
  Direction: '方向',
  Rate: '扫描速率',
  Profile: '分布',
  'Hysteresis index': '迟滞指数',
  'Ion number drift': '离子总数相对漂移',
  'Time steps': '时间步数',
  'Rejected steps': '被拒时间步数',
  Frequency: '频率',
  "Z'": '阻抗实部',
  "Z''": '阻抗虚部',
  '|Z|': '阻抗模',
  Phase: '相位',
  C: '电容',
  'DC voltage': '直流电压',
  'DC current': '直流电流',
  Light: '光照',
  Suns: '光强（太阳数）',
  RMSE: '均方根误差',
  'R²': '决定系数',
  'Losses by PCE gain': '按效率增益排序的损失',
  'Determined by the data': '数据能否确定',
  'J absorber volume': '吸收层体内复合电流',
  'Parameter A': '参数 A',
  'Parameter B': '参数 B',
  Correlation: '相关系数',
  Path: '字段路径',
  Label: '名称',
  Statement: '结论',
  'Interval method': '区间方法',
  Start: '初值',
  'Tied to': '绑定到',
  Points: '点数',
  'Chi-square': '卡方',
  'Weighted residual': '加权残差',
  'Forward runs': '正向计算次数',
};

/** Quantities made of a name and a fixed part: 'A MAPbI3', 'MAPbI3 SRH', 'Interface A/B'. */
const PATTERNS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^A (.+)$/, (m) => `吸收率 ${m[1]}`],
  [/^(.+) SRH$/, (m) => `SRH复合 ${m[1]}`],
  [/^(.+) radiative$/, (m) => `辐射复合 ${m[1]}`],
  [/^(.+) Auger$/, (m) => `俄歇复合 ${m[1]}`],
  [/^R interface (.+)$/, (m) => `界面复合 ${m[1]}`],
  [/^Interface (.+)$/, (m) => `界面复合 ${m[1]}`],
  [/^Ions (\d+) (.+)$/, (m) => `可移动离子 ${m[1]} ${m[2]}`],
];

/** Confidence-interval columns: 'CI low 95%', 'CI high 95% (individual)' (that bracket is no unit). */
const CI = /^CI (low|high) (\S+)( \(individual\))?$/;
/** Profile-likelihood interval columns: 'Profile-likelihood low 95%'. */
const PROFILE = /^Profile-likelihood (low|high) (\S+)$/;

export function bilingualHeader(header: string): string {
  const ci = CI.exec(header);
  if (ci) {
    const zh = `置信区间${ci[1] === 'low' ? '下限' : '上限'} ${ci[2]}${ci[3] ? ' 单独' : ''}`;
    return `${zh} (${header.replace(' (individual)', ', individual')})`;
  }
  const pl = PROFILE.exec(header);
  if (pl) return `剖面似然区间${pl[1] === 'low' ? '下限' : '上限'} ${pl[2]} (${header})`;
  // 'Quantity (unit)' split at its last bracket pair
  const m = /^(.*) \(([^()]*)\)$/.exec(header);
  const quantity = m ? m[1]! : header;
  const unit = m ? m[2]! : undefined;
  // own keys only: a header such as 'constructor' must not find Object.prototype's
  let zh = Object.hasOwn(WORDS, quantity) ? WORDS[quantity] : undefined;
  if (!zh)
    for (const [re, f] of PATTERNS) {
      const mm = quantity.match(re);
      if (mm) {
        zh = f(mm);
        break;
      }
    }
  if (!zh) return header;
  return unit === undefined ? `${zh} (${quantity})` : `${zh} (${quantity}, ${unit})`;
}

export function bilingualTables(tables: Table[]): Table[] {
  return tables.map((t) => ({ ...t, headers: t.headers.map(bilingualHeader) }));
}
