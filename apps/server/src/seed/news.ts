import type { NewsItem } from '@pvforge/contracts';

export type SeedNews = Omit<NewsItem, 'id'>;

/** First-start news and achievements about the platform itself. */
export const NEWS: readonly SeedNews[] = [
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
    title_zh: '电学模块：漂移-扩散仿真、离子迁移与隧穿',
    title_en: 'Electrical module: drift-diffusion, ion migration and tunnelling',
    summary_zh: '计算 J-V 曲线、特性参数、电势、载流子浓度与能带图，支持钙钛矿离子迁移、有机激子解离和隧穿结。',
    summary_en:
      'J-V curves, characteristic parameters, potentials, carrier densities and band diagrams, with perovskite ion migration, organic exciton dissociation and tunnel junctions.',
    body_zh:
      '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解漂移-扩散方程，覆盖异质结、复合机制、钙钛矿中的离子迁移、有机电池的激子解离，以及叠层与 TOPCon 结构中的隧穿。',
    body_en:
      'The electrical module solves the drift-diffusion equations with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions, recombination mechanisms, ion migration in perovskites, exciton dissociation in organic cells and tunnelling in tandem and TOPCon structures.',
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
