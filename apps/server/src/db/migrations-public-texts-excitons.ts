import { type Kysely, type Migration, sql } from 'kysely';
import { applyTextCorrections, type TextCorrection } from './migrations-public-texts.js';

/**
 * 0009: exciton dissociation and diffusion and tunnelling became usable (the engine's
 * capabilities electrical.excitons and electrical.tunnelling), so the public texts that said they
 * were missing now say what the product does: the FAQ on grid counts (a tunnel oxide is an
 * interface, not a meshed layer), on the modules and on organic and tandem cells, and the news
 * item on the electrical module. As in 0006 and 0007, a text is replaced only where it is still
 * word for word what was seeded (an administrator's edit is kept); databases whose news were
 * seeded before get the news item that announces the models. Texts are frozen here, as a shipped
 * migration must be.
 */

type AnyDb = Kysely<unknown>;

export const EXCITON_TEXT_CORRECTIONS: readonly TextCorrection[] = [
  {
    table: 'faq',
    column: 'answer_zh',
    old: '总网格数不超过 600。各层网格数一般取层厚比例的 1 到 5 倍；厚度超过 1 μm 的厚层不超过 500；超薄层（如隧穿氧化层）约取 50，但引擎尚未计算隧穿，这类层在电学计算中按普通半导体层处理。',
    new: '总网格数不超过 600。各层网格数一般取层厚比例的 1 到 5 倍；厚度超过 1 μm 的厚层不超过 500；超薄层约取 50。约 1.5 nm 的隧穿氧化层（如 TOPCon 的 SiOx）不必作为单独的层划分网格：把它设为相邻两层之间界面的“隧穿氧化层”，引擎按 WKB 隧穿计算载流子穿过它的电流。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Keep the total grid count at most 600. A layer generally gets 1 to 5 times its share of the thickness; thick layers above 1 µm get no more than 500; a very thin layer such as a tunnel oxide about 50, but tunnelling is not modelled yet: in the electrical calculation such a layer is an ordinary semiconductor layer.',
    new: "Keep the total grid count at most 600. A layer generally gets 1 to 5 times its share of the thickness; thick layers above 1 µm get no more than 500; very thin layers about 50. A tunnel oxide of about 1.5 nm (TOPCon's SiOx) needs no mesh of its own: give it as the “tunnel oxide” of the interface between its two neighbours, and the engine computes the carriers' WKB tunnelling through it.",
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合，以及钙钛矿的离子迁移（瞬态仿真、J-V 迟滞与阻抗谱）；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
    new: '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合，钙钛矿的离子迁移（瞬态仿真、J-V 迟滞与阻抗谱），有机电池的激子解离与激子扩散，以及隧穿（TOPCon 的隧穿氧化层、带间隧穿与陷阱辅助隧穿）；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination, and ion migration in perovskites (transient simulation, J-V hysteresis and impedance spectra). Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
    new: 'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination, ion migration in perovskites (transient simulation, J-V hysteresis and impedance spectra), exciton dissociation and exciton diffusion in organic cells, and tunnelling (tunnel oxides of TOPCon contacts, band-to-band and trap-assisted tunnelling). Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
  },
  {
    table: 'faq',
    column: 'answer_zh',
    old: '可以，但有限制。有机电池：光学计算给出激子产生率，电学计算把它直接当作自由电子-空穴对（相当于激子全部解离），激子解离（Onsager-Braun 模型）和激子扩散尚未建模。叠层电池目前只能做光学仿真（例如比较顶电池和底电池的光电流，判断电流是否匹配），两端叠层的电学仿真和隧穿复合结尚未提供。TOPCon 结构中氧化层的隧穿同样尚未计算，钝化接触以电极处很低的表面复合速度表示。',
    new: '可以，但有限制。有机电池：在共混（体异质结）吸收层的“激子”组选择电荷转移态的 Onsager-Braun 场致解离（分离距离、衰减速率 k_f，可选高斯分布），双分子复合用 Langevin 前因子并按 1 - P 减小；平面（双层）异质结的给体层和受体层选择激子扩散（扩散长度、寿命），激子在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合与双分子复合的损失。叠层电池目前只能做光学仿真（例如比较顶电池和底电池的光电流，判断电流是否匹配），两端叠层的电学仿真和隧穿复合结尚未提供。TOPCon 结构中约 1.5 nm 的 SiOx 作为界面上的隧穿氧化层计算（WKB 隧穿，厚度、势垒高度和有效质量可设），不必再用很低的表面复合速度代替。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Yes, with limits. Organic cells: the optics gives the exciton generation rate and the electrical calculation takes it as free electron-hole pairs (as if every exciton dissociated); exciton dissociation (Onsager-Braun) and exciton diffusion are not modelled yet. Tandem cells can be simulated optically only for now (for example to compare the photocurrents of the top and bottom cells for current matching), and the electrical simulation of monolithic tandems and their tunnel recombination junctions is not available yet. Tunnelling through the oxide of TOPCon structures is not modelled either: the passivating contact is represented by a very low surface recombination velocity at the electrode.',
    new: 'Yes, with limits. Organic cells: in the “Excitons” group of a blend (bulk-heterojunction) absorber choose Onsager-Braun field-assisted dissociation of charge-transfer states (separation distance, decay rate k_f, optionally Gaussian-distributed), with Langevin bimolecular recombination reduced by 1 - P; for a planar (bilayer) heterojunction give the donor and the acceptor exciton diffusion (diffusion length, lifetime), and excitons split at the donor/acceptor interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate and bimolecular recombination. Tandem cells can be simulated optically only for now (for example to compare the photocurrents of the top and bottom cells for current matching), and the electrical simulation of monolithic tandems and their tunnel recombination junctions is not available yet. The 1.5 nm SiOx of TOPCon structures is computed as a tunnel oxide at an interface (WKB tunnelling with its thickness, barrier heights and effective masses), no longer as a very low surface recombination velocity.',
  },
  {
    table: 'news',
    column: 'summary_zh',
    old: '计算光照与暗态 J-V 曲线、特性参数、EQE/IQE、电势、载流子浓度与能带图；激子解离和隧穿尚未建模。',
    new: '计算光照与暗态 J-V 曲线、特性参数、EQE/IQE、电势、载流子浓度与能带图。',
  },
  {
    table: 'news',
    column: 'summary_en',
    old: 'Light and dark J-V curves, characteristic parameters, EQE/IQE, potentials, carrier densities and band diagrams; exciton dissociation and tunnelling are not modelled yet.',
    new: 'Light and dark J-V curves, characteristic parameters, EQE/IQE, potentials, carrier densities and band diagrams.',
  },
  {
    table: 'news',
    column: 'body_zh',
    old: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。有机电池的激子解离、叠层与 TOPCon 结构中的隧穿目前尚未建模：有机吸收层的产生率按自由载流子计算，TOPCon 式钝化接触以很低的表面复合速度表示，叠层电池暂时只能做光学仿真。钙钛矿的离子迁移、瞬态仿真与阻抗谱见 11 月 25 日的更新。',
    new: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。两端叠层电池的电学仿真尚未提供，暂时只能做光学仿真。钙钛矿的离子迁移、瞬态仿真与阻抗谱见 11 月 25 日的更新，有机电池的激子解离与扩散和隧穿见 11 月 26 日的更新。',
  },
  {
    table: 'news',
    column: 'body_en',
    old: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. Exciton dissociation in organic cells and tunnelling in tandem and TOPCon structures are not modelled yet: organic absorbers generate free carriers, TOPCon-like passivating contacts are represented by a very low surface recombination velocity, and tandem cells can be simulated optically only. Ion migration, transients and impedance spectra of perovskite cells came with the update of 25 November.',
    new: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. The electrical simulation of tandem cells is not available yet (optical only for now). Ion migration, transients and impedance spectra of perovskite cells came with the update of 25 November, exciton dissociation and diffusion in organic cells and tunnelling with the update of 26 November.',
  },
];

