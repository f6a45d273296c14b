import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0035 (issue 29): the public examples were named "中文 | English" and described by a Chinese
 * statement followed by an English body (0031), so each reader got half of it in the other
 * language. A device gets a text per language (name_zh, name_en, description_zh, description_en);
 * the views show the reader's, falling back to the other and then to `name`/`description`, which
 * stay what a user typed for their own devices (those have no per-language texts). Each shipped
 * example gets both, saying the same: its figures, its band and why it is generic in each; its
 * stored `name`, `description` and DeviceSpec texts become the English ones (a DeviceSpec's texts
 * are English like its layer names, and a file exported from it is read by the English CLI).
 *
 * A stored example is found by the name 0031 gave it; its description and spec texts are replaced
 * only while they are still the bilingual seeded shape (an administrator's rewrite is kept, and the
 * fallback shows it). The seed gives new platforms the same texts. Frozen here, as a shipped
 * migration's texts must be.
 */

export interface ExampleTexts {
  /** The file in assets/devices. */
  file: string;
  /** The name 0031 gave the example ("中文 | English"), as the file still has it. */
  oldName: string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
}

/** How 0031's bilingual descriptions open: a stored one that still does is as seeded. */
const SEEDED_OPENING = '通用器件，不是实测电池：';

export const EXAMPLE_TEXTS: readonly ExampleTexts[] = [
  {
    file: 'cdte-electrical.device.json',
    oldName: '通用 CdTe 电池 | Generic CdTe superstrate cell (glass/FTO/CdS/CdTe/Au), optics + drift-diffusion',
    nameZh: '通用 CdTe 电池（上衬底结构：玻璃/FTO/CdS/CdTe/Au），光学 + 漂移扩散',
    nameEn: 'Generic CdTe superstrate cell (glass/FTO/CdS/CdTe/Au), optics + drift-diffusion',
    descriptionZh:
      '通用器件，不是实测电池：层厚、掺杂与全部电学参数取自 Sesame 的一维 CdS/CdTe 示例（Gaury 等，2019）。本平台算得 Jsc 25.5 mA/cm²、Voc 0.908 V、FF 80.5 %、PCE 18.6 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。玻璃 1 mm / FTO 400 nm / CdS 25 nm（Nd 1e17）/ CdTe 4 um（Na 1e15）/ Au，AM1.5G，310-900 nm，步长 5 nm。层厚、掺杂与全部电学参数依照 Sesame 的一维 CdS/CdTe 示例（B. Gaury, Y. Sun, P. Bermel, P. M. Haney, Sol. Energy Mater. Sol. Cells 198, 53-62 (2019)）：CdS 相对介电常数 10、电子亲和能 4.0 eV、Eg 2.4 eV、Nc 2.2e18、Nv 1.8e19 cm^-3、迁移率 100/25 cm^2/Vs、寿命 10 ns / 0.1 ps；CdTe 相对介电常数 9.4、电子亲和能 3.9 eV、Eg 1.5 eV、Nc 8e17、Nv 1.8e19 cm^-3、迁移率 320/40 cm^2/Vs、寿命 5 ns；CdS 一侧为欧姆接触，背接触为功函数 5.0 eV 的肖特基接触。CdS 与 CdTe 的 n,k 为溅射薄膜的数据（Treharne 等，2011）。',
    descriptionEn:
      "A generic device, not a measured cell: layers, doping and every electrical parameter are those of Sesame's 1D CdS/CdTe example (Gaury et al., 2019). PVForge gives Jsc 25.5 mA/cm², Voc 0.908 V, FF 80.5 %, PCE 18.6 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). glass 1 mm / FTO 400 nm / CdS 25 nm (Nd 1e17) / CdTe 4 um (Na 1e15) / Au, AM1.5G 310-900 nm in 5 nm steps. Layer thicknesses, doping and all electrical parameters follow the 1D CdS/CdTe example of Sesame (B. Gaury, Y. Sun, P. Bermel, P. M. Haney, Sol. Energy Mater. Sol. Cells 198, 53-62 (2019)): CdS eps 10, chi 4.0 eV, Eg 2.4 eV, Nc 2.2e18, Nv 1.8e19 cm^-3, mobilities 100/25 cm^2/Vs, lifetimes 10 ns / 0.1 ps; CdTe eps 9.4, chi 3.9 eV, Eg 1.5 eV, Nc 8e17, Nv 1.8e19 cm^-3, mobilities 320/40 cm^2/Vs, lifetimes 5 ns; ohmic CdS contact, Schottky back contact of work function 5.0 eV. n,k of sputtered CdS and CdTe (Treharne et al. 2011).",
  },
  {
    file: 'cigs-electrical.device.json',
    oldName: '通用 CIGS 电池 | Generic CIGS cell (AZO/ZnO/CIGS), drift-diffusion with uniform generation',
    nameZh: '通用 CIGS 电池（AZO/ZnO/CIGS），漂移扩散，均匀光生成',
    nameEn: 'Generic CIGS cell (AZO/ZnO/CIGS), drift-diffusion with uniform generation',
    descriptionZh:
      '通用器件，不是实测电池：电学参数取自 ChargeTransport.jl 的 ZnO/CIGS 示例 Ex108，光生成取均匀分布。本平台算得 Jsc 16.5 mA/cm²、Voc 0.595 V、FF 72.2 %、PCE 7.1 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。空气 / AZO 200 nm / ZnO 500 nm（Nd 1e18）/ CIGS 2.1 um（Na 5.5e15）。电学参数依照 ChargeTransport.jl 的 ZnO/CIGS 示例 Ex108（github.com/PatricioFarrell/ChargeTransport.jl）：相对介电常数 9（ZnO）与 13.6（CIGS），迁移率 100/25 cm^2/Vs，两层的 Nc 均为 4.35e17、Nv 均为 9.14e18 cm^-3，CIGS 带隙 1.1 eV，两层导带边相同（共同的电子亲和能 4.4 eV 只是参考能级：接触为欧姆接触时只有带阶起作用）；ZnO 带隙 3.37 eV（Ozgur 等，J. Appl. Phys. 98, 041301 (2005)）。设计值：CIGS 中 SRH 寿命 10 ns（Ex108 把 SRH 复合限制在一个薄的陷阱区内），无 CdS 缓冲层（与 Ex108 相同）。没有公开的 CIGS n,k 表（CIGS 的光学模型以晶体硅代替），因此光生成取均匀分布：ZnO 与 CIGS 中均为 7e20 cm^-3 s^-1（若全部收集约为 33 mA/cm^2），不由光学计算得出。',
    descriptionEn:
      "A generic device, not a measured cell: its electrical parameters are those of ChargeTransport.jl's ZnO/CIGS example Ex108, with a uniform generation. PVForge gives Jsc 16.5 mA/cm², Voc 0.595 V, FF 72.2 %, PCE 7.1 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). air / AZO 200 nm / ZnO 500 nm (Nd 1e18) / CIGS 2.1 um (Na 5.5e15). Electrical parameters follow the ZnO/CIGS example Ex108 of ChargeTransport.jl (github.com/PatricioFarrell/ChargeTransport.jl): eps 9 (ZnO) and 13.6 (CIGS), mobilities 100/25 cm^2/Vs, Nc 4.35e17 and Nv 9.14e18 cm^-3 in both, CIGS gap 1.1 eV, equal conduction-band edges (the common affinity 4.4 eV is a reference level: with ohmic contacts only the offsets matter); ZnO gap 3.37 eV (Ozgur et al., J. Appl. Phys. 98, 041301 (2005)). Design values: SRH lifetime 10 ns in the CIGS (Ex108 confines SRH to a thin trap region), no CdS buffer (as in Ex108). No public CIGS n,k table exists (the CIGS optical model is a c-Si proxy), so the generation is UNIFORM, 7e20 cm^-3 s^-1 in ZnO and CIGS (about 33 mA/cm^2 if all collected) instead of the optics.",
  },
  {
    file: 'cigs-tails-electrical.device.json',
    oldName: '通用 CIGS 电池（带尾态与中隙高斯缺陷）| Generic CIGS cell with band tails and a Gaussian mid-gap defect',
    nameZh: '通用 CIGS 电池（带尾态与中隙高斯缺陷）',
    nameEn: 'Generic CIGS cell with band tails and a Gaussian mid-gap defect',
    descriptionZh:
      '通用器件，不是实测电池：在上面的通用 CIGS 电池中加入设计值的带尾态与中隙高斯缺陷。本平台算得 Jsc 16.9 mA/cm²、Voc 0.617 V、FF 76.5 %、PCE 8.0 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。即上面的 CIGS 示例（AZO / ZnO 500 nm / CIGS 2.1 um，均匀光生成；各层参数见 cigs-electrical，依照 ChargeTransport.jl 的示例 Ex108），其复合由缺陷承担：两个带边各有一个伸入带隙的指数带尾，特征（Urbach）能量 30 meV，为 M. Troviano 与 K. Taretto 在效率 18 % 的 CIGS 电池上于室温测得（Proc. 24th EU PVSEC, 2933 (2009), https://doi.org/10.4229/24thEUPVSEC2009-3BV.5.22）（按惯例导带尾为类受主、价带尾为类施主，总密度各 1e16 cm^-3，俘获截面 1e-15 cm^2）；另有一个位于带隙中央的类施主高斯缺陷，1e13 cm^-3，宽度 0.1 eV，俘获截面 5e-13 cm^2（电子）与 1e-15 cm^2（空穴），属于 M. Gloeckler, A. L. Fahrenbruch, J. R. Sites 的 CIGS 基准模型中那类中隙高斯复合中心（Proc. 3rd WCPEC, Osaka (2003)）。普通 SRH 寿命设得很长（1 us），使缺陷起主导作用。另含一次 100 kHz 的 C-V 扫描及其 Mott-Schottky 读数（受主掺杂为 5.5e15 cm^-3；耗尽区中带尾与中隙缺陷的电荷使读数略有偏移）。均为设计值，不是对某一器件的拟合。',
    descriptionEn:
      'A generic device, not a measured cell: the generic CIGS cell with band tails and a mid-gap Gaussian defect of design values. PVForge gives Jsc 16.9 mA/cm², Voc 0.617 V, FF 76.5 %, PCE 8.0 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). The CIGS example (AZO / ZnO 500 nm / CIGS 2.1 um, uniform generation; see cigs-electrical for the layer parameters, after example Ex108 of ChargeTransport.jl) with its recombination carried by defects: exponential band tails into the gap from both band edges with the characteristic (Urbach) energy 30 meV measured at room temperature in 18 % CIGS cells by M. Troviano and K. Taretto, Proc. 24th EU PVSEC, 2933 (2009), https://doi.org/10.4229/24thEUPVSEC2009-3BV.5.22 (the conduction-band tail acceptor-like and the valence-band tail donor-like, as is usual, each 1e16 cm^-3 in all, cross-sections 1e-15 cm^2), and a Gaussian donor-like defect at mid-gap, 1e13 cm^-3, width 0.1 eV, cross-sections 5e-13 cm^2 (electrons) and 1e-15 cm^2 (holes), the kind of mid-gap Gaussian recombination centre of the CIGS baseline of M. Gloeckler, A. L. Fahrenbruch, J. R. Sites, Numerical modeling of CIGS and CdTe solar cells: setting the baseline, Proc. 3rd WCPEC, Osaka (2003). The plain SRH lifetimes are set long (1 us) so that the defects dominate. A C-V sweep at 100 kHz with its Mott-Schottky reading is included (the acceptor doping is 5.5e15 cm^-3; the charge of the tails and of the mid-gap defect in the depletion region shifts the reading slightly). Design values, not a fit to one device.',
  },
  {
    file: 'organic-bhj-p3ht-pcbm-electrical.device.json',
    oldName:
      '通用有机体异质结器件（P3HT:PC61BM 光学常数）| Generic organic bulk-heterojunction device, P3HT:PC61BM optics',
    nameZh: '通用有机体异质结器件（P3HT:PC61BM 光学常数）',
    nameEn: 'Generic organic bulk-heterojunction device, P3HT:PC61BM optics',
    descriptionZh:
      '通用器件，不是实测电池：电学参数是 SIMsalabim 的通用单层体异质结器件，不是 P3HT:PC61BM 的拟合值，只有光学常数取自 P3HT:PC61BM；实测的 P3HT:PC61BM 电池约为 Voc 0.6 V、PCE 3-4 %，本例的 Voc 与 PCE 远高于此。本平台算得 Jsc 11.5 mA/cm²、Voc 1.162 V、FF 66.8 %、PCE 9.0 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。玻璃 1 mm / ITO 150 nm / PEDOT:PSS 40 nm / P3HT:PC61BM 200 nm / Al 100 nm，AM1.5G 照射（310-900 nm）。共混层作为单一等效介质，电学参数取 SIMsalabim 默认单层体异质结器件的参数（M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022)，v3.76 的 device_parameters.txt；模型见 L. J. A. Koster 等，Phys. Rev. B 72, 085205 (2005)）：相对介电常数 4，导带 3.0 eV，价带 5.0 eV，Nc = Nv = 1e20 cm^-3，迁移率 1e-3 cm^2/Vs，k_direct 1e-9 cm^3/s，接触功函数 5.0 eV（阳极）与 3.6 eV（阴极）——这是一组通用的聚合物:富勒烯参数，不是 P3HT:PCBM 的拟合值（材料库中的 P3HT:PC61BM）。共混层的光吸收产生电荷转移态，按 Onsager-Braun 概率 P(F, T) 解离（C. L. Braun, J. Chem. Phys. 80, 4157 (1984)），分离距离 a = 1.8 nm（单一值），衰减速率 k_f = 1e6 1/s；Langevin 复合（前因子 1，代替 k_direct）按 (1 - P) 减小（Koster 等，2005）——即本引擎在测试中复现的 SIMsalabim 参考算例 simsalabim-organic-bhj-onsager-braun（SimSS v5.36）的激子参数。结果给出 P(x)、因成对复合而损失的光生成，以及分为成对复合与双分子复合两部分的 J-V 损失。ITO、PEDOT:PSS 与 Al 只参与光学计算。',
    descriptionEn:
      "A generic device, not a measured cell: its electrical set is SIMsalabim's generic single-layer bulk-heterojunction device, not fitted to P3HT:PC61BM, and only its optical constants are P3HT:PC61BM's; measured P3HT:PC61BM cells give about 0.6 V and 3-4 %, far below this example's Voc and PCE. PVForge gives Jsc 11.5 mA/cm², Voc 1.162 V, FF 66.8 %, PCE 9.0 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). glass 1 mm / ITO 150 nm / PEDOT:PSS 40 nm / P3HT:PC61BM 200 nm / Al 100 nm under AM1.5G (310-900 nm). The blend is one effective medium with the electrical set of SIMsalabim's default single-layer bulk-heterojunction device (M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022), v3.76 device_parameters.txt; model of L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005)): eps 4, CB 3.0 eV, VB 5.0 eV, Nc = Nv = 1e20 cm^-3, mobilities 1e-3 cm^2/Vs, k_direct 1e-9 cm^3/s, contact work functions 5.0 eV (anode) and 3.6 eV (cathode) - a GENERIC polymer:fullerene set, not fitted to P3HT:PCBM (the material library's P3HT:PC61BM). The optical absorption of the blend makes charge-transfer states that dissociate with the Onsager-Braun probability P(F, T) (C. L. Braun, J. Chem. Phys. 80, 4157 (1984)), separation distance a = 1.8 nm (one value), decay rate k_f = 1e6 1/s, and Langevin recombination (prefactor 1, in place of k_direct) reduced by (1 - P) (Koster et al. 2005) - the exciton set of the SIMsalabim reference case simsalabim-organic-bhj-onsager-braun (SimSS v5.36) that the engine reproduces in its tests. The results show P(x), the generation lost to geminate recombination and the J-V losses split into geminate and bimolecular. ITO, PEDOT:PSS and Al are optical only.",
  },
  {
    file: 'organic-bilayer-pm6-c60-exciton-diffusion.device.json',
    oldName: '通用双层有机电池 PM6/C60（激子扩散）| Generic planar bilayer organic cell ITO/PEDOT:PSS/PM6/C60/Al',
    nameZh: '通用平面双层有机电池 ITO/PEDOT:PSS/PM6/C60/Al（激子扩散）',
    nameEn: 'Generic planar bilayer organic cell ITO/PEDOT:PSS/PM6/C60/Al (exciton diffusion)',
    descriptionZh:
      '通用器件，不是实测电池：激子参数为设计值，给体用通用聚合物参数（非 PM6 拟合值）。本平台算得 Jsc 6.4 mA/cm²、Voc 0.828 V、FF 77.5 %、PCE 4.1 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。玻璃 1 mm / ITO 150 nm / PEDOT:PSS 40 nm / PM6 给体 30 nm / C60 受体 40 nm / Al 100 nm，AM1.5G 照射（310-900 nm）。平面（双层）异质结：光在给体和受体中产生激子，激子扩散，只有到达给体/受体界面的激子才分离，电子进入 C60、空穴进入 PM6（P. Peumans, A. Yakimov, S. R. Forrest, J. Appl. Phys. 93, 3693 (2003)）；其余激子衰减。激子扩散长度：C60 40 nm，给体 10 nm，即 Peumans 等（2003）对 C60 与 CuPc 报道的值，给体的值在此作为设计值用于 PM6；激子寿命 1 ns（设计值）。电学参数：C60 取自材料库（SIMsalabim 默认的类 C60 传输层，M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022)）；给体采用 SIMsalabim v3.76 的通用聚合物参数（相对介电常数 4，导带 3.0 eV，价带 5.0 eV，Nc = Nv = 1e20 cm^-3，迁移率 1e-3 cm^2/Vs），不是 PM6 的拟合值。光学常数：PM6（Kamptner 等，ChemPhysChem (2024)）与 C60 取自材料库（每种材料的页面注明其数据表的来源）。自由电子与空穴只在给体/受体界面相遇：那里的复合用 0.01 cm/s 的界面复合速度表示（设计值，决定 Voc）。接触：肖特基接触，功函数 5.0 eV（阳极，PEDOT:PSS 一侧）与 3.6 eV（阴极）。双层器件的电流受限于界面附近一个激子扩散长度以内的薄层；可将其 Jsc 与体异质结示例比较。',
    descriptionEn:
      "A generic device, not a measured cell: design-value exciton parameters and a generic polymer set for the donor, not fitted to PM6. PVForge gives Jsc 6.4 mA/cm², Voc 0.828 V, FF 77.5 %, PCE 4.1 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). glass 1 mm / ITO 150 nm / PEDOT:PSS 40 nm / PM6 donor 30 nm / C60 acceptor 40 nm / Al 100 nm under AM1.5G (310-900 nm). A planar (bilayer) heterojunction: the light makes excitons in the donor and in the acceptor, they diffuse and only those that reach the donor/acceptor interface split, the electron into the C60 and the hole into the PM6 (P. Peumans, A. Yakimov, S. R. Forrest, J. Appl. Phys. 93, 3693 (2003)); the rest decay. Exciton diffusion lengths: C60 40 nm and a donor 10 nm, the values Peumans et al. (2003) report for C60 and CuPc, the donor's taken here for PM6 as a design value; exciton lifetimes 1 ns (design value). Electrical sets: C60 from the material library (SIMsalabim's default C60-like transport layer, M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022)); the donor takes the GENERIC polymer set of SIMsalabim v3.76 (eps 4, CB 3.0 eV, VB 5.0 eV, Nc = Nv = 1e20 cm^-3, mobilities 1e-3 cm^2/Vs), not fitted to PM6. Optical constants: PM6 (Kamptner et al., ChemPhysChem (2024)) and C60 from the material library (each material's page names the source of its table). Free electrons and holes meet only at the donor/acceptor interface: their recombination there is an interface recombination velocity of 0.01 cm/s (design value, sets the Voc). Contacts: Schottky, work functions 5.0 eV (anode, PEDOT:PSS side) and 3.6 eV (cathode). The bilayer's current is limited by the thin layer within an exciton diffusion length of the interface; compare its Jsc with the bulk-heterojunction example.",
  },
  {
    file: 'perovskite-nip-electrical.device.json',
    oldName: '通用 n-i-p MAPbI3 电池 | Generic n-i-p MAPbI3 cell (FTO/TiO2/MAPbI3/Spiro-OMeTAD/Au)',
    nameZh: '通用 n-i-p MAPbI3 电池（FTO/TiO2/MAPbI3/Spiro-OMeTAD/Au）',
    nameEn: 'Generic n-i-p MAPbI3 cell (FTO/TiO2/MAPbI3/Spiro-OMeTAD/Au)',
    descriptionZh:
      '通用器件，不是实测电池：叠层与电学参数取自 Driftfusion 的 spiro/MAPI/TiO2 器件（Calado 等，2022）。本平台算得 Jsc 21.9 mA/cm²、Voc 1.141 V、FF 71.5 %、PCE 17.9 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。玻璃 1 mm（非相干）/ FTO 400 nm / 致密 TiO2 50 nm / MAPbI3 400 nm / Spiro-OMeTAD 200 nm / Au 80 nm，AM1.5G 照射（310-850 nm，步长 5 nm）。叠层与电学参数依照 Driftfusion 的 spiro/MAPI/TiO2 器件（P. Calado 等，J. Comput. Electron. 21, 960-991 (2022), https://doi.org/10.1007/s10825-021-01827-z；Input_files/spiro_mapi_tio2.csv）：MAPbI3 电子亲和能 3.8 eV、Eg 1.6 eV、Nc = Nv = 1e19 cm^-3、迁移率 20 cm^2/Vs、相对介电常数 23、SRH 寿命 100 ns、k_rad 3.6e-12 cm^3/s；TiO2 电子亲和能 4.1 eV、迁移率 0.1 cm^2/Vs、相对介电常数 12、nd 2.1e17 cm^-3（带隙 3.2 eV，Tang 等，J. Appl. Phys. 75, 2042 (1994)）；Spiro 电子亲和能 2.8 eV、电离能 4.9 eV、迁移率 0.02 cm^2/Vs、相对介电常数 4、na 2.1e17 cm^-3；欧姆接触（Driftfusion 的电极位于掺杂传输层的费米能级处）。材料库中的 TiO2、MAPbI3 与 Spiro-OMeTAD 取相同的值。本器件没有可移动离子（p-i-n 可移动离子示例中有）。FTO、玻璃与 Au 只参与光学计算。',
    descriptionEn:
      "A generic device, not a measured cell: its stack and electrical parameters are those of Driftfusion's spiro/MAPI/TiO2 device (Calado et al., 2022). PVForge gives Jsc 21.9 mA/cm², Voc 1.141 V, FF 71.5 %, PCE 17.9 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). glass 1 mm (incoherent) / FTO 400 nm / compact TiO2 50 nm / MAPbI3 400 nm / Spiro-OMeTAD 200 nm / Au 80 nm under AM1.5G (310-850 nm, 5 nm steps). Stack and electrical parameters follow the spiro/MAPI/TiO2 device of Driftfusion (P. Calado et al., J. Comput. Electron. 21, 960-991 (2022), https://doi.org/10.1007/s10825-021-01827-z; Input_files/spiro_mapi_tio2.csv): MAPbI3 EA 3.8 eV, Eg 1.6 eV, Nc = Nv = 1e19 cm^-3, mobilities 20 cm^2/Vs, eps 23, SRH lifetimes 100 ns, k_rad 3.6e-12 cm^3/s; TiO2 EA 4.1 eV, mobility 0.1 cm^2/Vs, eps 12, nd 2.1e17 cm^-3 (gap 3.2 eV, Tang et al. J. Appl. Phys. 75, 2042 (1994)); Spiro EA 2.8 eV, IP 4.9 eV, mobility 0.02 cm^2/Vs, eps 4, na 2.1e17 cm^-3; ohmic contacts (Driftfusion's electrodes sit at the Fermi levels of the doped transport layers). The material library's TiO2, MAPbI3 and Spiro-OMeTAD carry the same values. This device has no mobile ions (the p-i-n mobile-ion example has them). FTO, glass and Au are optical only.",
  },
  {
    file: 'perovskite-pin-defects-electrical.device.json',
    oldName: '通用 p-i-n MAPbI3 电池（体缺陷与界面缺陷）| Generic p-i-n MAPbI3 cell with bulk and interface defects',
    nameZh: '通用 p-i-n MAPbI3 电池（体缺陷与界面缺陷）',
    nameEn: 'Generic p-i-n MAPbI3 cell with bulk and interface defects',
    descriptionZh:
      '通用器件，不是实测电池：SIMsalabim 默认的 p-i-n 钙钛矿器件，加入设计值的体缺陷与界面缺陷。本平台算得 Jsc 21.9 mA/cm²、Voc 1.066 V、FF 72.1 %、PCE 16.8 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。即 p-i-n MAPbI3 示例（玻璃 / ITO / PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm / Ag；SIMsalabim 默认器件参数，见 perovskite-pin-electrical），其复合按 SCAPS 用户的给法由缺陷承担：钙钛矿中有一个位于导带下 0.6 eV、宽度 0.1 eV 的类受主高斯缺陷（能级与宽度取 Chowdhury 等的假设，Results Phys. 16, 102839 (2020), https://doi.org/10.1016/j.rinp.2019.102839），密度 1e15 cm^-3，俘获截面 1e-15 cm^2，热速度 1e7 cm/s；普通 SRH 项的寿命设得很长（10 us），使缺陷起主导作用。两个传输层界面均有界面缺陷：PTAA/MAPbI3 界面为中性缺陷层，MAPbI3/PCBM 界面为类受主缺陷层，均位于带隙中央、1e10 cm^-2，俘获截面 1e-15 cm^2（界面复合速度 sigma v_th N_t = 100 cm/s；按 Sherkar 等的分析，这一量级的界面陷阱限制钙钛矿电池的性能，ACS Energy Lett. 2, 1214 (2017), https://doi.org/10.1021/acsenergylett.7b00236）。均为设计值，不是对某一器件的拟合。计算还给出每个缺陷造成的 J-V 损失（去掉该缺陷再算一次 J-V）。',
    descriptionEn:
      "A generic device, not a measured cell: SIMsalabim's default p-i-n perovskite device with a bulk defect and interface defects of design values. PVForge gives Jsc 21.9 mA/cm², Voc 1.066 V, FF 72.1 %, PCE 16.8 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). The p-i-n MAPbI3 example (glass / ITO / PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm / Ag; SIMsalabim default device parameters, see perovskite-pin-electrical) with its recombination carried by defects as a SCAPS user gives them: in the perovskite a Gaussian acceptor-like defect 0.6 eV below the conduction band with a width of 0.1 eV (the level and width assumed by Chowdhury et al., Results Phys. 16, 102839 (2020), https://doi.org/10.1016/j.rinp.2019.102839), density 1e15 cm^-3 and capture cross-sections 1e-15 cm^2 with the thermal velocity 1e7 cm/s; the lifetimes of the plain SRH term are set long (10 us) so that the defects dominate. Interface defects at both transport layers: a neutral sheet at the PTAA/MAPbI3 interface and an acceptor-like sheet at MAPbI3/PCBM, 1e10 cm^-2 at mid-gap with cross-sections 1e-15 cm^2 (an interface recombination velocity sigma v_th N_t = 100 cm/s; interface traps of this order limit perovskite cells in the analysis of Sherkar et al., ACS Energy Lett. 2, 1214 (2017), https://doi.org/10.1021/acsenergylett.7b00236). Design values, not a fit to one device. The run also gives the J-V loss of each defect (the J-V again without it).",
  },
  {
    file: 'perovskite-pin-electrical.device.json',
    oldName: '通用 p-i-n MAPbI3 电池 | Generic p-i-n MAPbI3 cell on glass, optics + drift-diffusion',
    nameZh: '通用 p-i-n MAPbI3 电池（玻璃衬底），光学 + 漂移扩散',
    nameEn: 'Generic p-i-n MAPbI3 cell on glass, optics + drift-diffusion',
    descriptionZh:
      '通用器件，不是实测电池：电学参数为 SIMsalabim 默认的 p-i-n 钙钛矿器件。本平台算得 Jsc 22.0 mA/cm²、Voc 1.281 V、FF 76.1 %、PCE 21.5 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。玻璃 1 mm（非相干）/ ITO 150 nm / PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm / Ag 100 nm，AM1.5G 照射（300-850 nm）。n,k 取自材料库（每种材料的页面注明其数据表的来源）。PTAA / 钙钛矿 / 电子传输层的电学参数：SIMsalabim 默认的 p-i-n 钙钛矿器件（L. J. A. Koster, E. C. P. Smits, V. D. Mihailetchi, P. W. M. Blom, Phys. Rev. B 72, 085205 (2005)；M. Koopmans, V. M. Le Corre, L. J. A. Koster, SIMsalabim, J. Open Source Softw. 7 (2022), github.com/kostergroup/SIMsalabim），与该 SIMsalabim 器件的验证算例相同：钙钛矿 Eg 1.63 eV、电子亲和能 3.9 eV、相对介电常数 24、Nc = Nv = 2.2e18 cm^-3、迁移率 1 cm^2/Vs、SRH 寿命 200/500 ns、k_rad 1e-11 cm^3/s；类 C60 的电子传输层代表 PCBM（LUMO 约 3.9-4.0 eV）；接触功函数 5.2 eV（ITO/PTAA 一侧，阳极）与 4.05 eV（Ag）。ITO、玻璃与 Ag 只参与光学计算；PTAA、MAPbI3 与 PCBM 的 G(x) 由同一次计算中的传输矩阵得出。',
    descriptionEn:
      "A generic device, not a measured cell: its electrical parameters are those of SIMsalabim's default p-i-n perovskite device. PVForge gives Jsc 22.0 mA/cm², Voc 1.281 V, FF 76.1 %, PCE 21.5 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). glass 1 mm (incoherent) / ITO 150 nm / PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm / Ag 100 nm under AM1.5G (300-850 nm). n,k from the material library (each material's page names the source of its table). Electrical parameters of PTAA / perovskite / ETL: the SIMsalabim default p-i-n perovskite device (L. J. A. Koster, E. C. P. Smits, V. D. Mihailetchi, P. W. M. Blom, Phys. Rev. B 72, 085205 (2005); M. Koopmans, V. M. Le Corre, L. J. A. Koster, SIMsalabim, J. Open Source Softw. 7 (2022), github.com/kostergroup/SIMsalabim), as in the validation case of that SIMsalabim device: perovskite Eg 1.63 eV, chi 3.9 eV, eps 24, Nc = Nv = 2.2e18 cm^-3, mobilities 1 cm^2/Vs, SRH lifetimes 200/500 ns, k_rad 1e-11 cm^3/s; the C60-like ETL stands for PCBM (LUMO about 3.9-4.0 eV); contact work functions 5.2 eV (ITO/PTAA side, anode) and 4.05 eV (Ag). ITO, glass and Ag are optical only; G(x) of PTAA, MAPbI3 and PCBM comes from the transfer matrix in the same run.",
  },
  {
    file: 'perovskite-pin-ions-electrical.device.json',
    oldName: '通用 p-i-n MAPbI3 电池（可移动碘空位）| Generic p-i-n MAPbI3 cell with mobile iodide vacancies',
    nameZh: '通用 p-i-n MAPbI3 电池（可移动碘空位）',
    nameEn: 'Generic p-i-n MAPbI3 cell with mobile iodide vacancies',
    descriptionZh:
      '通用器件，不是实测电池：SIMsalabim 默认的 p-i-n 钙钛矿器件，加入可移动碘空位（IonMonger 默认密度）与界面复合；下列数值为稳态 J-V。本平台算得 Jsc 19.8 mA/cm²、Voc 1.183 V、FF 74.9 %、PCE 17.5 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。玻璃 / ITO 150 nm / PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm / Ag 100 nm，AM1.5G 照射（300-850 nm，步长 2 nm）。即电学示例中的 p-i-n 电池（SIMsalabim 默认器件），在钙钛矿中加入可移动离子、在钙钛矿两侧界面加入复合，因此其 J-V 取决于扫描方式。可移动离子：带正电的碘空位，1.6e19 cm^-3（IonMonger 默认参数，Courtier 等，2019），各带等密度的不可移动背景电荷，限制在钙钛矿内；300 K 下扩散系数 1e-12 cm^2/s，是 Eames 等（2015）对碘空位所估量级的典型室温值，激活能取他们算得的 0.58 eV。PTAA/MAPbI3 与 MAPbI3/PCBM 界面的电子与空穴复合速度均为 100 cm/s，是为本例选取的典型值，不是测量值。测试流程：光照下 1.2 V 的稳态，保持 5 s（预处理），然后以 100 mV/s 反向扫描到 -0.1 V，再正向扫描回 1.2 V；在预处理结束时、每次扫描的短路点以及结束时给出分布曲线。另在 1.0 V 下计算 10 mHz 到 1 MHz 的阻抗谱。',
    descriptionEn:
      "A generic device, not a measured cell: SIMsalabim's default p-i-n perovskite device with mobile iodide vacancies (IonMonger's default density) and interface recombination; the figures below are its steady-state J-V's. PVForge gives Jsc 19.8 mA/cm², Voc 1.183 V, FF 74.9 %, PCE 17.5 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). glass / ITO 150 nm / PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm / Ag 100 nm under AM1.5G (300-850 nm, 2 nm steps), the p-i-n cell of the electrical example (SIMsalabim default device) with mobile ions in the perovskite and recombination at both perovskite interfaces, so that its J-V depends on how it is scanned. Mobile ions: positive iodide vacancies of 1.6e19 cm^-3 (the IonMonger default set, Courtier et al. 2019), each with an immobile background of equal density, confined to the perovskite; diffusion coefficient 1e-12 cm^2/s at 300 K, a typical room-temperature value of the order Eames et al. (2015) estimate for iodide vacancies, with their computed activation energy 0.58 eV. Interface recombination velocities of 100 cm/s for electrons and holes at PTAA/MAPbI3 and MAPbI3/PCBM are a typical value chosen for the example, not a measurement. Protocol: the steady state at 1.2 V under light, held 5 s (preconditioning), then a reverse scan to -0.1 V and a forward scan back to 1.2 V at 100 mV/s; profiles at the end of the preconditioning, at short circuit on each scan and at the end. Impedance spectrum at 1.0 V from 10 mHz to 1 MHz.",
  },
  {
    file: 'perovskite-pin-optical.device.json',
    oldName: '通用 p-i-n MAPbI3 电池，仅光学 | Generic p-i-n MAPbI3 cell on glass, optics only',
    nameZh: '通用 p-i-n MAPbI3 电池（玻璃衬底），仅光学',
    nameEn: 'Generic p-i-n MAPbI3 cell on glass, optics only',
    descriptionZh:
      '通用器件，不是实测电池：各层光学常数取自材料库，层厚为设计值；只计算光学（传输矩阵），不计算电学。本平台算得 MAPbI3 层的光电流 21.0 mA/cm²（测试容差 ±0.5 mA/cm²）。玻璃 1 mm（非相干）/ ITO / PEDOT:PSS / MAPbI3 / PC61BM / Ag，AM1.5G，310-900 nm。',
    descriptionEn:
      'A generic device, not a measured cell: optical constants of the material library and design thicknesses; optics only (transfer matrix), no electrical model. PVForge gives a MAPbI3 photocurrent of 21.0 mA/cm² (tested within ±0.5 mA/cm²). glass 1 mm (incoherent) / ITO / PEDOT:PSS / MAPbI3 / PC61BM / Ag, AM1.5G, 310-900 nm',
  },
  {
    file: 'perovskite-silicon-tandem-electrical.device.json',
    oldName: '通用钙钛矿/硅两端叠层（电流匹配）| Generic perovskite/silicon two-terminal tandem, current-matched',
    nameZh: '通用钙钛矿/硅两端叠层电池（电流匹配）',
    nameEn: 'Generic perovskite/silicon two-terminal tandem, current-matched',
    descriptionZh:
      '通用器件，不是实测电池：层序参照 Al-Ashouri 等（Science 370, 1300 (2020)）的单片叠层，但不复现该纪录电池：钙钛矿 n,k 表带边约 1.6 eV，窄于纪录叠层的宽带隙钙钛矿，故约 205 nm 即电流匹配（顶 18.66、底 18.58 mA/cm²）；硅用扩散 n+/p+ 层代替异质结接触，光陷阱取朗伯织构；不计串联与并联电阻。本平台算得 Jsc 18.3 mA/cm²、Voc 2.030 V、FF 80.2 %、PCE 29.8 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。空气 / MgF2 100 nm / ITO 100 nm / C60 20 nm / Cs/FA/MA 钙钛矿 205 nm / PTAA 10 nm / ITO 20 nm 复合层 / n+ c-Si 200 nm / n c-Si 180 um（非相干，前表面为朗伯织构）/ p+ c-Si 500 nm / ITO 100 nm / Ag，AM1.5G，300-1200 nm，步长 10 nm。叠层计算在整个叠层的光学中求解每个子电池（ITO 两侧各为理想欧姆接触），将子电池串联（两端，2T）、把效率相加（四端，4T），并扫描钙钛矿厚度。顶电池：SIMsalabim 的 p-i-n 钙钛矿器件（L. J. A. Koster 等，Phys. Rev. B 72, 085205 (2005)；M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7 (2022)），PTAA 为 p 型掺杂 1e18 cm^-3（设计值）。硅的常数与 TOPCon 示例相同（Green 1990；Trupke 等 2003；Dziewior & Schmid 1977；Arora 等 1982）；掺杂、SRH 寿命（基区 1 ms）以及背接触的电子复合速度（1000 cm/s）为设计值。钙钛矿 n,k 表止于 850 nm，其后按透明延伸；C60 与 PTAA 的表在 1100 nm 以上同样按透明处理。',
    descriptionEn:
      "A generic device, not a measured cell: layer sequence after the monolithic tandem of Al-Ashouri et al. (Science 370, 1300 (2020)), not a reproduction of that record cell: the perovskite n,k table's edge is near 1.6 eV, narrower than record tandems' wide-gap perovskites, so about 205 nm matches the currents (top 18.66, bottom 18.58 mA/cm²); diffused n+/p+ silicon instead of heterojunction contacts, Lambertian light trapping, no series or shunt resistance. PVForge gives Jsc 18.3 mA/cm², Voc 2.030 V, FF 80.2 %, PCE 29.8 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). air / MgF2 100 nm / ITO 100 nm / C60 20 nm / Cs/FA/MA perovskite 205 nm / PTAA 10 nm / ITO 20 nm recombination layer / n+ c-Si 200 nm / n c-Si 180 um (incoherent, its front face a Lambertian texture) / p+ c-Si 500 nm / ITO 100 nm / Ag, AM1.5G 300-1200 nm in 10 nm steps. The tandem run solves each subcell in the optics of the whole stack with an ideal ohmic contact on each side of the ITO, connects them in series (2T), adds their efficiencies (4T) and sweeps the perovskite thickness. Top cell: the SIMsalabim p-i-n perovskite device (L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005); M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7 (2022)), PTAA p-doped 1e18 cm^-3 (design value). Silicon constants as in the TOPCon example (Green 1990; Trupke et al. 2003; Dziewior & Schmid 1977; Arora et al. 1982); doping, SRH lifetimes (1 ms in the base) and the rear contact's electron recombination velocity (1000 cm/s) are design values. The perovskite n,k table ends at 850 nm and is extended as transparent, as are the C60 and PTAA tables beyond 1100 nm.",
  },
  {
    file: 'silicon-perc-electrical.device.json',
    oldName: '通用 PERC 型硅电池 | Generic PERC-like silicon cell (SiNx / n+ emitter / p base / Al2O3 / Al)',
    nameZh: '通用 PERC 型硅电池（SiNx / n+ 发射极 / p 型基区 / Al2O3 / Al）',
    nameEn: 'Generic PERC-like silicon cell (SiNx / n+ emitter / p base / Al2O3 / Al)',
    descriptionZh:
      '通用器件，不是实测电池：按 Blakers 等（1989）的 PERC 设计思路搭建的一维电池，掺杂、寿命与复合速度为设计值，平面无织构。本平台算得 Jsc 33.3 mA/cm²、Voc 0.662 V、FF 83.8 %、PCE 18.4 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。空气 / SiNx 75 nm 减反射层 / n+ 发射极 500 nm（Nd 1e19）/ p 型基区 180 um（Na 1e16，非相干）/ Al2O3 10 nm / Al，AM1.5G，300-1200 nm，步长 10 nm，平面（无织构）。按 A. W. Blakers, A. Wang, A. M. Milne, J. Zhao, M. A. Green 的 PERC 设计思路（Appl. Phys. Lett. 55, 1363 (1989)）搭建的一维 PERC 型电池：钝化背面用背接触（收集空穴的一侧）处较低的电子复合速度（100 cm/s）表示，局部 Al 接触不单独解析。硅的常数取自材料库的 c-Si：Nc 2.86e19、Nv 3.10e19 cm^-3、Eg 1.1242 eV（M. A. Green, J. Appl. Phys. 67, 2944 (1990)），相对介电常数 11.9，电子亲和能 4.05 eV（Sze & Ng 2007），k_rad 4.73e-15 cm^3/s（Trupke 等，J. Appl. Phys. 94, 4930 (2003)），俄歇系数 2.8e-31/9.9e-32 cm^6/s（Dziewior & Schmid, Appl. Phys. Lett. 31, 346 (1977)）；随掺杂变化的迁移率取光照下解析硅 n-p 二极管验证算例所列的 Caughey-Thomas/Arora 300 K 值（N. D. Arora, J. R. Hauser, D. J. Roulston, IEEE Trans. Electron Devices 29, 292 (1982)）。设计值（不是材料常数）：掺杂、基区 SRH 寿命 1 ms、接触复合速度。',
    descriptionEn:
      "A generic device, not a measured cell: a 1D cell in the spirit of the PERC design of Blakers et al. (1989), with doping, lifetimes and recombination velocities of design values, planar. PVForge gives Jsc 33.3 mA/cm², Voc 0.662 V, FF 83.8 %, PCE 18.4 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). air / SiNx 75 nm ARC / n+ emitter 500 nm (Nd 1e19) / p-type base 180 um (Na 1e16, incoherent) / Al2O3 10 nm / Al, AM1.5G 300-1200 nm in 10 nm steps, planar (no texture). A 1D PERC-like cell in the spirit of the PERC design of A. W. Blakers, A. Wang, A. M. Milne, J. Zhao, M. A. Green, Appl. Phys. Lett. 55, 1363 (1989): passivated rear represented by a low electron recombination velocity (100 cm/s) at the back (hole-collecting) contact, the local Al contacts are not resolved. Silicon constants of the material library's c-Si: Nc 2.86e19, Nv 3.10e19 cm^-3, Eg 1.1242 eV (M. A. Green, J. Appl. Phys. 67, 2944 (1990)), eps 11.9, chi 4.05 eV (Sze & Ng 2007), k_rad 4.73e-15 cm^3/s (Trupke et al., J. Appl. Phys. 94, 4930 (2003)), Auger 2.8e-31/9.9e-32 cm^6/s (Dziewior & Schmid, Appl. Phys. Lett. 31, 346 (1977)); doping-dependent mobilities from the Caughey-Thomas/Arora 300 K values listed in the validation case of the analytic silicon n-p diode under light (N. D. Arora, J. R. Hauser, D. J. Roulston, IEEE Trans. Electron Devices 29, 292 (1982)). Design values (not material constants): doping, SRH lifetime 1 ms in the base, contact recombination velocities.",
  },
  {
    file: 'silicon-topcon-electrical.device.json',
    oldName: '通用 TOPCon 硅电池（SiOx 隧穿氧化层）| Generic TOPCon silicon cell with a SiOx tunnel oxide',
    nameZh: '通用 TOPCon 硅电池（SiOx 隧穿氧化层）',
    nameEn: 'Generic TOPCon silicon cell with a SiOx tunnel oxide',
    descriptionZh:
      '通用器件，不是实测电池：结构参照 Feldmann 等（2014），掺杂与寿命为设计值，Voc 高于实测电池。本平台算得 Jsc 34.0 mA/cm²、Voc 0.689 V、FF 83.7 %、PCE 19.6 %（测试容差 ±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点）。空气 / SiNx 75 nm / p+ 硼发射极 500 nm（Na 1e19）/ n 型基区 180 um（Nd 1e16，非相干）/ SiOx 隧穿氧化层 1.5 nm / n+ 多晶硅 100 nm（Nd 1e20）/ Ag，AM1.5G，300-1200 nm，步长 10 nm。结构参照 F. Feldmann, M. Bivour, C. Reichel, M. Hermle, S. W. Glunz 的隧穿氧化层钝化接触（TOPCon）（Sol. Energy Mater. Sol. Cells 120, 270-274 (2014)）。1.5 nm 的 SiOx 是基区与 n+ 多晶硅之间的界面（即编辑器中该界面的隧穿氧化层）：电子与空穴以按热分布平均的 WKB 隧穿（Tsu-Esaki）穿过它，势垒分别高出硅能带边 3.1 eV（电子）与 4.5 eV（空穴），隧穿有效质量 0.4 m0（Si/SiO2 的值，见 docs/physics/tunnelling.md；R. Steinkemper 等曾以此模拟这类接触，IEEE J. Photovolt. 5, 1348 (2015)）。该氧化层让电子通过（几 mOhm cm^2），其较高的空穴势垒阻挡空穴：这是一个选择性的钝化背接触；1.5 nm 的层不计入光学叠层。硅的常数与 PERC 示例相同：Green, J. Appl. Phys. 67, 2944 (1990)；Sze & Ng 2007；Trupke 等，J. Appl. Phys. 94, 4930 (2003)；Dziewior & Schmid, APL 31, 346 (1977)；Arora 等，IEEE Trans. Electron Devices 29, 292 (1982)。设计值（不是材料常数）：掺杂、SRH 寿命（基区 1 ms，多晶硅 1 ns）、多晶硅的迁移率（90 与 50 cm^2/Vs，重掺杂硅）、前接触的复合速度。未模拟带隙变窄与针孔，因此 Voc 高于实测的 TOPCon 电池。',
    descriptionEn:
      "A generic device, not a measured cell: after Feldmann et al. (2014), design-value doping and lifetimes, Voc above measured cells. PVForge gives Jsc 34.0 mA/cm², Voc 0.689 V, FF 83.7 %, PCE 19.6 % (tested within ±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE). air / SiNx 75 nm / p+ boron emitter 500 nm (Na 1e19) / n-type base 180 um (Nd 1e16, incoherent) / SiOx tunnel oxide 1.5 nm / n+ poly-Si 100 nm (Nd 1e20) / Ag, AM1.5G 300-1200 nm in 10 nm steps. Structure after the tunnel-oxide passivated contact (TOPCon) of F. Feldmann, M. Bivour, C. Reichel, M. Hermle, S. W. Glunz, Sol. Energy Mater. Sol. Cells 120, 270-274 (2014). The 1.5 nm SiOx is an interface between the base and the n+ poly-Si (the tunnel oxide of that interface in the editor): electrons and holes cross it by WKB tunnelling averaged over their thermal distribution (Tsu-Esaki), with barriers of 3.1 eV (electrons) and 4.5 eV (holes) above the silicon band edges and tunnelling masses 0.4 m0 (Si/SiO2 values of docs/physics/tunnelling.md; contacts simulated so by R. Steinkemper et al., IEEE J. Photovolt. 5, 1348 (2015)). The oxide passes electrons (a few mOhm cm^2) and its larger hole barrier blocks holes: a selective, passivating rear contact; the 1.5 nm layer is left out of the optical stack. Silicon constants as in the PERC example: Green, J. Appl. Phys. 67, 2944 (1990); Sze & Ng 2007; Trupke et al., J. Appl. Phys. 94, 4930 (2003); Dziewior & Schmid, APL 31, 346 (1977); Arora et al., IEEE Trans. Electron Devices 29, 292 (1982). Design values (not material constants): doping, SRH lifetimes (1 ms in the base, 1 ns in the poly-Si), the poly-Si mobilities (90 and 50 cm^2/Vs, heavily doped silicon), the front contact's recombination velocity. No band-gap narrowing and no pinholes are modelled, so the Voc runs higher than measured TOPCon cells.",
  },
];

