import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0006: the first FAQ and news seeds told users that ion migration (with preconditioning, scan rate
 * and hysteresis), exciton dissociation and tunnelling worked; the engine has none of them (see
 * packages/engine/src/capabilities.ts). Databases seeded before the correction still show those
 * texts, so each one is replaced by its corrected wording where it is still word for word what was
 * seeded. A text an administrator has edited no longer matches and is kept; the untouched texts of
 * the same row are still corrected. Old and new texts are frozen here, as a shipped migration must
 * be: a later change of the seeds brings its own migration.
 */

type AnyDb = Kysely<unknown>;

export interface TextCorrection {
  table: 'faq' | 'news';
  column: 'question_zh' | 'question_en' | 'answer_zh' | 'answer_en' | `${'title' | 'summary' | 'body'}_${'zh' | 'en'}`;
  old: string;
  new: string;
}

export const PUBLIC_TEXT_CORRECTIONS: readonly TextCorrection[] = [
  {
    table: 'faq',
    column: 'answer_zh',
    old: '总网格数不超过 600。各层网格数一般取层厚比例的 1 到 5 倍；厚度超过 1 μm 的厚层不超过 500；隧穿层约取 50。',
    new: '总网格数不超过 600。各层网格数一般取层厚比例的 1 到 5 倍；厚度超过 1 μm 的厚层不超过 500；超薄层（如隧穿氧化层）约取 50，但引擎尚未计算隧穿，这类层在电学计算中按普通半导体层处理。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Keep the total grid count at most 600. A layer generally gets 1 to 5 times its share of the thickness; thick layers above 1 µm get no more than 500; a tunnelling layer about 50.',
    new: 'Keep the total grid count at most 600. A layer generally gets 1 to 5 times its share of the thickness; thick layers above 1 µm get no more than 500; a very thin layer such as a tunnel oxide about 50, but tunnelling is not modelled yet: in the electrical calculation such a layer is an ordinary semiconductor layer.',
  },
  {
    table: 'faq',
    column: 'question_en',
    old: 'How are the simulation time and time step set?',
    new: 'How are the transient simulation time and time step set?',
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '仿真时间默认 1 s，时间步长 = 仿真时间 / (点数 - 1)。',
    new: '目前还不能设置。电学模块只做稳态计算，尚未提供瞬态仿真，因此预处理、扫描速率和 J-V 迟滞也还无法模拟。瞬态仿真约定仿真时间默认 1 s、时间步长 = 仿真时间 / (点数 - 1)，但瞬态模型尚未提供，界面上暂时没有这两项设置。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'The simulation time defaults to 1 s; the time step is the time divided by (number of points - 1).',
    new: 'Not at the moment. The electrical module computes steady states only; transient simulation is not available yet, so preconditioning, scan rate and J-V hysteresis cannot be simulated either. Transient runs are specified with a default simulation time of 1 s and a time step of the time divided by (number of points - 1), but the transient model is not available yet, so neither setting appears in the interface.',
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '可以。电学模块支持钙钛矿层中的可移动离子，可设置预处理、扫描速率以及正扫和反扫，用于分析迟滞现象。',
    new: '暂时不能。电学模块目前求解不含可移动离子的稳态漂移-扩散方程，可以计算钙钛矿电池的 J-V 曲线、能带图和复合，但尚未模拟离子迁移，因此也还不能设置预处理和扫描速率，无法分析迟滞现象。材料库中钙钛矿的离子参数会保留，但暂不参与计算。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Yes. The electrical module models mobile ions in the perovskite layer, with preconditioning, scan rate and forward and reverse scans, to analyse hysteresis.',
    new: 'Not yet. The electrical module solves the steady-state drift-diffusion equations without mobile ions: it computes the J-V curve, band diagram and recombination of a perovskite cell, but ion migration is not modelled yet, so preconditioning, scan rate and hysteresis cannot be set or analysed. Ion parameters stored with library perovskites are kept but not used in calculations.',
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '可以。电学模块包含有机电池的激子解离，以及叠层电池隧穿结和 TOPCon 结构中的隧穿。',
    new: '可以，但有限制。有机电池：光学计算给出激子产生率，电学计算把它直接当作自由电子-空穴对（相当于激子全部解离），激子解离（Onsager-Braun 模型）和激子扩散尚未建模。叠层电池目前只能做光学仿真（例如比较顶电池和底电池的光电流，判断电流是否匹配），两端叠层的电学仿真和隧穿复合结尚未提供。TOPCon 结构中氧化层的隧穿同样尚未计算，钝化接触以电极处很低的表面复合速度表示。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Yes. The electrical module includes exciton dissociation for organic cells and tunnelling for tandem junctions and TOPCon structures.',
    new: 'Yes, with limits. Organic cells: the optics gives the exciton generation rate and the electrical calculation takes it as free electron-hole pairs (as if every exciton dissociated); exciton dissociation (Onsager-Braun) and exciton diffusion are not modelled yet. Tandem cells can be simulated optically only for now (for example to compare the photocurrents of the top and bottom cells for current matching), and the electrical simulation of monolithic tandems and their tunnel recombination junctions is not available yet. Tunnelling through the oxide of TOPCon structures is not modelled either: the passivating contact is represented by a very low surface recombination velocity at the electrode.',
  },
  {
    table: 'news',
    column: 'title_zh',
    old: '电学模块：漂移-扩散仿真、离子迁移与隧穿',
    new: '电学模块：稳态漂移-扩散仿真',
  },
  {
    table: 'news',
    column: 'title_en',
    old: 'Electrical module: drift-diffusion, ion migration and tunnelling',
    new: 'Electrical module: steady-state drift-diffusion simulation',
  },
  {
    table: 'news',
    column: 'summary_zh',
    old: '计算 J-V 曲线、特性参数、电势、载流子浓度与能带图，支持钙钛矿离子迁移、有机激子解离和隧穿结。',
    new: '计算光照与暗态 J-V 曲线、特性参数、EQE/IQE、电势、载流子浓度与能带图；离子迁移、激子解离和隧穿尚未建模。',
  },
  {
    table: 'news',
    column: 'summary_en',
    old: 'J-V curves, characteristic parameters, potentials, carrier densities and band diagrams, with perovskite ion migration, organic exciton dissociation and tunnel junctions.',
    new: 'Light and dark J-V curves, characteristic parameters, EQE/IQE, potentials, carrier densities and band diagrams; ion migration, exciton dissociation and tunnelling are not modelled yet.',
  },
  {
    table: 'news',
    column: 'body_zh',
    old: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解漂移-扩散方程，覆盖异质结、复合机制、钙钛矿中的离子迁移、有机电池的激子解离，以及叠层与 TOPCon 结构中的隧穿。',
    new: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。钙钛矿中的离子迁移与迟滞、有机电池的激子解离、叠层与 TOPCon 结构中的隧穿目前尚未建模：有机吸收层的产生率按自由载流子计算，TOPCon 式钝化接触以很低的表面复合速度表示，叠层电池暂时只能做光学仿真。',
  },
  {
    table: 'news',
    column: 'body_en',
    old: 'The electrical module solves the drift-diffusion equations with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions, recombination mechanisms, ion migration in perovskites, exciton dissociation in organic cells and tunnelling in tandem and TOPCon structures.',
    new: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. Ion migration and hysteresis in perovskites, exciton dissociation in organic cells and tunnelling in tandem and TOPCon structures are not modelled yet: organic absorbers generate free carriers, TOPCon-like passivating contacts are represented by a very low surface recombination velocity, and tandem cells can be simulated optically only.',
  },
];

/** Replaces each text by its correction where it is still word for word the old one (0006, 0007). */
export async function applyTextCorrections(db: AnyDb, corrections: readonly TextCorrection[]): Promise<void> {
  for (const c of corrections)
    await sql`update ${sql.table(c.table)} set ${sql.ref(c.column)} = ${c.new} where ${sql.ref(c.column)} = ${c.old}`.execute(
      db,
    );
}

export function publicTextsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await applyTextCorrections(db, PUBLIC_TEXT_CORRECTIONS);
    },
    async down() {
      // Putting the false claims back would help no one: the corrected texts stay.
    },
  };
}