/** The news item that announces the models, as 0009 adds it to news seeded before. */
export const EXCITON_NEWS = {
  kind: 'news',
  published_at: '2026-11-26',
  title_zh: '电学模块新增有机电池激子模型与隧穿',
  title_en: 'Electrical module: excitons in organic cells and tunnelling',
  summary_zh:
    '有机体异质结可用 Onsager-Braun 场致解离，平面异质结可用激子扩散；带间隧穿、陷阱辅助隧穿和 TOPCon 隧穿氧化层也已可以计算。',
  summary_en:
    'Organic bulk heterojunctions get Onsager-Braun field-assisted dissociation and planar heterojunctions exciton diffusion; band-to-band and trap-assisted tunnelling and TOPCon tunnel oxides can be computed too.',
  body_zh:
    '有机共混层中，光生成电荷转移态，其解离概率 P 随电场和温度变化（Onsager-Braun，分离距离可取单一值或高斯分布），Langevin 双分子复合按 1 - P 减小（Koster 等，2005）；平面异质结中激子在给体和受体内扩散，只在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合、激子衰减与双分子复合的损失。隧穿方面：层内的 Hurkx 带间隧穿（隧穿结、复合结）与陷阱辅助隧穿，以及界面上的隧穿氧化层（WKB 透射对热分布取平均，厚度、势垒高度与有效质量可设）。公共器件库的 P3HT:PCBM 体异质结示例改用 Onsager-Braun 解离，新增 PM6/C60 双层激子扩散示例，TOPCon 示例的 1.5 nm SiOx 改为隧穿氧化层，不再用很低的表面复合速度代替。两端叠层电池的电学仿真尚未提供。',
  body_en:
    'In an organic blend the light makes charge-transfer states that dissociate with a probability P that grows with the field and the temperature (Onsager-Braun, with one separation distance or a Gaussian spread of them), and Langevin bimolecular recombination is reduced by 1 - P (Koster et al., 2005); in a planar heterojunction excitons diffuse in the donor and the acceptor and split only at their interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate recombination, exciton decay and bimolecular recombination. Tunnelling: Hurkx band-to-band tunnelling (tunnel and recombination junctions) and trap-assisted tunnelling in a layer, and tunnel oxides at interfaces (WKB transmission averaged over the thermal distribution, with thickness, barrier heights and effective masses). In the public device library the P3HT:PCBM bulk-heterojunction example now uses Onsager-Braun dissociation, a PM6/C60 bilayer example shows exciton diffusion, and the TOPCon example computes its 1.5 nm SiOx as a tunnel oxide rather than as a very low surface recombination velocity. The electrical simulation of two-terminal tandems is not available yet.',
} as const;

export function excitonTextsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await applyTextCorrections(db, EXCITON_TEXT_CORRECTIONS);
      const seeded = await sql<{ n: number | string }>`select count(*) as n from news`.execute(db);
      const there = await sql<{
        n: number | string;
      }>`select count(*) as n from news where title_zh = ${EXCITON_NEWS.title_zh}`.execute(db);
      if (Number(seeded.rows[0]?.n ?? 0) > 0 && Number(there.rows[0]?.n ?? 0) === 0)
        await sql`insert into news (kind, published_at, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, created_at)
          values (${EXCITON_NEWS.kind}, ${EXCITON_NEWS.published_at}, ${EXCITON_NEWS.title_zh}, ${EXCITON_NEWS.title_en},
            ${EXCITON_NEWS.summary_zh}, ${EXCITON_NEWS.summary_en}, ${EXCITON_NEWS.body_zh}, ${EXCITON_NEWS.body_en},
            ${Date.parse('2026-11-26T00:00:00Z')})`.execute(db);
    },
    async down() {
      // Saying again that the models are missing would be false: the corrected texts stay.
    },
  };
}
