/**
 * Mobile ions of a layer (perovskite vacancies; the engine's electrical ions model, docs/physics/ions.md).
 * SIMsalabim 5.x names its ions by charge (N_anion, N_cation) and gives mobilities, not diffusion
 * coefficients: the notes say how they map. SCAPS-1D has no mobile ions.
 */
import type { ParamEntry } from '../types.js';

export const IONS_PARAMS: readonly ParamEntry[] = [
  {
    path: 'layers[].electrical.ions[].densityCm3',
    place: 'ions',
    group: 'ions',
    unit: 'cm⁻³',
    engine: { name: 'N_ion_cm3', factor: 1 },
    // MAX_DOPING_CM3 of the solver: more ions than the solid has atoms
    hard: { min: 0, max: 1e22 },
    plausible: {
      min: 1e12,
      max: 1e20,
      why: {
        zh: '钙钛矿中可移动离子（碘空位）的实测浓度约 1e16–1e19 cm⁻³（MAPbI₃ 约 1.6e19），低于 1e12 已不影响电场，不如填 0；超过 1e20 意味着约千分之一的晶格位置可移动，多为 m⁻³ 当成了 cm⁻³。',
        en: 'measured mobile-ion (iodide vacancy) densities in perovskites are about 1e16–1e19 cm⁻³ (MAPbI₃ about 1.6e19), below 1e12 they no longer move the field, for which 0 is clearer; above 1e20 one lattice site in a thousand would move, usually m⁻³ entered as cm⁻³.',
      },
    },
    log: true,
    label: { zh: '可移动离子浓度', en: 'Mobile ion density' },
    symbol: 'Nion',
    tip: {
      zh: '可移动离子的平均浓度（cm⁻³），也是其不动背景电荷的浓度；0 到 1e22，MAPbI₃ 约 1.6e19。',
      en: 'Mean density of the mobile species (cm⁻³), also that of its immobile background; 0 to 1e22, MAPbI₃ about 1.6e19.',
    },
    docs: 'ions.md#what-you-give',
    simsalabim: {
      key: 'N_cation',
      unit: 'm^-3',
      factor: 1e-6,
      note: 'N_cation for a positive species, N_anion for a negative one',
    },
    required: true,
    material: 'ions.densityCm3',
  },
  {
    path: 'layers[].electrical.ions[].diffusionCm2PerS',
    place: 'ions',
    group: 'ions',
    unit: 'cm²/s',
    engine: { name: 'D_ion_cm2_s', factor: 1 },
    // faster than ions diffuse in a liquid (about 1e-5 cm^2/s) by five orders: the library's bound
    hard: { min: 0, minExclusive: true, max: 1 },
    plausible: {
      min: 1e-16,
      max: 1e-6,
      why: {
        zh: '钙钛矿中离子扩散系数的报道值约 1e-14–1e-9 cm²/s；固体中离子扩散超过 1e-6 已接近液体，多为把 m²/s 与 cm²/s 混淆（差 1e4 倍）。',
        en: 'reported ion diffusion coefficients in perovskites are about 1e-14–1e-9 cm²/s; above 1e-6 a solid would conduct ions like a liquid, usually m²/s mixed up with cm²/s (a factor 1e4).',
      },
    },
    log: true,
    label: { zh: '离子扩散系数', en: 'Ion diffusion coefficient' },
    symbol: 'Dion',
    tip: {
      zh: '参考温度下的离子扩散系数（cm²/s），必须大于 0；MAPbI₃ 约 1e-12。迟滞最强的扫描速率随它移动。',
      en: 'Ion diffusion coefficient at the reference temperature (cm²/s), must be > 0; MAPbI₃ about 1e-12. The scan rate of the strongest hysteresis moves with it.',
    },
    docs: 'ions.md#what-you-give',
    simsalabim: {
      key: 'mu_cation',
      unit: 'm^2/Vs',
      factor: 258.52,
      note: 'SIMsalabim gives a mobility (mu_cation or mu_anion); D = mu kT/q, the factor holds at 300 K only',
    },
    required: true,
    material: 'ions.diffusionCm2PerS',
  },
  {
    path: 'layers[].electrical.ions[].activationEnergyEV',
    place: 'ions',
    group: 'ions',
    unit: 'eV',
    hard: { min: 0, max: 5 },
    plausible: {
      max: 1.5,
      why: {
        zh: '离子迁移活化能：钙钛矿中碘空位约 0.1–0.6 eV（MAPbI₃ 约 0.58），固体中的离子迁移很少超过 1.5 eV；更大的值在室温下等于不动。',
        en: 'ion migration activation energies: iodide vacancies in perovskites about 0.1–0.6 eV (MAPbI₃ about 0.58); ion migration in solids seldom exceeds 1.5 eV, beyond which the ions do not move at room temperature.',
      },
    },
    log: false,
    label: { zh: '离子迁移活化能', en: 'Ion activation energy' },
    symbol: 'Ea',
    tip: {
      zh: '扩散系数随温度的热激活能（eV），D(T) = D(Tref)·exp(−Ea/k·(1/T − 1/Tref))；默认 0 即不随温度变化。',
      en: 'Activation energy of the diffusion coefficient (eV), D(T) = D(Tref) exp(−Ea/k (1/T − 1/Tref)); default 0, independent of temperature.',
    },
    docs: 'ions.md#what-you-give',
    defaultValue: 0,
    material: 'ions.activationEnergyEV',
  },
  {
    path: 'layers[].electrical.ions[].referenceTemperatureK',
    place: 'ions',
    group: 'ions',
    unit: 'K',
    hard: { min: 0, minExclusive: true, max: 1000 },
    plausible: {
      min: 200,
      max: 400,
      why: {
        zh: '扩散系数几乎都在室温附近（293–300 K）测得；远离此范围的参考温度多为把摄氏度当成开尔文。',
        en: 'diffusion coefficients are almost always measured near room temperature (293–300 K); a reference far from it is usually degrees Celsius entered as kelvin.',
      },
    },
    log: false,
    label: { zh: '离子扩散系数的参考温度', en: 'Reference temperature of the ion diffusion coefficient' },
    symbol: 'Tref',
    tip: {
      zh: '扩散系数对应的温度（K），默认 300 K。',
      en: 'Temperature at which the diffusion coefficient holds (K), default 300 K.',
    },
    docs: 'ions.md#what-you-give',
    defaultValue: 300,
    material: 'ions.referenceTemperatureK',
  },
];
