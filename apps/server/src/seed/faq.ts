import type { FaqItem } from '@pvforge/contracts';

export type SeedFaq = Omit<FaqItem, 'id' | 'sort'>;

const q = (question_zh: string, question_en: string, answer_zh: string, answer_en: string): SeedFaq => ({
  question_zh,
  question_en,
  answer_zh,
  answer_en,
});

/** The help page's 29 FAQ entries (spec section 1), facts from spec sections 1 and 9. */
export const FAQ: readonly SeedFaq[] = [
  q(
    'PVForge 是什么？',
    'What is PVForge?',
    'PVForge 是一个开源的在线光伏器件设计与仿真平台，面向高校研究人员、光伏设计院、企业研发人员及其他从业者，提供光学、电学与电路三类仿真模块，以及材料库和器件库。',
    'PVForge is an open-source online platform for designing and simulating photovoltaic devices, for university researchers, PV design institutes, industry R&D staff and other practitioners. It offers optical, electrical and circuit simulation modules plus material and device libraries.',
  ),
  q(
    '使用平台需要付费吗？',
    'Does using the platform cost anything?',
    '基础计算永久免费。资料库导入、效率损失量化、排队优先等高级功能今后可能收费，收费前会提前公告。',
    'Basic calculation is free for good. Advanced features (library import, efficiency-loss quantification, queue priority) may be charged later; this will be announced beforehand.',
  ),
  q(
    '如何注册账号？',
    'How do I register?',
    '点击首页右上角的“注册”，以电子邮箱作为账号，填写密码、姓名/称呼、性别、手机号码（仅支持 +86）、单位和地址，并同意用户协议。注册成功后自动登录并进入平台。',
    'Click "Register" at the top right of the home page. Your e-mail address is your account; enter a password, your name, gender, mobile number (+86 only), institution and address, and accept the user agreement. Registration logs you in and opens the platform.',
  ),
  q(
    '密码有什么要求？',
    'What are the password rules?',
    '密码长度为 6 到 32 个字符，且须包含小写字母、大写字母、数字中的至少两种。',
    'A password has 6 to 32 characters and at least two of: lowercase letters, uppercase letters, digits.',
  ),
  q(
    '忘记密码怎么办？',
    'I forgot my password. What now?',
    '在登录框中点击“忘记密码”，输入注册邮箱。我们会发送一封密码重置邮件，其中的链接 30 分钟内有效且只能使用一次。重置后，所有已登录的设备都需要重新登录。',
    'Click "Forgot password" in the login dialog and enter your registered e-mail. We send a reset mail whose link is valid for 30 minutes and works once. After the reset, every logged-in device has to log in again.',
  ),
  q(
    '我的数据归谁所有？',
    'Who owns my data?',
    '您上传和创建的数据（个人材料、器件与计算结果）归您本人所有，其他用户无法查看，除非您主动提交并经审核公开。',
    'The data you upload and create (personal materials, devices and calculation results) belongs to you. Other users cannot see it unless you submit it and it is approved for the public library.',
  ),
  q(
    '可以把自己的材料或器件分享到公共库吗？',
    'Can I share my materials or devices in the public library?',
    '可以。您可以将个人材料或器件提交后台审核，审核通过后进入公共库供所有用户使用，并可获得相应奖励。',
    'Yes. Submit a personal material or device for back-office review; once approved it joins the public library for every user, and you receive a reward.',
  ),
  q(
    '器件 ID 是什么？',
    'What is the device ID?',
    '器件库中的每个器件都有一个 32 位的唯一器件 ID，可用于查找、引用和复现该器件。',
    'Every device in a device library carries a unique 32-character device ID, used to find, cite and reproduce it.',
  ),
  q(
    '计算一直不结束怎么办？',
    'My calculation never finishes. What does that mean?',
    '计算运行约 5 分钟仍未结束，即视为不收敛。请检查网格数量、材料参数（寿命、迁移率、态密度和介电常数不能为 0）以及电压扫描范围后重新提交。',
    'A calculation that runs about 5 minutes without ending is regarded as non-convergent. Check the grid counts, the material parameters (lifetime, mobility, density of states and dielectric constant must not be 0) and the voltage range, then submit again.',
  ),
  q(
    '网格数量应如何设置？',
    'How should I set the grid counts?',
    '总网格数不超过 600。各层网格数一般取层厚比例的 1 到 5 倍；厚度超过 1 μm 的厚层不超过 500；超薄层约取 50。约 1.5 nm 的隧穿氧化层（如 TOPCon 的 SiOx）不必作为单独的层划分网格：把它设为相邻两层之间界面的“隧穿氧化层”，引擎按 WKB 隧穿计算载流子穿过它的电流。',
    "Keep the total grid count at most 600. A layer generally gets 1 to 5 times its share of the thickness; thick layers above 1 µm get no more than 500; very thin layers about 50. A tunnel oxide of about 1.5 nm (TOPCon's SiOx) needs no mesh of its own: give it as the “tunnel oxide” of the interface between its two neighbours, and the engine computes the carriers' WKB tunnelling through it.",
  ),
  q(
    '哪些材料参数不能为 0？',
    'Which material parameters must not be 0?',
    '非电极层的载流子寿命、迁移率、态密度和介电常数都不能为 0，否则方程无解或无法收敛。',
    'For every non-electrode layer, the carrier lifetime, mobility, density of states and dielectric constant must not be 0; otherwise the equations have no solution or do not converge.',
  ),
  q(
    '载流子寿命该如何理解？',
    'How should I read the carrier lifetime?',
    '寿命大于 1e3 s 时复合可以忽略；小于 1e-5 s 时复合显著，会明显降低器件性能。',
    'A lifetime above 1e3 s means negligible recombination; below 1e-5 s recombination is significant and clearly lowers the device performance.',
  ),
  q(
    '电压扫描范围有什么要求？',
    'What voltage range should I scan?',
    '电压范围的最大值必须大于器件的开路电压，否则无法得到完整的 J-V 曲线和特性参数。',
    'The maximum of the voltage range must exceed the open-circuit voltage of the device; otherwise the J-V curve and its characteristic parameters are incomplete.',
  ),
  q(
    '绒面粗糙度因子取什么值？',
    'What values does the texture roughness factor take?',
    '粗糙度因子取值在 0 到 1 之间：0 表示平面，数值越大表示绒面的陷光作用越强。',
    'The roughness factor lies between 0 and 1: 0 is a flat surface, and larger values mean stronger light trapping by the texture.',
  ),
  q(
    '光学计算使用什么光谱？',
    'Which spectrum does the optical calculation use?',
    '默认使用 AM1.5G 标准光谱，波长范围 300-1600 nm，步长 1 nm；也可以进行入射光谱修正。',
    'By default the AM1.5G standard spectrum from 300 to 1600 nm in 1 nm steps; incident-spectrum correction is available too.',
  ),
  q(
    '瞬态仿真的时间和步长如何设置？',
    'How are the transient simulation time and time step set?',
    '在电学计算的“瞬态仿真”中编写协议：从初始电压下的稳态（离子已平衡）出发，依次执行电压扫描、保持（预处理）、光照开关和开路等步骤。仿真总时长由协议决定，即各步骤的时长加上每次扫描的电压范围除以扫描速率。保存的采样点数默认 201 个，均匀分布在整个协议内，采样间隔 = 总时长 / (点数 - 1)；求解器内部的时间步长按局部误差控制自动调整，无需设置。表单会显示总时长和采样间隔。',
    "Write the protocol under “Transient simulation” in the electrical calculation: it starts from the steady state at the initial voltage (ions equilibrated) and runs its steps in order: voltage scans, holds (preconditioning), light on/off and open circuit. The total time follows from the protocol: the durations of the steps plus, for each scan, its voltage range divided by its scan rate. The saved samples, 201 by default, are spread evenly over the whole protocol, so the sample step is the total time divided by (number of points - 1); the solver's internal time steps adapt to its local error control and need no setting. The form shows the total time and the sample step.",
  ),
  q(
    '接触势垒取多少合适？',
    'What contact barrier is adequate?',
    '一般取 0.3-0.4 eV 的势垒即可满足需要。',
    'A barrier of 0.3-0.4 eV is generally adequate.',
  ),
  q(
    '传统电路模型的拟合范围是多少？',
    'What are the fit ranges of the traditional circuit model?',
    '短路电流：第一个数据点 ±5 mA/cm²；饱和暗电流：0 到 1e-3；理想因子：0 到 20；串联电阻：0 到 100 Ω·cm²；并联电阻：1e1 到 1e5。',
    'Short-circuit current: the first data point ±5 mA/cm²; saturation dark current: 0 to 1e-3; ideality factor: 0 to 20; series resistance: 0 to 100 Ω cm²; shunt resistance: 1e1 to 1e5.',
  ),
  q(
    '修正二极管模型的拟合范围是多少？',
    'What are the fit ranges of the modified diode model?',
    '体 SRH、表面 SRH 和俄歇复合电流：各 0 到 1e10；串联电阻：0 到 100；并联电阻：1e1 到 1e10。拟合时建议提供约 1000 个电压采样点。',
    'Bulk SRH, surface SRH and Auger currents: each 0 to 1e10; series resistance: 0 to 100; shunt resistance: 1e1 to 1e10. About 1000 voltage sampling points are recommended for fitting.',
  ),
  q(
    '平台有哪些仿真模块？',
    'Which simulation modules are there?',
    '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合，钙钛矿的离子迁移（瞬态仿真、J-V 迟滞与阻抗谱），有机电池的激子解离与激子扩散，以及隧穿（TOPCon 的隧穿氧化层、带间隧穿与陷阱辅助隧穿），以及每层多个带电缺陷（单一能级、均匀、高斯分布与带尾）和界面缺陷、每个缺陷造成的损失、C-V（Mott-Schottky）与 C-f 导纳谱；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
    'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination, ion migration in perovskites (transient simulation, J-V hysteresis and impedance spectra), exciton dissociation and exciton diffusion in organic cells, and tunnelling (tunnel oxides of TOPCon contacts, band-to-band and trap-assisted tunnelling); several charged defects per layer (single level, uniform, Gaussian and band tails) with interface defects, the loss each defect causes, C-V (Mott-Schottky) and C-f admittance spectra. Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
  ),
  q(
    '能模拟钙钛矿电池的离子迁移吗？',
    'Can I simulate ion migration in perovskite cells?',
    '可以。在电学计算中为钙钛矿层打开“可移动离子”，填写离子浓度、扩散系数和电荷（碘空位为 +1），可选填激活能与参考温度；每层最多两种离子，每种带浓度相同的固定背景电荷，只在本层内运动。材料库中带离子参数的钙钛矿选入器件时会一并带入。稳态 J-V 中离子在每个电压下都处于平衡；瞬态协议可设置预处理、扫描速率以及反扫和正扫，给出两条扫描曲线、各自的特性参数和迟滞指数，也可计算阻抗谱。给出激活能时，扩散系数随器件温度按 D(T) = D_ref·exp(-Ea/k·(1/T - 1/T_ref)) 变化。',
    'Yes. In the electrical calculation, switch on “Mobile ions” for the perovskite layer and give the ion density, the diffusion coefficient and the charge (+1 for iodide vacancies), optionally the activation energy and reference temperature; a layer has at most two species, each with an immobile background of equal density and moving only within its layer. A library perovskite with ion parameters brings them along when picked. In the steady-state J-V the ions are in equilibrium at every voltage; a transient protocol sets preconditioning, scan rate and reverse and forward scans and gives both scans with their figures and the hysteresis index, and an impedance spectrum can be computed too. With an activation energy the diffusion coefficient follows the device temperature, D(T) = D_ref exp(-Ea/k (1/T - 1/T_ref)).',
  ),
  q(
    '有机电池和叠层电池可以仿真吗？',
    'Can organic and tandem cells be simulated?',
    '可以，但有限制。有机电池：在共混（体异质结）吸收层的“激子”组选择电荷转移态的 Onsager-Braun 场致解离（分离距离、衰减速率 k_f，可选高斯分布），双分子复合用 Langevin 前因子并按 1 - P 减小；平面（双层）异质结的给体层和受体层选择激子扩散（扩散长度、寿命），激子在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合与双分子复合的损失。两端叠层电池可以做电学仿真：在层列表中为各层指定顶电池或底电池，整个叠层的光学计算给出每个子电池的产生率，两个子电池分别求解后串联（电流相同、电压相加），并给出四端效率、电流失配、限流子电池和顶电池厚度扫描（电流匹配）。子电池之间按理想复合结处理；勾选“整体叠层漂移-扩散计算”后，还可把整个叠层（子电池之间为层间复合界面）作为一个器件求解，从两个子电池的解出发，与串联结果并列显示。TOPCon 示例的结果另给出穿过隧穿氧化层的电子与空穴电流随电压的变化。TOPCon 结构中约 1.5 nm 的 SiOx 作为界面上的隧穿氧化层计算（WKB 隧穿，厚度、势垒高度和有效质量可设），不必再用很低的表面复合速度代替。',
    'Yes, with limits. Organic cells: in the “Excitons” group of a blend (bulk-heterojunction) absorber choose Onsager-Braun field-assisted dissociation of charge-transfer states (separation distance, decay rate k_f, optionally Gaussian-distributed), with Langevin bimolecular recombination reduced by 1 - P; for a planar (bilayer) heterojunction give the donor and the acceptor exciton diffusion (diffusion length, lifetime), and excitons split at the donor/acceptor interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate and bimolecular recombination. Two-terminal tandems can be simulated electrically: assign each layer to the top or the bottom cell in the layer list; the optics of the whole stack gives each subcell its generation, the two subcells are solved separately and connected in series (one current, voltages added), with the four-terminal efficiency, the current mismatch, the limiting subcell and a top-cell thickness sweep for current matching beside it. The subcells are joined by an ideal recombination junction; with “Whole-stack drift-diffusion run” ticked, the whole stack (a recombination interface between the subcells) is also solved as one device, started from the two subcells’ solutions, and shown beside the series result. The TOPCon example’s result also plots the electron and hole currents through the tunnel oxide against voltage. The 1.5 nm SiOx of TOPCon structures is computed as a tunnel oxide at an interface (WKB tunnelling with its thickness, barrier heights and effective masses), no longer as a very low surface recombination velocity.',
  ),
  q(
    '如何导出计算结果？',
    'How do I export results?',
    '在计算结果页面点击导出按钮即可下载数据文件；每条结果都记录了完整输入和引擎版本，方便复现。',
    'Use the export button on a result page to download the data file. Every result records its exact input and the engine version, so it can be reproduced.',
  ),
  q(
    '为什么打开光学或电学计算会弹出新窗口？',
    'Why do optical and electrical calculations open in a new window?',
    '为了便于同时对照设置与结果，从同一页面打开光学或电学计算时会在新窗口中打开。',
    'So that you can compare settings and results side by side, opening an optical or electrical calculation from the same page opens a new window.',
  ),
  q(
    '个人器件库和公共器件库有什么区别？',
    'What is the difference between personal and public device libraries?',
    '个人器件库只有您本人可见；公共器件库中的器件经后台审核，所有登录用户都可以查看和使用。光学和电学器件分别存放。',
    'Your personal device library is visible to you alone; devices in the public library have been reviewed and every logged-in user can view and use them. Optical and electrical devices are kept separately.',
  ),
  q(
    '材料库包含哪些类别？',
    'Which categories does the material library have?',
    '吸收层（有机、四面体半导体、含铅与无铅钙钛矿）、电子传输层、空穴传输层以及电极（正极、负极）。',
    'Absorbers (organic, tetrahedral semiconductors, lead and lead-free perovskites), electron transport layers, hole transport layers and electrodes (positive and negative).',
  ),
  q(
    '如何修改个人资料和论坛昵称？',
    'How do I edit my profile and forum nickname?',
    '登录后点击右上角的用户菜单，选择“修改信息”或“修改论坛昵称”；也可以在个人中心修改密码。',
    'After logging in, open the user menu at the top right and choose "Edit info" or "Edit forum nickname"; the personal centre also lets you change your password.',
  ),
  q(
    '登录状态能保持多久？',
    'How long do I stay logged in?',
    '默认保持 1 天；勾选“记住我”可保持 30 天。修改密码后，其他设备上的登录会失效；重置密码后，所有设备都需要重新登录。',
    'One day by default; with "remember me", 30 days. Changing your password ends your sessions on other devices; resetting it ends them everywhere.',
  ),
  q(
    '遇到问题如何联系我们？',
    'How do I get help?',
    '可以在“客服中心”查看常见问题或提交咨询，也可以在反馈论坛留言；页面底部提供了联系方式。',
    'See the FAQ or send a consultation in customer service, or post in the feedback forum; contact details are at the bottom of the page.',
  ),
];
