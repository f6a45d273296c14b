import type { Localized } from '../i18n.js';

/**
 * The thickness a library material usually has in a device, in the role the library gives it
 * (issue 29): a layer added from the library starts at the typical value instead of a blanket
 * 100 nm, and a layer far outside the usual range is flagged in the editor. Each value names where
 * it comes from: the layer of a published simulator's default device that the examples follow, or
 * a design value of one of PVForge's examples (said as such). The range is where layers of that
 * role are usually made; outside it the device runs, with a warning.
 */
export interface TypicalThickness {
  /** Library material key ("ptaa") or, for the optical-only substrates and coatings, the n,k table id. */
  key: string;
  /** The n,k table the material's optics use: a layer with this table is judged by this entry. */
  tableId: string;
  typicalNm: number;
  minNm: number;
  maxNm: number;
  source: Localized;
}

const SIMSALABIM_PIN: Localized = {
  'zh-CN':
    'SIMsalabim 默认 p-i-n 钙钛矿器件的层厚（M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022)）',
  en: "layer of SIMsalabim's default p-i-n perovskite device (M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022))",
};
const DRIFTFUSION_NIP: Localized = {
  'zh-CN':
    'n-i-p 示例的层厚，参照 Driftfusion 的 spiro/MAPI/TiO2 器件（P. Calado 等，J. Comput. Electron. 21, 960 (2022)）',
  en: "layer of the n-i-p example, after Driftfusion's spiro/MAPI/TiO2 device (P. Calado et al., J. Comput. Electron. 21, 960 (2022))",
};
const SESAME_CDTE: Localized = {
  'zh-CN': 'Sesame 一维 CdS/CdTe 示例的层厚（B. Gaury 等，Sol. Energy Mater. Sol. Cells 198, 53 (2019)）',
  en: "layer of Sesame's 1D CdS/CdTe example (B. Gaury et al., Sol. Energy Mater. Sol. Cells 198, 53 (2019))",
};
const CHARGETRANSPORT_CIGS: Localized = {
  'zh-CN': 'ChargeTransport.jl 的 ZnO/CIGS 示例 Ex108 的层厚（github.com/PatricioFarrell/ChargeTransport.jl）',
  en: "layer of ChargeTransport.jl's ZnO/CIGS example Ex108 (github.com/PatricioFarrell/ChargeTransport.jl)",
};
/** A value PVForge's examples use without a published device behind it: said as a design value. */
const design = (example: Localized): Localized => ({
  'zh-CN': `设计值：本平台${example['zh-CN']}的层厚`,
  en: `design value: the layer of PVForge's ${example.en}`,
});
const PIN = design({ 'zh-CN': ' p-i-n 钙钛矿示例', en: 'p-i-n perovskite example' });
const ORGANIC = design({ 'zh-CN': '有机示例', en: 'organic examples' });
const SILICON = design({ 'zh-CN': '硅电池示例', en: 'silicon examples' });
const TANDEM = design({ 'zh-CN': '钙钛矿/硅叠层示例', en: 'perovskite/silicon tandem example' });
const GENERIC_ABSORBER = design({
  'zh-CN': '钙钛矿示例（吸收层约 400-500 nm）',
  en: 'perovskite examples (absorbers of 400-500 nm)',
});
const RULE_OF_THUMB: Localized = {
  'zh-CN': '这类器件中的常见厚度（经验值，无单一出处；本平台没有这种吸收层的示例）',
  en: 'usual in devices of this kind (a rule of thumb, no single source; PVForge has no example with this absorber)',
};
const GLASS: Localized = {
  'zh-CN': '光伏玻璃与实验室基底的常见厚度（本平台各示例的玻璃均为 1 mm）',
  en: "usual thickness of solar and laboratory glass (every PVForge example's glass is 1 mm)",
};

const t = (key: string, tableId: string, typicalNm: number, minNm: number, maxNm: number, source: Localized) => ({
  key,
  tableId,
  typicalNm,
  minNm,
  maxNm,
  source,
});