/** The per-language texts of a shipped example file, if it is one. */
export function exampleTextsOf(file: string): ExampleTexts | undefined {
  return EXAMPLE_TEXTS.find((e) => e.file === file);
}

/** The stored description of an example is still the bilingual one it was seeded with. */
export function isSeededDescription(text: string | null): boolean {
  return text?.startsWith(SEEDED_OPENING) ?? false;
}

interface StoredSpec {
  name?: unknown;
  description?: unknown;
  [k: string]: unknown;
}

export function exampleLanguagesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('devices').addColumn('name_zh', 'varchar(100)').execute();
      await db.schema.alterTable('devices').addColumn('name_en', 'varchar(100)').execute();
      await db.schema.alterTable('devices').addColumn('description_zh', 'text').execute();
      await db.schema.alterTable('devices').addColumn('description_en', 'text').execute();
      for (const e of EXAMPLE_TEXTS) {
        const rows = await sql<{
          id: string;
          spec: string | null;
          description: string | null;
          citation: string | null;
        }>`
          select id, spec, description, citation from devices where is_public = 1 and name = ${e.oldName}`.execute(db);
        for (const row of rows.rows) {
          const seeded = isSeededDescription(row.description);
          let spec = row.spec;
          try {
            const s = JSON.parse(row.spec ?? '') as StoredSpec;
            if (s.name === e.oldName) s.name = e.nameEn;
            if (typeof s.description === 'string' && isSeededDescription(s.description))
              s.description = e.descriptionEn;
            spec = JSON.stringify(s);
          } catch {
            // not ours to repair: the texts of the row are renamed all the same
          }
          const description = seeded ? e.descriptionEn : row.description;
          // a citation that repeated the description (the seed's, for files without one) still does
          const citation = row.citation !== null && row.citation === row.description ? description : row.citation;
          await sql`update devices set name = ${e.nameEn}, name_zh = ${e.nameZh}, name_en = ${e.nameEn},
            description = ${description}, description_zh = ${seeded ? e.descriptionZh : null},
            description_en = ${seeded ? e.descriptionEn : null}, citation = ${citation}, spec = ${spec}
            where id = ${row.id}`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      // The one-string names come back; the descriptions stay English (the Chinese is in no column left).
      for (const e of EXAMPLE_TEXTS)
        await sql`update devices set name = ${e.oldName} where is_public = 1 and name = ${e.nameEn} and name_zh is not null`.execute(
          db,
        );
      for (const c of ['description_en', 'description_zh', 'name_en', 'name_zh'])
        await db.schema.alterTable('devices').dropColumn(c).execute();
    },
  };
}
