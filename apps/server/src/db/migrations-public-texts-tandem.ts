import type { Migration } from 'kysely';
import { applyTextCorrections, type TextCorrection } from './migrations-public-texts.js';

/**
 * 0011: two-terminal tandems became electrical (the engine's capability electrical.tandem: subcells
 * solved in the optics of the whole stack and connected in series, four-terminal efficiency,
 * current matching), so the FAQ answer on organic and tandem cells and the news item on the
 * electrical module no longer say that tandems are optical only. It runs after 0009 (excitons and
 * tunnelling), whose texts it starts from. As in 0006 and 0007, a text is
 * replaced only where it is still word for word what was seeded (an administrator's edit is kept);
 * texts are frozen here, as a shipped migration must be.
 */
export const TANDEM_TEXT_CORRECTIONS: readonly TextCorrection[] = [
  {
    table: 'faq',
    column: 'answer_zh',
    old: '可以，但有限制。有机电池：在共混（体异质结）吸收层的“激子”组选择电荷转移态的 Onsager-Braun 场致解离（分离距离、衰减速率 k_f，可选高斯分布），双分子复合用 Langevin 前因子并按 1 - P 减小；平面（双层）异质结的给体层和受体层选择激子扩散（扩散长度、寿命），激子在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合与双分子复合的损失。叠层电池目前只能做光学仿真（例如比较顶电池和底电池的光电流，判断电流是否匹配），两端叠层的电学仿真和隧穿复合结尚未提供。TOPCon 结构中约 1.5 nm 的 SiOx 作为界面上的隧穿氧化层计算（WKB 隧穿，厚度、势垒高度和有效质量可设），不必再用很低的表面复合速度代替。',
    new: '可以，但有限制。有机电池：在共混（体异质结）吸收层的“激子”组选择电荷转移态的 Onsager-Braun 场致解离（分离距离、衰减速率 k_f，可选高斯分布），双分子复合用 Langevin 前因子并按 1 - P 减小；平面（双层）异质结的给体层和受体层选择激子扩散（扩散长度、寿命），激子在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合与双分子复合的损失。两端叠层电池可以做电学仿真：在层列表中为各层指定顶电池或底电池，整个叠层的光学计算给出每个子电池的产生率，两个子电池分别求解后串联（电流相同、电压相加），并给出四端效率、电流失配、限流子电池和顶电池厚度扫描（电流匹配）。子电池之间按理想复合结处理，把整个叠层连同隧穿复合结作为一个器件求解尚未提供。TOPCon 结构中约 1.5 nm 的 SiOx 作为界面上的隧穿氧化层计算（WKB 隧穿，厚度、势垒高度和有效质量可设），不必再用很低的表面复合速度代替。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Yes, with limits. Organic cells: in the “Excitons” group of a blend (bulk-heterojunction) absorber choose Onsager-Braun field-assisted dissociation of charge-transfer states (separation distance, decay rate k_f, optionally Gaussian-distributed), with Langevin bimolecular recombination reduced by 1 - P; for a planar (bilayer) heterojunction give the donor and the acceptor exciton diffusion (diffusion length, lifetime), and excitons split at the donor/acceptor interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate and bimolecular recombination. Tandem cells can be simulated optically only for now (for example to compare the photocurrents of the top and bottom cells for current matching), and the electrical simulation of monolithic tandems and their tunnel recombination junctions is not available yet. The 1.5 nm SiOx of TOPCon structures is computed as a tunnel oxide at an interface (WKB tunnelling with its thickness, barrier heights and effective masses), no longer as a very low surface recombination velocity.',
    new: 'Yes, with limits. Organic cells: in the “Excitons” group of a blend (bulk-heterojunction) absorber choose Onsager-Braun field-assisted dissociation of charge-transfer states (separation distance, decay rate k_f, optionally Gaussian-distributed), with Langevin bimolecular recombination reduced by 1 - P; for a planar (bilayer) heterojunction give the donor and the acceptor exciton diffusion (diffusion length, lifetime), and excitons split at the donor/acceptor interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate and bimolecular recombination. Two-terminal tandems can be simulated electrically: assign each layer to the top or the bottom cell in the layer list; the optics of the whole stack gives each subcell its generation, the two subcells are solved separately and connected in series (one current, voltages added), with the four-terminal efficiency, the current mismatch, the limiting subcell and a top-cell thickness sweep for current matching beside it. The subcells are joined by an ideal recombination junction; solving the whole stack with its tunnel recombination junction as one device is not available yet. The 1.5 nm SiOx of TOPCon structures is computed as a tunnel oxide at an interface (WKB tunnelling with its thickness, barrier heights and effective masses), no longer as a very low surface recombination velocity.',
  },
  {
    table: 'news',
    column: 'body_zh',
    old: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。两端叠层电池的电学仿真尚未提供，暂时只能做光学仿真。钙钛矿的离子迁移、瞬态仿真与阻抗谱见 11 月 25 日的更新，有机电池的激子解离与扩散和隧穿见 11 月 26 日的更新。',
    new: '电学模块采用 Scharfetter-Gummel 离散与全耦合牛顿迭代求解稳态漂移-扩散方程（泊松方程与电子、空穴连续性方程），覆盖异质结及可选的界面热电子发射、SRH/辐射/俄歇体复合、界面复合与电极表面复合、欧姆与肖特基接触、玻尔兹曼或费米-狄拉克统计以及串并联电阻。两端叠层电池的两个子电池经理想复合结串联计算。钙钛矿的离子迁移、瞬态仿真与阻抗谱见 11 月 25 日的更新，有机电池的激子解离与扩散和隧穿见 11 月 26 日的更新。',
  },
  {
    table: 'news',
    column: 'body_en',
    old: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. The electrical simulation of tandem cells is not available yet (optical only for now). Ion migration, transients and impedance spectra of perovskite cells came with the update of 25 November, exciton dissociation and diffusion in organic cells and tunnelling with the update of 26 November.',
    new: 'The electrical module solves the steady-state drift-diffusion equations (Poisson and electron and hole continuity) with Scharfetter-Gummel discretisation and a fully coupled Newton method, covering heterojunctions with optional thermionic emission at interfaces, SRH, radiative and Auger bulk recombination, interface and contact recombination, ohmic and Schottky contacts, Boltzmann or Fermi-Dirac statistics, and series and shunt resistance. The two subcells of a two-terminal tandem are connected in series through an ideal recombination junction. Ion migration, transients and impedance spectra of perovskite cells came with the update of 25 November, exciton dissociation and diffusion in organic cells and tunnelling with the update of 26 November.',
  },
];

export function tandemTextsMigration(): Migration {
  return {
    async up(db) {
      await applyTextCorrections(db, TANDEM_TEXT_CORRECTIONS);
    },
    async down() {
      // Saying again that tandems are optical only would be false: the corrected texts stay.
    },
  };
}
