import type { NewsItem } from '@pvforge/contracts';

export type SeedNews = Omit<NewsItem, 'id'>;

/** First-start news and achievements about the platform itself. */
export const NEWS: readonly SeedNews[] = [
  {
    kind: 'news',
    published_at: '2026-11-26',
    title_zh: '电学模块新增有机电池激子模型与隧穿',
    title_en: 'Electrical module: excitons in organic cells and tunnelling',
    summary_zh:
      '有机体异质结可用 Onsager-Braun 场致解离，平面异质结可用激子扩散；带间隧穿、陷阱辅助隧穿和 TOPCon 隧穿氧化层也已可以计算。',
    summary_en:
      'Organic bulk heterojunctions get Onsager-Braun field-assisted dissociation and planar heterojunctions exciton diffusion; band-to-band and trap-assisted tunnelling and TOPCon tunnel oxides can be computed too.',
    body_zh:
      '有机共混层中，光生成电荷转移态，其解离概率 P 随电场和温度变化（Onsager-Braun，分离距离可取单一值或高斯分布），Langevin 双分子复合按 1 - P 减小（Koster 等，2005）；平面异质结中激子在给体和受体内扩散，只在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合、激子衰减与双分子复合的损失。隧穿方面：层内的 Hurkx 带间隧穿（隧穿结、复合结）与陷阱辅助隧穿，以及界面上的隧穿氧化层（WKB 透射对热分布取平均，厚度、势垒高度与有效质量可设）。公共器件库的 P3HT:PCBM 体异质结示例改用 Onsager-Braun 解离，新增 PM6/C60 双层激子扩散示例，TOPCon 示例的 1.5 nm SiOx 改为隧穿氧化层，不再用很低的表面复合速度代替。两端叠层电池可做电学仿真（子电池串联，以及可选的整体叠层漂移-扩散计算）。',
    body_en:
      'In an organic blend the light makes charge-transfer states that dissociate with a probability P that grows with the field and the temperature (Onsager-Braun, with one separation distance or a Gaussian spread of them), and Langevin bimolecular recombination is reduced by 1 - P (Koster et al., 2005); in a planar heterojunction excitons diffuse in the donor and the acceptor and split only at their interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate recombination, exciton decay and bimolecular recombination. Tunnelling: Hurkx band-to-band tunnelling (tunnel and recombination junctions) and trap-assisted tunnelling in a layer, and tunnel oxides at interfaces (WKB transmission averaged over the thermal distribution, with thickness, barrier heights and effective masses). In the public device library the P3HT:PCBM bulk-heterojunction example now uses Onsager-Braun dissociation, a PM6/C60 bilayer example shows exciton diffusion, and the TOPCon example computes its 1.5 nm SiOx as a tunnel oxide rather than as a very low surface recombination velocity. Two-terminal tandems can be simulated electrically (subcells in series, and optionally the whole stack as one drift-diffusion device).',
  },
  {
    kind: 'news',
    published_at: '2026-11-26',
    title_zh: '电学模块新增带电缺陷、界面缺陷与 C-V 分析',
    title_en: 'Electrical module: charged defects, interface defects and C-V analysis',
    summary_zh:
      '每层可设置多个施主、受主或中性缺陷，能级可为单一能级或按均匀、高斯、带尾分布；界面缺陷、每个缺陷造成的效率损失、C-V（Mott-Schottky）与 C-f 均可计算。',
    summary_en:
      'Each layer can hold several donor, acceptor or neutral defects, at one level or spread uniformly, as a Gaussian or as band tails; interface defects, the efficiency loss of each defect, C-V (Mott-Schottky) and C-f can be computed.',
    body_zh:
      '缺陷按 SCAPS 用户熟悉的方式填写：类型、浓度、相对导带底、价带顶或本征能级的能级位置、能量分布及其宽度、俘获截面与热速度（或俘获系数），编辑器在层表单中画出禁带内的缺陷态密度。每个能级的稳态占据按 Shockley-Read-Hall 统计计算，被俘获的电荷进入泊松方程，雅可比矩阵包含占据率的导数；界面缺陷同时与两侧能带交换载流子。结果给出被俘获电荷与占据率分布、各缺陷的复合电流，以及去掉某个缺陷后效率与开路电压的变化。C-V 在一个频率下扫描直流电压并拟合 Mott-Schottky 直线，给出掺杂浓度与内建电势；C-f 给出电容随频率的变化和 −f·dC/df。公共器件库新增带高斯体缺陷和两侧界面缺陷的钙钛矿电池，以及带带尾的 CIGS 电池。',
    body_en:
      'Defects are entered as SCAPS users know them: type, density, level against the conduction band, the valence band or the intrinsic level, energy distribution and its width, capture cross-sections with thermal velocities (or capture coefficients), and the editor draws the defect density of states inside the gap in the layer form. The steady-state occupation of every level follows Shockley-Read-Hall statistics, the trapped charge enters the Poisson equation and the Jacobian includes the derivatives of the occupation; interface defects exchange carriers with the bands on both sides. Results give the trapped charge and occupation profiles, the recombination current through each defect and the change in efficiency and open-circuit voltage without each defect. C-V sweeps the DC voltage at one frequency and fits the Mott-Schottky line for the doping and the built-in voltage; C-f gives the capacitance against frequency and -f dC/df. The public device library has a perovskite cell with a Gaussian bulk defect and interface defects at both transport layers, and a CIGS cell with band tails.',
  },
  {
    kind: 'news',
    published_at: '2026-11-25',
    title_zh: '电学模块新增离子迁移、瞬态仿真与阻抗谱',
    title_en: 'Electrical module: mobile ions, transient simulation and impedance spectroscopy',
    summary_zh:
      '钙钛矿层可设置可移动离子；瞬态协议支持预处理、反扫与正扫、光照切换和开路，给出 J-V 迟滞与迟滞指数；还可计算阻抗谱。',
    summary_en:
      'Perovskite layers can carry mobile ions; transient protocols with preconditioning, reverse and forward scans, light switching and open circuit give the J-V hysteresis and its index; impedance spectra too.',
    body_zh:
      '每层最多两种可移动离子，每种带浓度相同的固定背景电荷，与电势、电子和空穴全耦合求解；给出激活能时，扩散系数随器件温度变化。瞬态计算从初始电压下的稳态出发，采用变步长 BDF2 与局部误差控制，总电流包含位移电流，离子总数守恒。阻抗谱是直流稳态附近的精确线性化，以 Nyquist 图、Bode 图和电容 C(f) 给出。公共器件库新增一个带可移动离子与界面复合的 p-i-n 钙钛矿示例，打开后直接计算即可看到迟滞回线；扫描速率系列可给出迟滞指数随扫描速率的变化。',
    body_en:
      'A layer can hold up to two mobile ionic species, each with an immobile background of equal density, solved fully coupled with the potential, electrons and holes; with an activation energy the diffusion coefficient follows the device temperature. Transients start from the steady state at the initial voltage and are integrated by variable-step BDF2 with local error control; the current includes the displacement current and the number of ions is conserved. Impedance spectra are the exact linearisation about the DC steady state, shown as Nyquist and Bode plots and the capacitance C(f). The public device library has a new p-i-n perovskite example with mobile ions and interface recombination whose hysteresis loop shows as soon as it is run, and a scan-rate series plots the hysteresis index against the scan rate.',
  },
  {
    kind: 'news',
    published_at: '2026-11-20',
    title_zh: 'PVForge 开源光伏器件仿真平台上线',
    title_en: 'PVForge, the open-source PV device simulation platform, goes live',
    summary_zh: '面向高校研究人员、光伏设计院与企业研发人员的在线光伏器件设计与仿真平台正式上线，基础计算永久免费。',
    summary_en:
      'An online platform for designing and simulating photovoltaic devices, for university researchers, PV design institutes and industry R&D, is live. Basic calculation is free for good.',
    body_zh:
      'PVForge 将光学仿真、电学（漂移-扩散）仿真与电路模型拟合集成在一个网页平台中。注册后即可建立个人材料库与器件库、提交计算并导出结果。平台代码开源，同一套计算引擎运行在服务器、命令行工具和浏览器中。',
    body_en:
      'PVForge brings optical simulation, electrical (drift-diffusion) simulation and circuit-model fitting together in one web platform. After registering you can keep a personal material library and device libraries, submit calculations and export the results. The code is open source, and the same calculation engine runs on the server, in the command-line tool and in the browser.',
  },
  {
    kind: 'achievement',
    published_at: '2026-11-18',
    title_zh: '计算引擎通过参考算例与解析极限校验',
    title_en: 'Calculation engine checked against reference cases and analytic limits',
    summary_zh: '引擎的每个模块都以参考算例、解析极限和边界情况进行测试，并给出明确的容差。',
    summary_en:
      'Every engine module is tested against reference cases, analytic limits and edge cases with tolerances stated up front.',
    body_zh:
      '光学传输矩阵、漂移-扩散求解器与电路模型均在自动化测试中与参考结果比对：例如无吸收薄膜的能量守恒、单二极管模型的 Lambert W 显式解、细致平衡效率极限等。测试随代码一起公开，任何人都可以复现。',
    body_en:
      'The optical transfer matrices, the drift-diffusion solver and the circuit models are compared with reference results in automated tests: energy conservation in non-absorbing films, the explicit Lambert W solution of the single-diode model, the detailed-balance efficiency limit and more. The tests are public with the code, so anyone can reproduce them.',
  },
  {
    kind: 'news',
    published_at: '2026-11-15',
    title_zh: '光学模块：吸收、反射、产生率与绒面修正',
    title_en: 'Optical module: absorption, reflection, generation rate and texture correction',
    summary_zh: '基于传输矩阵法计算多层薄膜的吸收与反射，并给出激子/载流子产生率分布。',
    summary_en:
      'Transfer-matrix optics for multilayer stacks: absorption, reflection and the exciton/carrier generation profile.',
    body_zh:
      '光学模块支持相干薄层与非相干厚层、AM1.5G 标准光谱（300-1600 nm，步长 1 nm）及入射光谱修正，绒面粗糙度因子取值 0 到 1。计算得到的产生率可直接作为电学仿真的输入。',
    body_en:
      'The optical module handles coherent thin layers and incoherent thick layers, the AM1.5G standard spectrum (300-1600 nm in 1 nm steps) and incident-spectrum correction; the texture roughness factor ranges from 0 to 1. The resulting generation profile feeds the electrical simulation directly.',
  },
  {
    kind: 'news',
    published_at: '2026-11-12',
    title_zh: '电学模块：稳态漂移-扩散仿真',
    title_en: 'Electrical module: steady-state drift-diffusion simulation',
    summary_zh: '计算光照与暗态 J-V 曲线、特性参数、EQE/IQE、电势、载流子浓度与能带图。',
    summary_en:
      'Light and dark J-V curves, characteristic parameters, EQE/IQE, potentials, carrier densities and band diagrams.',
    body_zh:
      '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。两端叠层电池的两个子电池经理想复合结串联计算。钙钛矿的离子迁移、瞬态仿真与阻抗谱见 11 月 25 日的更新，有机电池的激子解离与扩散和隧穿见 11 月 26 日的更新。',
    body_en:
      'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. The two subcells of a two-terminal tandem are connected in series through an ideal recombination junction. Ion migration, transients and impedance spectra of perovskite cells came with the update of 25 November, exciton dissociation and diffusion in organic cells and tunnelling with the update of 26 November.',
  },
  {
    kind: 'news',
    published_at: '2026-11-10',
    title_zh: '电路模块：传统五参数模型与修正二极管模型',
    title_en: 'Circuit module: traditional five-parameter and modified diode models',
    summary_zh: '由实测 J-V 数据拟合串联电阻、并联电阻、理想因子等参数，并量化体复合、表面复合与俄歇复合。',
    summary_en:
      'Fit series and shunt resistance, ideality factor and more to measured J-V data, and quantify bulk, surface and Auger recombination.',
    body_zh:
      '传统五参数模型与修正二极管模型均在帮助文档给出的参数范围内进行有界拟合，建议提供约 1000 个电压采样点。效率损失量化将逐项说明各损失机制的贡献。',
    body_en:
      'Both the traditional five-parameter model and the modified diode model are fitted within the parameter ranges given in the help; about 1000 voltage sampling points are recommended. Efficiency-loss quantification breaks the losses down mechanism by mechanism.',
  },
  {
    kind: 'achievement',
    published_at: '2026-11-08',
    title_zh: '材料库与器件库：个人数据归用户所有',
    title_en: 'Material and device libraries: your data stays yours',
    summary_zh: '个人材料与器件保存在个人库中；用户可提交审核，通过后进入公共库并获得奖励。',
    summary_en:
      'Personal materials and devices live in personal libraries; users may submit them for review to join the public library, with a reward.',
    body_zh:
      '每个器件都有 32 位唯一器件 ID。个人库中的数据归用户本人所有，仅在用户主动提交并经后台审核通过后才会公开到公共库。',
    body_en:
      'Every device carries a unique 32-character device ID. Data in a personal library belongs to its user and becomes public only when the user submits it and the back office approves it.',
  },
  {
    kind: 'news',
    published_at: '2026-11-05',
    title_zh: '引用说明：在论文中使用 PVForge 的结果',
    title_en: 'Citation: using PVForge results in your papers',
    summary_zh: '如在论文或报告中使用本平台的计算结果，请按新闻页的引用说明注明平台及其论文。',
    summary_en:
      'If you use results from this platform in a paper or report, please cite the platform and its paper as the news page explains.',
    body_zh:
      '每条计算结果都保存了完整输入、引擎版本与输入哈希，便于他人复现。引用时请注明平台名称、访问地址与平台论文。',
    body_en:
      'Every result stores its exact input, the engine version and the input hash, so that others can reproduce it. When citing, give the platform name, its address and the platform paper.',
  },
];
