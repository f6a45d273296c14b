import type { Migration } from 'kysely';
import { applyTextCorrections, type TextCorrection } from './migrations-public-texts.js';

/**
 * 0023: a two-terminal tandem can now also be solved as one drift-diffusion device (the whole stack
 * started from its subcells' solutions, electrical.tandem.fullStack), and the TOPCon result plots the
 * currents through the tunnel oxide. The FAQ answer on organic and tandem cells said the whole-stack
 * solution was not available, and the news item on excitons and tunnelling still said two-terminal
 * tandems had no electrical simulation (out of date since 0011). It starts from the texts of 0011
 * and 0009. As before, a text is replaced only where it is still word for word what was seeded (an
 * administrator's edit is kept); texts are frozen here, as a shipped migration must be.
 */
export const FULLSTACK_TEXT_CORRECTIONS: readonly TextCorrection[] = [
  {
    table: 'faq',
    column: 'answer_zh',
    old: '可以，但有限制。有机电池：在共混（体异质结）吸收层的“激子”组选择电荷转移态的 Onsager-Braun 场致解离（分离距离、衰减速率 k_f，可选高斯分布），双分子复合用 Langevin 前因子并按 1 - P 减小；平面（双层）异质结的给体层和受体层选择激子扩散（扩散长度、寿命），激子在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合与双分子复合的损失。两端叠层电池可以做电学仿真：在层列表中为各层指定顶电池或底电池，整个叠层的光学计算给出每个子电池的产生率，两个子电池分别求解后串联（电流相同、电压相加），并给出四端效率、电流失配、限流子电池和顶电池厚度扫描（电流匹配）。子电池之间按理想复合结处理，把整个叠层连同隧穿复合结作为一个器件求解尚未提供。TOPCon 结构中约 1.5 nm 的 SiOx 作为界面上的隧穿氧化层计算（WKB 隧穿，厚度、势垒高度和有效质量可设），不必再用很低的表面复合速度代替。',
    new: '可以，但有限制。有机电池：在共混（体异质结）吸收层的“激子”组选择电荷转移态的 Onsager-Braun 场致解离（分离距离、衰减速率 k_f，可选高斯分布），双分子复合用 Langevin 前因子并按 1 - P 减小；平面（双层）异质结的给体层和受体层选择激子扩散（扩散长度、寿命），激子在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合与双分子复合的损失。两端叠层电池可以做电学仿真：在层列表中为各层指定顶电池或底电池，整个叠层的光学计算给出每个子电池的产生率，两个子电池分别求解后串联（电流相同、电压相加），并给出四端效率、电流失配、限流子电池和顶电池厚度扫描（电流匹配）。子电池之间按理想复合结处理；勾选“整体叠层漂移-扩散计算”后，还可把整个叠层（子电池之间为层间复合界面）作为一个器件求解，从两个子电池的解出发，与串联结果并列显示。TOPCon 示例的结果另给出穿过隧穿氧化层的电子与空穴电流随电压的变化。TOPCon 结构中约 1.5 nm 的 SiOx 作为界面上的隧穿氧化层计算（WKB 隧穿，厚度、势垒高度和有效质量可设），不必再用很低的表面复合速度代替。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Yes, with limits. Organic cells: in the “Excitons” group of a blend (bulk-heterojunction) absorber choose Onsager-Braun field-assisted dissociation of charge-transfer states (separation distance, decay rate k_f, optionally Gaussian-distributed), with Langevin bimolecular recombination reduced by 1 - P; for a planar (bilayer) heterojunction give the donor and the acceptor exciton diffusion (diffusion length, lifetime), and excitons split at the donor/acceptor interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate and bimolecular recombination. Two-terminal tandems can be simulated electrically: assign each layer to the top or the bottom cell in the layer list; the optics of the whole stack gives each subcell its generation, the two subcells are solved separately and connected in series (one current, voltages added), with the four-terminal efficiency, the current mismatch, the limiting subcell and a top-cell thickness sweep for current matching beside it. The subcells are joined by an ideal recombination junction; solving the whole stack with its tunnel recombination junction as one device is not available yet. The 1.5 nm SiOx of TOPCon structures is computed as a tunnel oxide at an interface (WKB tunnelling with its thickness, barrier heights and effective masses), no longer as a very low surface recombination velocity.',
    new: 'Yes, with limits. Organic cells: in the “Excitons” group of a blend (bulk-heterojunction) absorber choose Onsager-Braun field-assisted dissociation of charge-transfer states (separation distance, decay rate k_f, optionally Gaussian-distributed), with Langevin bimolecular recombination reduced by 1 - P; for a planar (bilayer) heterojunction give the donor and the acceptor exciton diffusion (diffusion length, lifetime), and excitons split at the donor/acceptor interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate and bimolecular recombination. Two-terminal tandems can be simulated electrically: assign each layer to the top or the bottom cell in the layer list; the optics of the whole stack gives each subcell its generation, the two subcells are solved separately and connected in series (one current, voltages added), with the four-terminal efficiency, the current mismatch, the limiting subcell and a top-cell thickness sweep for current matching beside it. The subcells are joined by an ideal recombination junction; with “Whole-stack drift-diffusion run” ticked, the whole stack (a recombination interface between the subcells) is also solved as one device, started from the two subcells’ solutions, and shown beside the series result. The TOPCon example’s result also plots the electron and hole currents through the tunnel oxide against voltage. The 1.5 nm SiOx of TOPCon structures is computed as a tunnel oxide at an interface (WKB tunnelling with its thickness, barrier heights and effective masses), no longer as a very low surface recombination velocity.',
  },
  {
    table: 'news',
    column: 'body_zh',
    old: '有机共混层中，光生成电荷转移态，其解离概率 P 随电场和温度变化（Onsager-Braun，分离距离可取单一值或高斯分布），Langevin 双分子复合按 1 - P 减小（Koster 等，2005）；平面异质结中激子在给体和受体内扩散，只在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合、激子衰减与双分子复合的损失。隧穿方面：层内的 Hurkx 带间隧穿（隧穿结、复合结）与陷阱辅助隧穿，以及界面上的隧穿氧化层（WKB 透射对热分布取平均，厚度、势垒高度与有效质量可设）。公共器件库的 P3HT:PCBM 体异质结示例改用 Onsager-Braun 解离，新增 PM6/C60 双层激子扩散示例，TOPCon 示例的 1.5 nm SiOx 改为隧穿氧化层，不再用很低的表面复合速度代替。两端叠层电池的电学仿真尚未提供。',
    new: '有机共混层中，光生成电荷转移态，其解离概率 P 随电场和温度变化（Onsager-Braun，分离距离可取单一值或高斯分布），Langevin 双分子复合按 1 - P 减小（Koster 等，2005）；平面异质结中激子在给体和受体内扩散，只在给体/受体界面分离。结果给出解离概率和激子密度分布，以及 J-V 中 geminate 复合、激子衰减与双分子复合的损失。隧穿方面：层内的 Hurkx 带间隧穿（隧穿结、复合结）与陷阱辅助隧穿，以及界面上的隧穿氧化层（WKB 透射对热分布取平均，厚度、势垒高度与有效质量可设）。公共器件库的 P3HT:PCBM 体异质结示例改用 Onsager-Braun 解离，新增 PM6/C60 双层激子扩散示例，TOPCon 示例的 1.5 nm SiOx 改为隧穿氧化层，不再用很低的表面复合速度代替。两端叠层电池可做电学仿真（子电池串联，以及可选的整体叠层漂移-扩散计算）。',
  },
  {
    table: 'news',
    column: 'body_en',
    old: 'In an organic blend the light makes charge-transfer states that dissociate with a probability P that grows with the field and the temperature (Onsager-Braun, with one separation distance or a Gaussian spread of them), and Langevin bimolecular recombination is reduced by 1 - P (Koster et al., 2005); in a planar heterojunction excitons diffuse in the donor and the acceptor and split only at their interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate recombination, exciton decay and bimolecular recombination. Tunnelling: Hurkx band-to-band tunnelling (tunnel and recombination junctions) and trap-assisted tunnelling in a layer, and tunnel oxides at interfaces (WKB transmission averaged over the thermal distribution, with thickness, barrier heights and effective masses). In the public device library the P3HT:PCBM bulk-heterojunction example now uses Onsager-Braun dissociation, a PM6/C60 bilayer example shows exciton diffusion, and the TOPCon example computes its 1.5 nm SiOx as a tunnel oxide rather than as a very low surface recombination velocity. The electrical simulation of two-terminal tandems is not available yet.',
    new: 'In an organic blend the light makes charge-transfer states that dissociate with a probability P that grows with the field and the temperature (Onsager-Braun, with one separation distance or a Gaussian spread of them), and Langevin bimolecular recombination is reduced by 1 - P (Koster et al., 2005); in a planar heterojunction excitons diffuse in the donor and the acceptor and split only at their interface. The results show the dissociation probability and the exciton density against position, and the J-V losses to geminate recombination, exciton decay and bimolecular recombination. Tunnelling: Hurkx band-to-band tunnelling (tunnel and recombination junctions) and trap-assisted tunnelling in a layer, and tunnel oxides at interfaces (WKB transmission averaged over the thermal distribution, with thickness, barrier heights and effective masses). In the public device library the P3HT:PCBM bulk-heterojunction example now uses Onsager-Braun dissociation, a PM6/C60 bilayer example shows exciton diffusion, and the TOPCon example computes its 1.5 nm SiOx as a tunnel oxide rather than as a very low surface recombination velocity. Two-terminal tandems can be simulated electrically (subcells in series, and optionally the whole stack as one drift-diffusion device).',
  },
];

export function fullStackTextsMigration(): Migration {
  return {
    async up(db) {
      await applyTextCorrections(db, FULLSTACK_TEXT_CORRECTIONS);
    },
    async down() {
      // the corrected texts stay: the old ones said something untrue
    },
  };
}
