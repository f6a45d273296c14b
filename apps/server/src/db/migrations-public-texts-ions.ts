import { type Kysely, type Migration, sql } from 'kysely';
import { applyTextCorrections, type TextCorrection } from './migrations-public-texts.js';

/**
 * 0007: mobile ions, transient protocols and impedance spectra became usable (the engine's
 * capabilities electrical.ions, electrical.transient and electrical.impedance), so the public
 * texts that said they were missing now say what the product does: the FAQ on the transient
 * simulation time and step, on ion migration and on the modules, and the news item on the
 * electrical module. As in 0006, a text is replaced only where it is still word for word what was
 * seeded (an administrator's edit is kept). Databases whose news were seeded before get the news
 * item that announces the models (a fresh database is seeded with it). Texts are frozen here, as a
 * shipped migration must be.
 */

type AnyDb = Kysely<unknown>;

export const ION_TEXT_CORRECTIONS: readonly TextCorrection[] = [
  {
    table: 'faq',
    column: 'answer_zh',
    old: '目前还不能设置。电学模块只做稳态计算，尚未提供瞬态仿真，因此预处理、扫描速率和 J-V 迟滞也还无法模拟。瞬态仿真约定仿真时间默认 1 s、时间步长 = 仿真时间 / (点数 - 1)，但瞬态模型尚未提供，界面上暂时没有这两项设置。',
    new: '在电学计算的“瞬态仿真”中编写协议：从初始电压下的稳态（离子已平衡）出发，依次执行电压扫描、保持（预处理）、光照开关和开路等步骤。仿真总时长由协议决定，即各步骤的时长加上每次扫描的电压范围除以扫描速率。保存的采样点数默认 201 个，均匀分布在整个协议内，采样间隔 = 总时长 / (点数 - 1)；求解器内部的时间步长按局部误差控制自动调整，无需设置。表单会显示总时长和采样间隔。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Not at the moment. The electrical module computes steady states only; transient simulation is not available yet, so preconditioning, scan rate and J-V hysteresis cannot be simulated either. Transient runs are specified with a default simulation time of 1 s and a time step of the time divided by (number of points - 1), but the transient model is not available yet, so neither setting appears in the interface.',
    new: "Write the protocol under “Transient simulation” in the electrical calculation: it starts from the steady state at the initial voltage (ions equilibrated) and runs its steps in order: voltage scans, holds (preconditioning), light on/off and open circuit. The total time follows from the protocol: the durations of the steps plus, for each scan, its voltage range divided by its scan rate. The saved samples, 201 by default, are spread evenly over the whole protocol, so the sample step is the total time divided by (number of points - 1); the solver's internal time steps adapt to its local error control and need no setting. The form shows the total time and the sample step.",
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
    new: '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合，以及钙钛矿的离子迁移（瞬态仿真、J-V 迟滞与阻抗谱）；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination. Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
    new: 'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination, and ion migration in perovskites (transient simulation, J-V hysteresis and impedance spectra). Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '暂时不能。电学模块目前求解不含可移动离子的稳态漂移-扩散方程，可以计算钙钛矿电池的 J-V 曲线、能带图和复合，但尚未模拟离子迁移，因此也还不能设置预处理和扫描速率，无法分析迟滞现象。材料库中钙钛矿的离子参数会保留，但暂不参与计算。',
    new: '可以。在电学计算中为钙钛矿层打开“可移动离子”，填写离子浓度、扩散系数和电荷（碘空位为 +1），可选填激活能与参考温度；每层最多两种离子，每种带浓度相同的固定背景电荷，只在本层内运动。材料库中带离子参数的钙钛矿选入器件时会一并带入。稳态 J-V 中离子在每个电压下都处于平衡；瞬态协议可设置预处理、扫描速率以及反扫和正扫，给出两条扫描曲线、各自的特性参数和迟滞指数，也可计算阻抗谱。给出激活能时，扩散系数随器件温度按 D(T) = D_ref·exp(-Ea/k·(1/T - 1/T_ref)) 变化。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Not yet. The electrical module solves the steady-state drift-diffusion equations without mobile ions: it computes the J-V curve, band diagram and recombination of a perovskite cell, but ion migration is not modelled yet, so preconditioning, scan rate and hysteresis cannot be set or analysed. Ion parameters stored with library perovskites are kept but not used in calculations.',
    new: 'Yes. In the electrical calculation, switch on “Mobile ions” for the perovskite layer and give the ion density, the diffusion coefficient and the charge (+1 for iodide vacancies), optionally the activation energy and reference temperature; a layer has at most two species, each with an immobile background of equal density and moving only within its layer. A library perovskite with ion parameters brings them along when picked. In the steady-state J-V the ions are in equilibrium at every voltage; a transient protocol sets preconditioning, scan rate and reverse and forward scans and gives both scans with their figures and the hysteresis index, and an impedance spectrum can be computed too. With an activation energy the diffusion coefficient follows the device temperature, D(T) = D_ref exp(-Ea/k (1/T - 1/T_ref)).',
  },
  {
    table: 'news',
    column: 'summary_zh',
    old: '计算光照与暗态 J-V 曲线、特性参数、EQE/IQE、电势、载流子浓度与能带图；离子迁移、激子解离和隧穿尚未建模。',
    new: '计算光照与暗态 J-V 曲线、特性参数、EQE/IQE、电势、载流子浓度与能带图；激子解离和隧穿尚未建模。',
  },
  {
    table: 'news',
    column: 'summary_en',
    old: 'Light and dark J-V curves, characteristic parameters, EQE/IQE, potentials, carrier densities and band diagrams; ion migration, exciton dissociation and tunnelling are not modelled yet.',
    new: 'Light and dark J-V curves, characteristic parameters, EQE/IQE, potentials, carrier densities and band diagrams; exciton dissociation and tunnelling are not modelled yet.',
  },
  {
    table: 'news',
    column: 'body_zh',
    old: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。钙钛矿中的离子迁移与迟滞、有机电池的激子解离、叠层与 TOPCon 结构中的隧穿目前尚未建模：有机吸收层的产生率按自由载流子计算，TOPCon 式钝化接触以很低的表面复合速度表示，叠层电池暂时只能做光学仿真。',
    new: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。有机电池的激子解离、叠层与 TOPCon 结构中的隧穿目前尚未建模：有机吸收层的产生率按自由载流子计算，TOPCon 式钝化接触以很低的表面复合速度表示，叠层电池暂时只能做光学仿真。钙钛矿的离子迁移、瞬态仿真与阻抗谱见 11 月 25 日的更新。',
  },
  {
    table: 'news',
    column: 'body_en',
    old: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. Ion migration and hysteresis in perovskites, exciton dissociation in organic cells and tunnelling in tandem and TOPCon structures are not modelled yet: organic absorbers generate free carriers, TOPCon-like passivating contacts are represented by a very low surface recombination velocity, and tandem cells can be simulated optically only.',
    new: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. Exciton dissociation in organic cells and tunnelling in tandem and TOPCon structures are not modelled yet: organic absorbers generate free carriers, TOPCon-like passivating contacts are represented by a very low surface recombination velocity, and tandem cells can be simulated optically only. Ion migration, transients and impedance spectra of perovskite cells came with the update of 25 November.',
  },
];

/** The news item that announces the models, as 0007 adds it to news seeded before. */
export const ION_NEWS = {
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
} as const;

export function ionTextsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await applyTextCorrections(db, ION_TEXT_CORRECTIONS);
      const seeded = await sql<{ n: number | string }>`select count(*) as n from news`.execute(db);
      const there = await sql<{
        n: number | string;
      }>`select count(*) as n from news where title_zh = ${ION_NEWS.title_zh}`.execute(db);
      if (Number(seeded.rows[0]?.n ?? 0) > 0 && Number(there.rows[0]?.n ?? 0) === 0)
        await sql`insert into news (kind, published_at, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, created_at)
          values (${ION_NEWS.kind}, ${ION_NEWS.published_at}, ${ION_NEWS.title_zh}, ${ION_NEWS.title_en},
            ${ION_NEWS.summary_zh}, ${ION_NEWS.summary_en}, ${ION_NEWS.body_zh}, ${ION_NEWS.body_en},
            ${Date.parse('2026-11-25T00:00:00Z')})`.execute(db);
    },
    async down() {
      // Saying again that the models are missing would be false: the corrected texts stay.
    },
  };
}
