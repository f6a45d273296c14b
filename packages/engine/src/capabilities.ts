/**
 * What the engine models today. The public texts (FAQ and news seeds, the web's home, about and
 * help pages, the device editor's notes) once promised models that did not exist, so
 * apps/web/test/public-claims.test.ts now checks every text against this list: a text may claim
 * only a supported capability and may mention an unsupported one only to say it is not there yet.
 * Whoever adds (or removes) a model flips its flag here and corrects the texts in the same commit.
 */
export const CAPABILITIES = [
  { id: 'optics.tmm', supported: true, zh: '传输矩阵法光学计算', en: 'Transfer-matrix optics' },
  { id: 'optics.incoherent', supported: true, zh: '非相干厚层', en: 'Incoherent thick layers' },
  {
    id: 'optics.generation',
    supported: true,
    zh: '产生率分布与吸收分布图',
    en: 'Generation profile and absorption map',
  },
  { id: 'optics.texture', supported: true, zh: '绒面陷光', en: 'Texture light trapping' },
  { id: 'optics.spectra', supported: true, zh: '入射光谱', en: 'Incident spectra' },
  { id: 'optics.spectrum-correction', supported: true, zh: '入射光谱修正', en: 'Spectral-mismatch correction' },
  { id: 'optics.nk', supported: true, zh: '光学常数与色散模型', en: 'Optical constants and dispersion models' },
  {
    id: 'optics.scaps-absorption',
    supported: true,
    zh: 'SCAPS 吸收模型（平方根定律与吸收系数表）',
    en: 'SCAPS square-root absorption law and absorption tables',
  },
  { id: 'electrical.drift-diffusion', supported: true, zh: '稳态漂移-扩散', en: 'Steady-state drift-diffusion' },
  { id: 'electrical.heterojunction', supported: true, zh: '异质结', en: 'Heterojunctions' },
  { id: 'electrical.grading', supported: true, zh: '线性渐变层', en: 'Linearly graded layers' },
  {
    id: 'electrical.no-generation',
    supported: true,
    zh: '吸光但不产生自由载流子的层',
    en: 'Layers that absorb without making free carriers',
  },
  {
    id: 'electrical.generation-profile',
    supported: true,
    zh: '导入的产生率分布',
    en: 'Imported generation profiles',
  },
  { id: 'electrical.thermionic-emission', supported: true, zh: '界面热电子发射', en: 'Thermionic emission' },
  { id: 'electrical.fermi-dirac', supported: true, zh: '费米-狄拉克统计', en: 'Fermi-Dirac statistics' },
  { id: 'electrical.recombination.srh', supported: true, zh: '体 SRH 复合', en: 'Bulk SRH recombination' },
  { id: 'electrical.recombination.radiative', supported: true, zh: '辐射复合', en: 'Radiative recombination' },
  { id: 'electrical.recombination.auger', supported: true, zh: '俄歇复合', en: 'Auger recombination' },
  { id: 'electrical.recombination.interface', supported: true, zh: '界面复合', en: 'Interface recombination' },
  { id: 'electrical.recombination.surface', supported: true, zh: '电极表面复合', en: 'Contact recombination' },
  { id: 'electrical.schottky', supported: true, zh: '肖特基接触', en: 'Schottky contacts' },
  { id: 'electrical.resistance', supported: true, zh: '串联与并联电阻', en: 'Series and shunt resistance' },
  { id: 'electrical.eqe', supported: true, zh: '外量子效率与内量子效率', en: 'EQE and IQE' },
  { id: 'electrical.profiles', supported: true, zh: '能带图与内部分布', en: 'Band diagrams and profiles' },
  { id: 'electrical.ions', supported: true, zh: '离子迁移', en: 'Ion migration' },
  { id: 'electrical.transient', supported: true, zh: '瞬态仿真与迟滞', en: 'Transient simulation and hysteresis' },
  { id: 'electrical.impedance', supported: true, zh: '阻抗谱', en: 'Impedance spectroscopy' },
  { id: 'electrical.excitons', supported: true, zh: '激子解离与扩散', en: 'Exciton dissociation and diffusion' },
  { id: 'electrical.tunnelling', supported: true, zh: '隧穿', en: 'Tunnelling' },
  { id: 'electrical.tandem', supported: true, zh: '叠层电池电学仿真', en: 'Tandem electrical simulation' },
  {
    id: 'electrical.charged-defects',
    supported: true,
    zh: '带电缺陷与电容-电压',
    en: 'Charged defects and capacitance-voltage',
  },
  { id: 'circuit.sdm', supported: true, zh: '单二极管五参数模型', en: 'Single-diode five-parameter model' },
  { id: 'circuit.two-diode', supported: true, zh: '双二极管模型', en: 'Two-diode model' },
  { id: 'circuit.modified-diode', supported: true, zh: '修正二极管模型', en: 'Modified diode model' },
  { id: 'circuit.fit', supported: true, zh: '实测曲线拟合', en: 'Fitting measured curves' },
  {
    id: 'circuit.multi-curve',
    supported: true,
    zh: '同一器件多条曲线联合拟合',
    en: 'Fitting several curves of one device together',
  },
  {
    id: 'circuit.profile-likelihood',
    supported: true,
    zh: '剖面似然区间与参数可确定性',
    en: 'Profile-likelihood intervals and identifiability',
  },
  {
    id: 'fit.device',
    supported: true,
    zh: '漂移-扩散器件参数拟合实测曲线',
    en: 'Fitting drift-diffusion device parameters to measured curves',
  },
  { id: 'losses.detailed-balance', supported: true, zh: '细致平衡效率极限', en: 'Detailed-balance limit' },
  { id: 'losses.quantification', supported: true, zh: '效率损失量化', en: 'Efficiency-loss quantification' },
  {
    id: 'interop.scaps',
    supported: true,
    zh: 'SCAPS-1D 文件导入与导出',
    en: 'SCAPS-1D file import and export',
  },
  {
    id: 'interop.simsalabim',
    supported: true,
    zh: 'SIMsalabim 文件导入与导出',
    en: 'SIMsalabim file import and export',
  },
] as const satisfies readonly Capability[];

export type CapabilityId = (typeof CAPABILITIES)[number]['id'];

export interface Capability {
  readonly id: string;
  readonly supported: boolean;
  /** Short names for the UI, zh-CN and English. */
  readonly zh: string;
  readonly en: string;
}

export function capability(id: CapabilityId): Capability {
  // The id type admits only listed ids, so the lookup always succeeds.
  return CAPABILITIES.find((c) => c.id === id) as Capability;
}

export function isSupported(id: CapabilityId): boolean {
  return capability(id).supported;
}
