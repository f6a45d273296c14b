import type { MessageCatalogue } from '@pvforge/contracts';

/**
 * The SCAPS importer's and exporter's messages in the UI languages, by code. Errors carry {file}
 * and {line}; report items carry the SCAPS key or the DeviceSpec {path} they are about.
 */
export const SCAPS_MESSAGES: MessageCatalogue = {
  'scaps.one-def': {
    'zh-CN': '请只给一个 .def 文件（收到 {found} 个）',
    en: 'give exactly one .def file (got {found})',
  },
  'scaps.too-large': {
    'zh-CN': '{file} 有 {chars} 个字符，远大于 SCAPS 文件（上限 {max}）',
    en: '{file} has {chars} characters, far more than a SCAPS file (at most {max})',
  },
  'scaps.binary': { 'zh-CN': '{file} 不是文本文件', en: '{file} is not a text file' },
  'scaps.no-layer': {
    'zh-CN': '{file} 第 {line} 行：没有 layer 段，不是 SCAPS 定义文件或文件被截断',
    en: '{file} line {line}: no "layer" section; not a SCAPS definition file, or truncated',
  },
  'scaps.contacts': {
    'zh-CN': '{file} 第 {line} 行：应有两个接触段，找到 {found} 个（文件被截断？）',
    en: '{file} line {line}: expected two contact sections, found {found} (truncated?)',
  },
  'scaps.no-working-point': {
    'zh-CN': '{file} 第 {line} 行：没有 working point 段，文件被截断',
    en: '{file} line {line}: no "working point" section; the file is truncated',
  },
  'scaps.too-many-layers': {
    'zh-CN': '{file} 第 {line} 行：层数超过 {max}',
    en: '{file} line {line}: more than {max} layers',
  },
  'scaps.too-many-defects': {
    'zh-CN': '{file} 第 {line} 行：层“{layer}”有 {count} 个缺陷能级，最多 20 个',
    en: '{file} line {line}: layer "{layer}" has {count} defect levels; at most 20',
  },
  'scaps.orphan': {
    'zh-CN': '{file} 第 {line} 行：“{section}”段位置不对（文件被截断或损坏）',
    en: '{file} line {line}: a "{section}" section out of place (truncated or damaged file)',
  },
  'scaps.missing': {
    'zh-CN': '{file} 第 {line} 行：{section} 缺少 {key}',
    en: '{file} line {line}: {section} lacks {key}',
  },
  'scaps.unit': {
    'zh-CN': '{file} 第 {line} 行：{key} 的单位是 [{got}]，SCAPS 写作 [{want}]',
    en: '{file} line {line}: {key} is in [{got}]; SCAPS writes [{want}]',
  },
  'scaps.not-number': {
    'zh-CN': '{file} 第 {line} 行：{key} 的值“{got}”不是数字',
    en: '{file} line {line}: {key}: "{got}" is not a number',
  },
  'scaps.range': {
    'zh-CN': '{file} 第 {line} 行：{key} 必须在 {min} 到 {max} 之间',
    en: '{file} line {line}: {key} must be between {min} and {max}',
  },
  'scaps.reference': {
    'zh-CN': '{file} 第 {line} 行：缺陷能量参考“{got}”无效',
    en: '{file} line {line}: defect energy reference "{got}" is not valid',
  },
  'scaps.distribution': {
    'zh-CN': '{file} 第 {line} 行：能量分布“{got}”不是 SCAPS 的写法',
    en: '{file} line {line}: energy distribution "{got}" is not one SCAPS writes',
  },
  'scaps.defect-type': {
    'zh-CN': '{file} 第 {line} 行：缺陷类型“{got}”没有可用的单一电荷态',
    en: '{file} line {line}: defect type "{got}" has no single charge state to take',
  },
  'scaps.abs-missing': {
    'zh-CN': '{file} 第 {line} 行：缺少该层引用的吸收文件“{abs}”，请把它与 .def 一起提供',
    en: '{file} line {line}: the absorption file "{abs}" this layer names was not given; add it beside the .def',
  },
  'scaps.abs-name': {
    'zh-CN': '{file} 第 {line} 行：选择了“from file”却没有文件名',
    en: '{file} line {line}: absorption "from file" without the file name',
  },
  'scaps.abs-row': {
    'zh-CN': '{file} 第 {line} 行：应为两个数（波长或能量、吸收系数）',
    en: '{file} line {line}: expected two numbers (wavelength or energy, alpha)',
  },
  'scaps.abs-negative': {
    'zh-CN': '{file} 第 {line} 行：波长或吸收系数为负',
    en: '{file} line {line}: negative wavelength or absorption',
  },
  'scaps.abs-short': { 'zh-CN': '{file} 少于两行数据', en: '{file} holds fewer than two rows of data' },
  'scaps.device-invalid': {
    'zh-CN': '导入得到的器件未通过检查：{errors}',
    en: 'the imported device does not pass the check: {errors}',
  },
  'scaps.internal': { 'zh-CN': '导入器无法读取该文件：{text}', en: 'the importer could not read the file: {text}' },
  'scaps.section': { 'zh-CN': '段“{section}”', en: 'section "{section}"' },
  'scaps.title': { 'zh-CN': '标题或注释行', en: 'title or comment line' },
  'scaps.unknown': { 'zh-CN': '“{key}”未被 PVForge 读取', en: '"{key}" is not read by PVForge' },
  'scaps.solver': {
    'zh-CN': '“{key}”是 SCAPS 的求解或分析设置，PVForge 的求解器有自己的设置',
    en: '"{key}" is a SCAPS solver or analysis setting; PVForge\'s solver has its own',
  },
  'scaps.refused-switch': {
    'zh-CN': 'SCAPS 中开启了{what}，PVForge 此处不模拟，器件不含它',
    en: '{what} is switched on in SCAPS; PVForge does not model it here, the device runs without it',
  },
  'scaps.switch-off': { 'zh-CN': '已关闭', en: 'switched off' },
  'scaps.mass-unused': {
    'zh-CN': '有效质量仅用于隧穿，而隧穿已关闭',
    en: 'effective masses are used only for tunnelling, which is off',
  },
  'scaps.illuminated': { 'zh-CN': '光从{side}侧入射', en: 'light from the {side}' },
  'scaps.grading-linear': {
    'zh-CN': '{key} 渐变：前表面 {front}，背表面 {back}；SCAPS 的组分规律以线性变化代替',
    en: "{key} graded from {front} (front) to {back} (back); SCAPS's composition law replaced by a linear change",
  },
  'scaps.grading-not-gradable': {
    'zh-CN': '{key} 在 SCAPS 中渐变，PVForge 不渐变此量，取前表面值',
    en: '{key} is graded in SCAPS; PVForge does not grade it, the front-face value is used',
  },
  'scaps.profile': {
    'zh-CN': '{key} 在 SCAPS 中为 {profile} 分布，按均匀取值',
    en: '{key} has a {profile} profile in SCAPS; taken as uniform',
  },
  'scaps.composition': {
    'zh-CN': '组分渐变：读取 SCAPS 写出的各渐变行的两端值',
    en: 'composition grading: the face values SCAPS wrote in each graded row are read',
  },
  'scaps.vth-unused': { 'zh-CN': '该层没有缺陷使用热速度', en: 'no defect in this layer uses the thermal velocity' },
  'scaps.legacy-absorption': {
    'zh-CN': 'SCAPS 为 3.3.06 及更早版本保留的旧吸收系数，未被选用',
    en: 'legacy absorption coefficients kept for SCAPS up to 3.3.06; not the chosen ones',
  },
  'scaps.pure-b': {
    'zh-CN': '纯 B 材料的吸收，仅在组分渐变层中使用',
    en: "the pure-B material's absorption, used only in a composition-graded layer",
  },
  'scaps.abs-mixed': {
    'zh-CN':
      '组分 y = {y}（带隙最小的表面，Eg {eg} eV）的吸收：{abs}（纯 A，Eg {egA} eV）与 {absB}（纯 B，Eg {egB} eV）各自按光子能量平移到该带隙后按 (1 - y) A + y B 混合；整层用同一张表，SCAPS 则随组分变化',
    en: 'absorption of composition y = {y} (the face of smallest gap, Eg {eg} eV): {abs} (pure A, Eg {egA} eV) and {absB} (pure B, Eg {egB} eV) each shifted in photon energy to that gap and mixed as (1 - y) A + y B; one table for the whole layer, where SCAPS varies it with the composition',
  },
  'scaps.abs-loaded': {
    'zh-CN': '吸收表 {abs}（{points} 点，第一列单位 {x}，吸收系数单位 {alpha}）；折射率取 2（SCAPS 无折射率）',
    en: 'absorption table {abs} ({points} points, first column in {x}, alpha in {alpha}); refractive index 2 (SCAPS has none)',
  },
  'scaps.model-not-chosen': { 'zh-CN': '未选用的吸收模型', en: 'an absorption model that is not the one chosen' },
  'scaps.model-approx': {
    'zh-CN': 'SCAPS 吸收模型“{model}”按平方根定律及其两个参数处理',
    en: 'SCAPS model "{model}" taken as the square-root law with its two parameters',
  },
  'scaps.sqrt-a': {
    'zh-CN': 'α = (A + B/hν)·sqrt(hν − Eg) 中的 A，单位 1/(cm·sqrt(eV))',
    en: 'A of alpha = (A + B/hv) sqrt(hv - Eg), in 1/(cm sqrt(eV))',
  },
  'scaps.multilevel': {
    'zh-CN': '{levels} 能级缺陷：每个能级作为独立缺陷，各取全部密度',
    en: 'a {levels}-level defect: each level taken as a defect of its own with the whole density',
  },
  'scaps.tail-et': { 'zh-CN': '带尾从带边开始，不使用 Et', en: 'a band tail starts at its band edge; Et is not used' },
  'scaps.tail-ref': { 'zh-CN': '带尾以其自身带边为参考', en: 'a band tail is referred to its own band edge' },
  'scaps.ekar-single': { 'zh-CN': '单能级没有宽度', en: 'a single level has no width' },
  'scaps.ekar-gauss': { 'zh-CN': 'Ekar 作为高斯分布的标准差', en: "Ekar taken as the Gaussian's standard deviation" },
  'scaps.nt-profile': {
    'zh-CN': '缺陷密度在 SCAPS 中空间渐变，按左表面值均匀取值',
    en: 'the defect density is graded in SCAPS; taken as uniform at its left-face value',
  },
  'scaps.profile-param': {
    'zh-CN': '未选用的空间分布参数（均匀分布）',
    en: 'a parameter of a spatial profile that is not chosen (homogeneous)',
  },
  'scaps.interface-name': { 'zh-CN': '界面以两侧层命名', en: 'the interface is named by its two layers' },
  'scaps.interface-empty': {
    'zh-CN': '无缺陷的界面：无需映射（两种工具都按热电子发射穿越）',
    en: 'an interface without defects: nothing to map (both tools use thermionic emission)',
  },
  'scaps.sigma-sides': {
    'zh-CN': 'SCAPS 两侧各有俘获截面（{left}、{right} cm²），此处取几何平均 {used}',
    en: 'SCAPS has a cross-section per side ({left}, {right} cm²); their geometric mean {used} here',
  },
  'scaps.if-reference': { 'zh-CN': '能量参考已换算：{how}', en: 'energy reference converted: {how}' },
  'scaps.if-vth': {
    'zh-CN': 'SCAPS 用两侧各自的热速度，此处取两层的几何平均',
    en: "SCAPS uses each side's thermal velocity; the geometric mean of the two layers here",
  },
  'scaps.contact-kind': { 'zh-CN': '{side}接触：{kind}', en: '{side} contact: {kind}' },
  'scaps.flatband-fim': {
    'zh-CN': '平带接触：SCAPS 忽略功函数',
    en: 'a flat-band contact: SCAPS ignores the work function',
  },
  'scaps.batch': { 'zh-CN': 'SCAPS 的批处理设置', en: 'a SCAPS batch setting' },
  'scaps.contact-optics': {
    'zh-CN': '“{key}”：未读取接触的光学滤波，请在器件中设置反射率',
    en: '"{key}": contact optical filters are not read; set the reflectance in the device',
  },
  'scaps.polarity': {
    'zh-CN': 'SCAPS 的电压参考；PVForge 在阳极（{anode}接触）加正向偏压，光电流为正',
    en: "SCAPS's voltage reference; PVForge applies forward bias at the anode (the {anode} contact) with photocurrent positive",
  },
  'scaps.sign': {
    'zh-CN': 'SCAPS 的符号约定；PVForge 以产生功率和光电流为正',
    en: 'SCAPS sign convention; PVForge reports generated power and photocurrent as positive',
  },
  'scaps.reflectance': {
    'zh-CN': '前表面反射 {r}、透射 {t}：反射率 1−(1−R)T = {reflectance}',
    en: 'front reflection {r}, transmission {t}: reflectance 1-(1-R)T = {reflectance}',
  },
  'scaps.sweep-default': {
    'zh-CN':
      '.def 不含电压扫描、光谱、温度和串并联电阻：取 0 到 {stopV} V（延续到开路电压），AM1.5G 300 到 {endNm} nm，300 K，无电阻',
    en: 'the .def holds no sweep, spectrum, temperature or resistances: 0 to {stopV} V (continued to Voc), AM1.5G 300 to {endNm} nm, 300 K, no resistances',
  },
  'scaps.sweep-default-rs': {
    'zh-CN':
      '.def 不含电压扫描、光谱和温度：取 0 到 {stopV} V（延续到开路电压），AM1.5G 300 到 {endNm} nm，300 K；串联电阻与并联电导取自文件',
    en: 'the .def holds no sweep, spectrum or temperature: 0 to {stopV} V (continued to Voc), AM1.5G 300 to {endNm} nm, 300 K; its series resistance and shunt conductance are read',
  },
  'scaps.circuit-off': {
    'zh-CN': 'SCAPS 中{what}已关闭，不计入',
    en: 'the {what} is switched off in SCAPS; not used',
  },
  'scaps.gsh': {
    'zh-CN': 'SCAPS 的并联电导 {gsh} S/m² 即并联电阻 1/Gsh = {rsh} Ω·cm²',
    en: "SCAPS's shunt conductance {gsh} S/m² is the shunt resistance 1/Gsh = {rsh} Ω·cm²",
  },
  'scaps.export-optical-layer': {
    'zh-CN': '“{layer}”是纯光学层，SCAPS 只有半导体层',
    en: '"{layer}" is an optical-only layer; SCAPS has semiconductor layers only',
  },
  'scaps.export-field': {
    'zh-CN': '{path}：SCAPS 没有此输入（{field}）',
    en: '{path}: SCAPS has no input for {field}',
  },
  'scaps.export-not-electrical': {
    'zh-CN': '器件没有电学部分，SCAPS 文件需要它',
    en: 'the device has no electrical part; a SCAPS file needs one',
  },
  'scaps.export-not-in-def': {
    'zh-CN': '{path}：不属于 SCAPS 定义文件（在 SCAPS 的面板中设置）',
    en: "{path}: not part of a SCAPS definition file (set it in SCAPS's panels)",
  },
  'scaps.export-optics': {
    'zh-CN': '{path}：{kind} 光学模型在 SCAPS 中无对应，写为默认平方根定律，请为 SCAPS 提供吸收文件',
    en: '{path}: the {kind} optical model has no SCAPS form; written as the default square-root law; give SCAPS an absorption file',
  },
  'scaps.export-n': { 'zh-CN': '{path}：SCAPS 没有折射率', en: '{path}: SCAPS has no refractive index' },
  'scaps.export-sqrt-eg': {
    'zh-CN': '{path}：SCAPS 的平方根定律使用层的带隙 {egEV} eV',
    en: "{path}: SCAPS's square-root law uses the layer gap {egEV} eV",
  },
  'scaps.export-extrapolation': {
    'zh-CN': '{path}：SCAPS 在吸收文件两端外保持端值',
    en: '{path}: SCAPS holds the end values of an absorption file',
  },
  'scaps.export-vth': {
    'zh-CN': '{path}：SCAPS 每层只有一个热速度',
    en: '{path}: SCAPS has one thermal velocity per layer',
  },
  'scaps.export-layer-trap': {
    'zh-CN': '{path}：层陷阱写为 SCAPS 的中性单能级缺陷（相同的 SRH）',
    en: '{path}: the layer trap is written as a neutral single-level SCAPS defect (the same SRH)',
  },
  'scaps.export-lifetime': {
    'zh-CN': '{path}：SRH 寿命写为位于 Ei 的中性缺陷，1/τ = σ·v_th·Nt',
    en: '{path}: SRH lifetimes written as a neutral defect at Ei with 1/τ = σ v_th Nt',
  },
  'scaps.export-capture': {
    'zh-CN': '{path}：俘获系数写为截面 c / v_th',
    en: '{path}: capture coefficient written as a cross-section c / v_th',
  },
  'scaps.export-defect-name': { 'zh-CN': '{path}：SCAPS 的缺陷没有名称', en: '{path}: SCAPS defects have no names' },
  'scaps.export-tail-ref': {
    'zh-CN': '{path}：以本征能级为起点的带尾在 SCAPS 中无对应，写为价带尾',
    en: '{path}: a tail from the intrinsic level has no SCAPS form; written as a valence band tail',
  },
  'scaps.export-if-trap': {
    'zh-CN': '{path}：界面陷阱写为 SCAPS 的中性界面缺陷',
    en: '{path}: the interface trap is written as a neutral SCAPS interface defect',
  },
  'scaps.export-if-s': {
    'zh-CN': '{path}：界面复合速度写为中带中性界面缺陷，S = σ·v_th·N',
    en: '{path}: the interface velocity is written as a neutral mid-gap interface defect, S = σ v_th N',
  },
  'scaps.export-thermionic': {
    'zh-CN': '{path}：SCAPS 在每个异质结都有自己的热电子发射',
    en: '{path}: SCAPS has its own thermionic emission at every heterojunction',
  },
  'scaps.export-tunnel-oxide': {
    'zh-CN': '{path}：隧穿氧化层在 SCAPS 中无对应',
    en: '{path}: a tunnel oxide has no SCAPS form here',
  },
  'scaps.export-interface-adjacent': {
    'zh-CN': '{path}：该界面不在两个相邻电学层之间',
    en: '{path}: the interface is not between two adjacent electrical layers',
  },
  'scaps.export-interface-empty': {
    'zh-CN': '{path}：该界面没有可写为 SCAPS 界面缺陷的内容，SCAPS 中该界面无复合',
    en: '{path}: nothing of this interface is written as a SCAPS interface defect; SCAPS keeps it without recombination',
  },
  'scaps.export-s-infinite': {
    'zh-CN': '{path}：无穷大的复合速度写为 1e7 m/s',
    en: '{path}: an infinite velocity is written as 1e7 m/s',
  },
  'scaps.export-anode': {
    'zh-CN': '{path}：SCAPS 由接触决定极性，会以{derived}接触为阳极',
    en: '{path}: SCAPS derives the polarity from the contacts, which make the {derived} contact the anode',
  },
  'scaps.export-generation': {
    'zh-CN': '{path}：SCAPS 用带前表面反射的 Beer-Lambert 计算产生率，{kind} 产生率未写出',
    en: '{path}: SCAPS computes generation by Beer-Lambert with a front reflection; the {kind} generation is not written',
  },
};