export const TYPICAL_THICKNESSES: readonly TypicalThickness[] = [
  // electrodes and transparent conductors
  // from 10 nm: a tandem's recombination layer (the tandem example's is 20 nm)
  t('ito', 'ito', 150, 10, 400, PIN),
  t('fto', 'fto', 400, 200, 1000, DRIFTFUSION_NIP),
  t('azo', 'azo', 200, 50, 1000, CHARGETRANSPORT_CIGS),
  // up to a few um: the full-area rear metal of a silicon cell (the silicon examples' is 1 um)
  t('ag', 'ag', 100, 50, 5000, PIN),
  t('au', 'au', 80, 40, 500, DRIFTFUSION_NIP),
  t('al', 'al', 100, 50, 5000, ORGANIC),
  t('cu', 'cu', 100, 50, 5000, SILICON),
  // electron transport
  t('c60', 'c60', 25, 10, 60, SIMSALABIM_PIN),
  t('pc61bm', 'pc61bm', 25, 10, 100, SIMSALABIM_PIN),
  t('pc71bm', 'pc71bm', 25, 10, 100, SIMSALABIM_PIN),
  t('tio2', 'tio2', 50, 10, 200, DRIFTFUSION_NIP),
  t('sno2', 'sno2', 30, 10, 100, DRIFTFUSION_NIP),
  t('zno', 'zno', 500, 20, 1000, CHARGETRANSPORT_CIGS),
  t('cds', 'cds', 25, 10, 150, SESAME_CDTE),
  t('sinx', 'sinx', 75, 50, 150, SILICON),
  t('poly_si_n', 'c_si', 100, 20, 300, SILICON),
  // hole transport
  t('ptaa', 'ptaa', 10, 5, 40, SIMSALABIM_PIN),
  t('spiro_ometad', 'spiro_ometad', 200, 100, 400, DRIFTFUSION_NIP),
  t('pedot_pss', 'pedot_pss', 40, 10, 100, ORGANIC),
  t('nio', 'nio', 20, 5, 60, PIN),
  t('moo3', 'moo3', 10, 3, 40, ORGANIC),
  t('al2o3', 'al2o3', 10, 1, 100, SILICON),
  // absorbers
  t('mapbi3', 'mapbi3', 500, 200, 1000, SIMSALABIM_PIN),
  t('mapbi3_vapour', 'mapbi3_phillips', 500, 200, 1000, SIMSALABIM_PIN),
  t('csfama', 'csfama_triple_cation', 500, 200, 1000, SIMSALABIM_PIN),
  t('fapbi3', 'csfama_triple_cation', 500, 200, 1000, SIMSALABIM_PIN),
  t('cspbi3', 'cspbi3', 400, 150, 1000, GENERIC_ABSORBER),
  t('mapbbr3', 'mapbbr3', 400, 150, 1000, GENERIC_ABSORBER),
  t('cspbbr3', 'mapbbr3', 400, 150, 1000, GENERIC_ABSORBER),
  t('cs2agbibr6', 'cs2agbibr6', 400, 150, 1000, GENERIC_ABSORBER),
  t('masni3', 'mapbi3_phillips', 400, 150, 1000, GENERIC_ABSORBER),
  t('fasni3', 'mapbi3_phillips', 400, 150, 1000, GENERIC_ABSORBER),
  t('cssni3', 'mapbi3_phillips', 400, 150, 1000, GENERIC_ABSORBER),
  t('p3ht_pc61bm', 'p3ht_pc61bm', 200, 50, 400, ORGANIC),
  t('ptb7_pc71bm', 'ptb7_pc71bm', 100, 50, 300, ORGANIC),
  t('pbdbt_itic', 'pbdbt_itic', 100, 50, 300, ORGANIC),
  t('pm6_y6', 'pm6_y6', 100, 50, 300, ORGANIC),
  t('pm6', 'pm6', 30, 10, 100, ORGANIC),
  t('y6', 'y6', 40, 10, 100, ORGANIC),
  t('c_si', 'c_si', 180_000, 50_000, 300_000, SILICON),
  t('cdte', 'cdte', 4000, 1000, 10_000, SESAME_CDTE),
  t('a_si_h', 'a_si_h', 300, 100, 1000, RULE_OF_THUMB),
  t('gaas', 'gaas', 2000, 500, 5000, RULE_OF_THUMB),
  t('cigs', 'c_si', 2100, 1000, 4000, CHARGETRANSPORT_CIGS),
  // optical only: substrates and coatings (n,k tables of the picker)
  t('glass_soda_lime', 'glass_soda_lime', 1_000_000, 100_000, 5_000_000, GLASS),
  t('glass_bk7', 'glass_bk7', 1_000_000, 100_000, 5_000_000, GLASS),
  t('fused_silica', 'fused_silica', 1_000_000, 100_000, 5_000_000, GLASS),
  t('mgf2', 'mgf2', 100, 50, 200, TANDEM),
];

/** The typical thickness of a material (by its library key, or an n,k table's id), if the table knows it. */
export function typicalThicknessOf(key: string | null | undefined): TypicalThickness | undefined {
  return key ? TYPICAL_THICKNESSES.find((e) => e.key === key) : undefined;
}

/**
 * The usual thickness of a layer, from its optics and name: the entry of its n,k table when only
 * one material uses that table, else the entry whose key or table matches the layer's name (c-Si
 * optics serve the silicon wafer, poly-Si and CIGS). Undefined when the layer's material is unknown.
 */
export function usualThicknessOfLayer(
  layer: { name: string; optical?: { kind?: string; materialId?: string } },
  nameOf: (key: string) => string | undefined = () => undefined,
): TypicalThickness | undefined {
  const table = layer.optical?.kind === 'table' ? layer.optical.materialId : undefined;
  if (!table) return undefined;
  const withTable = TYPICAL_THICKNESSES.filter((e) => e.tableId === table);
  if (withTable.length === 1) return withTable[0];
  const name = layer.name.trim().toLowerCase();
  return withTable.find((e) => e.key === name || nameOf(e.key)?.toLowerCase() === name);
}

/** The layer is far from its material's usual thickness: outside the usual range. */
export function outsideUsualThickness(thicknessNm: number, usual: TypicalThickness): boolean {
  return thicknessNm < usual.minNm || thicknessNm > usual.maxNm;
}
