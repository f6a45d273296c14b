import { type Kysely, type Migration, sql } from 'kysely';
import { applyTextCorrections, type TextCorrection } from './migrations-public-texts.js';

/**
 * 0016: charged defects and capacitance-voltage became usable (the engine's capability
 * electrical.charged-defects): several charged or neutral defects per layer with energy
 * distributions, interface defects, C-V with its Mott-Schottky reading and C-f. The FAQ on the
 * modules now names them, and databases whose news were seeded before get the announcement (a
 * fresh database is seeded with it). As in 0006, 0007 and 0009, a text is replaced only where it is
 * still word for word what was seeded; texts are frozen here, as a shipped migration must be.
 */

type AnyDb = Kysely<unknown>;

export const DEFECT_TEXT_CORRECTIONS: readonly TextCorrection[] = [
  {
    table: 'faq',
    column: 'answer_zh',
    old: '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合，钙钛矿的离子迁移（瞬态仿真、J-V 迟滞与阻抗谱），有机电池的激子解离与激子扩散，以及隧穿（TOPCon 的隧穿氧化层、带间隧穿与陷阱辅助隧穿）；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
    new: '光学：吸收、反射、激子产生率、绒面因子与入射光谱修正；电学（漂移-扩散）：J-V 曲线、特性参数、电势、载流子浓度与电流、能带图、复合，钙钛矿的离子迁移（瞬态仿真、J-V 迟滞与阻抗谱），有机电池的激子解离与激子扩散，以及隧穿（TOPCon 的隧穿氧化层、带间隧穿与陷阱辅助隧穿），以及每层多个带电缺陷（单一能级、均匀、高斯分布与带尾）和界面缺陷、每个缺陷造成的损失、C-V（Mott-Schottky）与 C-f 导纳谱；电路：传统五参数模型和量化体复合、表面复合、俄歇复合及串并联电阻的修正二极管模型，以及效率损失量化。',
  },
  {
    table: 'faq',
    column: 'answer_en',
    old: 'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination, ion migration in perovskites (transient simulation, J-V hysteresis and impedance spectra), exciton dissociation and exciton diffusion in organic cells, and tunnelling (tunnel oxides of TOPCon contacts, band-to-band and trap-assisted tunnelling). Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
    new: 'Optical: absorption, reflection, exciton generation rate, texture factor and incident-spectrum correction. Electrical (drift-diffusion): J-V curves, characteristic parameters, potentials, carrier concentration and current, band diagrams, recombination, ion migration in perovskites (transient simulation, J-V hysteresis and impedance spectra), exciton dissociation and exciton diffusion in organic cells, and tunnelling (tunnel oxides of TOPCon contacts, band-to-band and trap-assisted tunnelling); several charged defects per layer (single level, uniform, Gaussian and band tails) with interface defects, the loss each defect causes, C-V (Mott-Schottky) and C-f admittance spectra. Circuit: the traditional 5-parameter model, the modified diode model quantifying bulk, surface and Auger recombination and series and shunt resistance, and efficiency-loss quantification.',
  },
];

/** The news item that announces the defect models, as 0016 adds it to news seeded before. */
export const DEFECT_NEWS = {
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
} as const;

export function defectTextsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await applyTextCorrections(db, DEFECT_TEXT_CORRECTIONS);
      const seeded = await sql<{ n: number | string }>`select count(*) as n from news`.execute(db);
      const there = await sql<{
        n: number | string;
      }>`select count(*) as n from news where title_zh = ${DEFECT_NEWS.title_zh}`.execute(db);
      if (Number(seeded.rows[0]?.n ?? 0) > 0 && Number(there.rows[0]?.n ?? 0) === 0)
        await sql`insert into news (kind, published_at, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, created_at)
          values (${DEFECT_NEWS.kind}, ${DEFECT_NEWS.published_at}, ${DEFECT_NEWS.title_zh}, ${DEFECT_NEWS.title_en},
            ${DEFECT_NEWS.summary_zh}, ${DEFECT_NEWS.summary_en}, ${DEFECT_NEWS.body_zh}, ${DEFECT_NEWS.body_en},
            ${Date.parse('2026-11-26T00:00:00Z')})`.execute(db);
    },
    async down() {
      // Saying again that the models are missing would be false: the corrected texts stay.
    },
  };
}
