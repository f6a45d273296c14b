import type { MessageCatalogue } from '@pvforge/contracts';

/**
 * The SIMsalabim reader's and writer's messages in zh-CN and English. Report notes carry `key` (the
 * SIMsalabim name); errors carry the file and line they point at.
 */
export const SIMSALABIM_MESSAGES: MessageCatalogue = {
  // errors
  'simsalabim.no-setup': {
    'zh-CN': '文件中没有 simulation_setup.txt（收到：{names}）。',
    en: 'No simulation_setup.txt among the files (received: {names}).',
  },
  'simsalabim.old-format': {
    'zh-CN':
      '{file} 既不是 SIMsalabim 5.x 的设置文件（l1 = L1_parameters.txt），也不是 4.x 的器件文件（CB、VB、mun_0）。',
    en: '{file} is neither a SIMsalabim 5.x setup (l1 = L1_parameters.txt) nor a 4.x device file (CB, VB, mun_0).',
  },
  'simsalabim.no-layers': {
    'zh-CN': '{file} 没有列出层文件（l1 = L1_parameters.txt …）。',
    en: '{file} names no layer files (l1 = L1_parameters.txt ...).',
  },
  'simsalabim.missing-file': {
    'zh-CN': '{from} 第 {line} 行：{key} 引用的文件 {file}（{what}）没有提供。',
    en: '{from} line {line}: {key} names {file} ({what}), which was not given.',
  },
  'simsalabim.missing-key': {
    'zh-CN': '{file} 缺少 {key}（SIMsalabim 需要它）。',
    en: '{file}: {key} is missing (SIMsalabim needs it).',
  },
  'simsalabim.not-number': {
    'zh-CN': '{file} 第 {line} 行：{key} 应为数字（得到 “{got}”）。',
    en: '{file} line {line}: {key} must be a number (got "{got}").',
  },
  'simsalabim.bad-line': {
    'zh-CN': '{file} 第 {line} 行：应为 “名称 = 数值”（得到 “{text}”）。',
    en: '{file} line {line}: expected "name = value" (got "{text}").',
  },
  'simsalabim.duplicate': {
    'zh-CN': '{file} 第 {line} 行：{key} 重复给出（首次在第 {first} 行）。',
    en: '{file} line {line}: {key} is given twice (first on line {first}).',
  },
  'simsalabim.bad-row': {
    'zh-CN': '{file} 第 {line} 行：应有 {columns} 个数字（得到 “{text}”）。',
    en: '{file} line {line}: expected {columns} numbers (got "{text}").',
  },
  'simsalabim.short-table': { 'zh-CN': '{file}：数字少于两行。', en: '{file}: fewer than two rows of numbers.' },
  'simsalabim.bad-nk': {
    'zh-CN': '{file} 第 {line} 行：n,k 数据行的波长（m）须大于上一行，且 n > 0、k ≥ 0。',
    en: '{file} line {line}: an n,k row needs a wavelength (m) above the previous one, n > 0 and k >= 0.',
  },
  'simsalabim.bad-spectrum': {
    'zh-CN': '{file} 第 {line} 行：光谱数据行的波长（m）须大于上一行，辐照度（W/m²/m）≥ 0。',
    en: '{file} line {line}: a spectrum row needs a wavelength (m) above the previous one and an irradiance >= 0 (W/m^2/m).',
  },
  'simsalabim.bad-trap-file': {
    'zh-CN': '{file}：陷阱密度须 ≥ 0 且不全为 0。',
    en: '{file}: the trap densities must be >= 0 and not all 0.',
  },
  'simsalabim.bad-profile': {
    'zh-CN': '{file} 第 {line} 行：x 须递增，G 须 ≥ 0。',
    en: '{file} line {line}: x must increase and G must be >= 0.',
  },
  'simsalabim.too-many-levels': {
    'zh-CN': '{file}：{levels} 个陷阱能级；PVForge 每层或每个界面最多 {max} 个。',
    en: '{file}: {levels} trap levels; PVForge takes at most {max} per layer or interface.',
  },
  'simsalabim.band-order': {
    'zh-CN': '{file} 第 {line} 行：E_v（{ev} eV）须比 E_c（{ec} eV）更深。',
    en: '{file} line {line}: E_v ({ev} eV) must lie deeper than E_c ({ec} eV).',
  },
  'simsalabim.trap-type-value': {
    'zh-CN': '{file} 第 {line} 行：{key} 须为 -1（受主）、0（中性）或 1（施主）（得到 {got}）。',
    en: '{file} line {line}: {key} must be -1 (acceptor), 0 (neutral) or 1 (donor) (got {got}).',
  },
  'simsalabim.left-elec': {
    'zh-CN': '{file} 第 {line} 行：leftElec 须为 -1（阴极）或 1（阳极）（得到 {got}）。',
    en: '{file} line {line}: leftElec must be -1 (cathode) or 1 (anode) (got {got}).',
  },
  'simsalabim.negative': {
    'zh-CN': '{file} 第 {line} 行：{key} 不能为负。',
    en: '{file} line {line}: {key} cannot be negative.',
  },
  'simsalabim.device-check': {
    'zh-CN': '{file} 第 {line} 行（{path}）：{problem}',
    en: '{file} line {line} ({path}): {problem}',
  },
  'simsalabim.internal': { 'zh-CN': '无法读取这些文件：{problem}', en: 'Could not read the files: {problem}' },
  // report notes
  'simsalabim.layer-file': { 'zh-CN': '{key}：层文件 {file}', en: '{key}: layer file {file}' },
  'simsalabim.nk-table': { 'zh-CN': '{key}：{file}，{rows} 个波长', en: '{key}: {file}, {rows} wavelengths' },
  'simsalabim.spectrum': {
    'zh-CN': '{key}：{file}（W/m²/m 换算为 W/m²/nm）',
    en: '{key}: {file} (W/m^2/m to W/m^2/nm)',
  },
  'simsalabim.substrate': {
    'zh-CN': '{key}：衬底作为空气中 1 mm 的非相干层（SIMsalabim 把它当作没有厚度的厚玻璃）。',
    en: '{key}: the substrate becomes a 1 mm incoherent layer in air (SIMsalabim treats it as thick glass without a thickness).',
  },
  'simsalabim.calc': {
    'zh-CN': 'genProfile = calc：整个叠层的传输矩阵光学。',
    en: 'genProfile = calc: the transfer matrix of the whole stack.',
  },
  'simsalabim.none': { 'zh-CN': 'genProfile = none：均匀产生率。', en: 'genProfile = none: uniform generation.' },
  'simsalabim.g-ehp': {
    'zh-CN': '{key} × G_frac 作用于每个产生层。',
    en: '{key} x G_frac in every generating layer.',
  },
  'simsalabim.g-frac': { 'zh-CN': 'G_frac 缩放产生率。', en: 'G_frac scales the generation.' },
  'simsalabim.g-mean': {
    'zh-CN': '{layer}：PVForge 的均匀产生率在每个产生层中相同，取保持总产生量的平均值 {g} cm⁻³ s⁻¹。',
    en: "{layer}: PVForge's uniform generation is one rate in every generating layer; the mean that keeps the total, {g} cm^-3 s^-1, is used.",
  },
  'simsalabim.profile': {
    'zh-CN': '{key} = {file}：产生率分布，x 由米（自左电极起）换为 nm，G 由 m⁻³ s⁻¹ 换为 cm⁻³ s⁻¹。',
    en: '{key} = {file}: the generation profile, x in m from the left electrode to nm, G in m^-3 s^-1 to cm^-3 s^-1.',
  },
  'simsalabim.profile-stretch': {
    'zh-CN': '{file}：与 SimSS 相同，x 由 0–{last} nm 拉伸到器件厚度 {length} nm。',
    en: "{file}: x is stretched from 0-{last} nm to the device's {length} nm, as SimSS does.",
  },
  'simsalabim.profile-front': {
    'zh-CN': '{file}：SimSS 将第一段线性外推到前表面，得到 {g} cm⁻³ s⁻¹；PVForge 在前表面取 0。',
    en: '{file}: SimSS extrapolates the first segment to the front face, reaching {g} cm^-3 s^-1; PVForge starts the profile at 0.',
  },
  'simsalabim.layergen-off': {
    'zh-CN': 'layerGen = 0：{layer} 吸收光但不产生自由载流子（generatesCarriers: false）。',
    en: 'layerGen = 0: {layer} absorbs light but makes no free carriers (generatesCarriers: false).',
  },
  'simsalabim.g-ehp-zero': {
    'zh-CN': '{key} = 0：{layer} 不产生载流子（generatesCarriers: false）。',
    en: '{key} = 0: {layer} makes no carriers (generatesCarriers: false).',
  },
  'simsalabim.sfb': { 'zh-CN': '{key} = sfb：平带（欧姆）接触。', en: '{key} = sfb: a flat-band (ohmic) contact.' },
  'simsalabim.infinite': {
    'zh-CN': '{key} < 0：无穷大（无并联电阻或无限复合速度）。',
    en: '{key} < 0: infinite (no shunt, or an infinite recombination velocity).',
  },
  'simsalabim.left-elec-mapped': {
    'zh-CN': 'leftElec：阳极为 {anode} 接触。',
    en: 'leftElec: the anode is the {anode} contact.',
  },
  'simsalabim.field-mobility': {
    'zh-CN': '{key}：Poole-Frenkel 场依赖迁移率未建模，使用零场迁移率。',
    en: '{key}: the Poole-Frenkel field dependence is not modelled; the zero-field mobility is used.',
  },
  'simsalabim.distribution': { 'zh-CN': '{key}：{distribution} 分布。', en: '{key}: {distribution} distribution.' },
  'simsalabim.distribution-gaussian': {
    'zh-CN': '{key} = {got}（指数或 rⁿ 分布）未建模，使用同一 a 的高斯分布。',
    en: '{key} = {got} (exponential or r^n distributions) is not modelled; a Gaussian distribution of the same a is used.',
  },
  'simsalabim.onsager-braun': {
    'zh-CN': 'fieldDepG = 1：Onsager-Braun 解离。',
    en: 'fieldDepG = 1: Onsager-Braun dissociation.',
  },
  'simsalabim.trap-density': { 'zh-CN': '{key}：陷阱密度（{unit}）。', en: '{key}: trap density ({unit}).' },
  'simsalabim.trap-level': { 'zh-CN': '{key}：陷阱能级（真空能级以下）。', en: '{key}: the trap level, below vacuum.' },
  'simsalabim.trap-file': { 'zh-CN': '{key}：{file}，{levels} 个能级。', en: '{key}: {file}, {levels} levels.' },
  'simsalabim.trap-type': { 'zh-CN': '{key}：{type}。', en: '{key}: {type}.' },
  'simsalabim.immobile-ions': {
    'zh-CN': '{key}：不动的离子是固定电荷：先抵消异号掺杂，其余计入同号掺杂。',
    en: '{key}: immobile ions are fixed charge: they first cancel doping of the other sign, the rest is added to the doping of their sign.',
  },
  'simsalabim.ion-mobility': { 'zh-CN': '{key}：D = μkT/q。', en: '{key}: D = mu kT/q.' },
  'simsalabim.ion-mobility-tiny': {
    'zh-CN': '{key}：D = {D} cm²/s 低于 PVForge 可运行的值，改用 {used} cm²/s（稳态与之无关，瞬态有关）。',
    en: '{key}: D = {D} cm^2/s is below what PVForge runs; {used} cm^2/s is used (the steady state does not depend on it, transients would).',
  },
  'simsalabim.ions-confined': {
    'zh-CN': '{key}：SIMsalabim 中可动离子可进入 {layers}；PVForge 将其限制在本层。',
    en: '{key}: the mobile ions may enter {layers} in SIMsalabim; PVForge confines them to their own layer.',
  },
  'simsalabim.nu-int': {
    'zh-CN': '{key}：SIMsalabim 的界面转移速度变为同速度的带阶热电子发射。',
    en: "{key}: SIMsalabim's transfer velocity becomes thermionic emission over the band offset at the same velocity.",
  },
  'simsalabim.nu-int-fast': {
    'zh-CN':
      '{key} = {velocity} m/s 超过相邻层扩散速度 D/L（至多 {diffusion} m/s）的 100 倍：界面两侧准费米能级连续，即 PVForge 不含热电子发射的界面。',
    en: "{key} = {velocity} m/s is over 100 times the diffusion velocity D/L of the adjacent layers (at most {diffusion} m/s): the quasi-Fermi levels are continuous, as at PVForge's interface without thermionic emission.",
  },
  'simsalabim.vdist-log': {
    'zh-CN': 'Vdist = 2（对数电压分布）：改用 Vstep 的均匀扫描。',
    en: 'Vdist = 2 (logarithmic voltages): a uniform sweep with Vstep is used.',
  },
  'simsalabim.preCond': {
    'zh-CN': 'preCond = 1 不在稳态 J-V 中建模：每个电压下离子平衡（可用带保持段的瞬态协议表达）。',
    en: 'preCond = 1 is not modelled in a steady-state J-V: the ions are equilibrated at every voltage (a transient protocol with a hold expresses it).',
  },
  'simsalabim.fixIons': {
    'zh-CN': 'fixIons = 1 不在稳态 J-V 中建模：每个电压下离子平衡。',
    en: 'fixIons = 1 is not modelled in a steady-state J-V: the ions are equilibrated at every voltage.',
  },
  'simsalabim.ion-red-rate': {
    'zh-CN': '{key}：SimSS 4.x 中离子每隔几个电压点才重新分布；PVForge 在每个电压下使其平衡。',
    en: '{key}: the ions redistribute every few voltages in SimSS 4.x; PVForge equilibrates them at every voltage.',
  },
  'simsalabim.grain-boundaries': {
    'zh-CN': '{key}：晶界（及其陷阱）未建模，未使用。',
    en: '{key}: grain boundaries (with their traps) are not modelled; not used.',
  },
  'simsalabim.v4-derived': {
    'zh-CN': '{key}：读入由它导出的 5.x 数值。',
    en: '{key}: read into the 5.x values derived from it.',
  },
  'simsalabim.unknown-key': {
    'zh-CN': '{key} 不是 PVForge 认识的 SIMsalabim 参数，未使用。',
    en: '{key} is not a SIMsalabim parameter PVForge knows; not used.',
  },
  'simsalabim.unused-solver': {
    'zh-CN': '{key}：SIMsalabim 求解器的设置，PVForge 的求解器有自己的设置。',
    en: "{key}: a setting of SIMsalabim's solver; PVForge's solver has its own.",
  },
  'simsalabim.unused-output': { 'zh-CN': '{key}：输出或界面设置。', en: '{key}: an output or user-interface setting.' },
  'simsalabim.unused-file': { 'zh-CN': '{key}：由文件给出的值取代。', en: '{key}: overridden by the file it names.' },
  'simsalabim.unused-off': { 'zh-CN': '{key}：此设置下不起作用。', en: '{key}: has no effect with these settings.' },
  'simsalabim.unused-no-interface': {
    'zh-CN': '{key}：最后一层右侧没有界面。',
    en: '{key}: the last layer has no interface to its right.',
  },
  // export: what SIMsalabim cannot hold ({path} is the DeviceSpec path)
  'simsalabim.export-nothing': {
    'zh-CN': '器件没有电学部分，SIMsalabim 无法表达。',
    en: 'The device has no electrical part; SIMsalabim cannot express it.',
  },
  'simsalabim.export-run': {
    'zh-CN': '{path}：SimSS 只计算稳态 J-V，未写出。',
    en: '{path}: SimSS computes the steady-state J-V only; not written.',
  },
  'simsalabim.export-fermi-dirac': {
    'zh-CN': '{path}：SIMsalabim 只有玻尔兹曼统计，按玻尔兹曼统计写出。',
    en: '{path}: SIMsalabim has Boltzmann statistics only; written without Fermi-Dirac statistics.',
  },
  'simsalabim.export-gap': {
    'zh-CN': '{path}：电学层之间的光学层（叠层电池的复合层）在 SIMsalabim 的单一叠层中没有位置；电学层相邻写出。',
    en: "{path}: an optical layer between electrical layers (a tandem's recombination layer) has no place in SIMsalabim's one stack; the electrical layers are written next to each other.",
  },
  'simsalabim.export-dark': {
    'zh-CN': '{path}：无产生：在每层写 G_ehp = 0（SIMsalabim 没有暗态开关）。',
    en: '{path}: no generation: written as G_ehp = 0 in every layer (SIMsalabim has no dark switch).',
  },
  'simsalabim.export-profile': {
    'zh-CN': '{path}：{kind} 产生率按其给出的 G(x) 写成产生率分布文件（SIMsalabim 的光学不同）。',
    en: "{path}: the {kind} generation is written as the G(x) it gave, a generation profile (SIMsalabim's optics differ).",
  },
  'simsalabim.export-optical': {
    'zh-CN':
      '{path}：{kind} 产生率需要器件的 n,k 表或其 G(x)，文件中没有；写为 G_ehp = 0（请连同一次计算的产生率分布导出）。',
    en: "{path}: the {kind} generation needs the device's n,k tables or its G(x), which the files do not carry; written as G_ehp = 0 (export with a run's generation profile).",
  },
  'simsalabim.export-field': {
    'zh-CN': '{path}：SIMsalabim 没有此参数（{field}），未写出。',
    en: '{path}: SIMsalabim has no such parameter ({field}); not written.',
  },
  'simsalabim.export-dos': {
    'zh-CN': '{path}：SIMsalabim 的导带和价带共用一个态密度：N_c = √(Nc·Nv) = {value} cm⁻³，保持 n_i 不变。',
    en: '{path}: SIMsalabim has one density of states for both bands: N_c = sqrt(Nc Nv) = {value} cm^-3 keeps n_i.',
  },
  'simsalabim.export-ion-species': {
    'zh-CN': '{path}：SIMsalabim 每层只有一种阳离子和一种阴离子，未写出。',
    en: '{path}: SIMsalabim has one cation and one anion species per layer; not written.',
  },
  'simsalabim.export-ion-temperature': {
    'zh-CN': '{path}：SIMsalabim 没有激活能：写出 {T} K 下 D 对应的迁移率。',
    en: '{path}: SIMsalabim has no activation energy: the mobility of D at {T} K is written.',
  },
  'simsalabim.export-ion-activation': {
    'zh-CN': '{path}：SIMsalabim 没有离子的激活能，未写出。',
    en: '{path}: SIMsalabim has no activation energy of the ions; not written.',
  },
  'simsalabim.export-distribution': {
    'zh-CN': '{path}：{distribution} 分布写成陷阱文件中的若干单能级。',
    en: '{path}: the {distribution} distribution is written as single levels in a trap file.',
  },
  'simsalabim.export-lifetime': {
    'zh-CN': '{path}：SIMsalabim 没有 SRH 寿命：写成 E_i 处的中性陷阱，C = 1/(τ N_t)，复合相同。',
    en: '{path}: SIMsalabim has no SRH lifetimes: written as a neutral trap at E_i with C = 1/(tau N_t), the same recombination.',
  },
  'simsalabim.export-velocity': {
    'zh-CN': '{path}：SIMsalabim 没有界面复合速度：写成带隙中部的中性陷阱面，C = S/N_t，复合相同。',
    en: '{path}: SIMsalabim has no interface recombination velocity: written as a neutral trap sheet at mid-gap with C = S/N_t, the same recombination.',
  },
  'simsalabim.export-trap-set': {
    'zh-CN': '{path}：SIMsalabim 每个{where}只有一组陷阱（一种类型、一对俘获系数），未写出。',
    en: '{path}: SIMsalabim holds one set of traps (one type, one pair of capture coefficients) per {where}; not written.',
  },
  'simsalabim.export-one-lifetime': {
    'zh-CN': '{path}：只有一种载流子的寿命（或复合速度）无法写成 SIMsalabim 的陷阱，未写出。',
    en: '{path}: a lifetime (or recombination velocity) of one carrier without the other has no SIMsalabim trap; not written.',
  },
  'simsalabim.export-krad-langevin': {
    'zh-CN': '{path}：Langevin 前因子取代它（PVForge 中亦然）；SIMsalabim 在 useLangevin = 1 时不保留它。',
    en: '{path}: the Langevin prefactor replaces it (in PVForge too); SIMsalabim does not keep it beside useLangevin = 1.',
  },
  'simsalabim.export-reverse': {
    'zh-CN': '{path}：从高到低的扫描写为 Vmin < Vmax 且 Vscan = -1。',
    en: '{path}: a sweep from high to low voltage is written as Vmin < Vmax with Vscan = -1.',
  },
  'simsalabim.export-thermionic-fast': {
    'zh-CN':
      '{path}：在此速度下（超过相邻层 D/L 的 100 倍，{diffusion} m/s）SIMsalabim 的界面转移使准费米能级连续，即 PVForge 不含热电子发射的界面。',
    en: "{path}: SIMsalabim's transfer at these velocities (over 100 times the layers' D/L, {diffusion} m/s) keeps the quasi-Fermi levels continuous: it is PVForge's interface without thermionic emission.",
  },
  'simsalabim.export-nu': {
    'zh-CN': '{path}：写为 nu_int_n 和 nu_int_p。',
    en: '{path}: written as nu_int_n and nu_int_p.',
  },
  'simsalabim.export-tunnel': {
    'zh-CN': '{path}：SIMsalabim 没有隧穿氧化层，未写出。',
    en: '{path}: SIMsalabim has no tunnel oxide; not written.',
  },
};
