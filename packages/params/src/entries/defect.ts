/**
 * The defects of a layer (per volume) and of an interface (per area), as SCAPS users give them
 * (the engine's device/defects-map.ts). One entry per path: the fields are the same in both places
 * except the density, so both lists are built from one description; where the wording or the
 * other tools' names differ by place, the place decides.
 *
 * The engine's shape-dependent limits stay code (a Gaussian width at most 1 eV, a tail energy at
 * most 0.5 eV, a level inside the gap); the hard limits here are what holds for every shape.
 */
import type { ParamEntry, Words } from '../types.js';

type Where = 'bulk' | 'interface';

const SIGMA_WHY: Words = {
  zh: '俘获截面从约 1e-22 cm²（排斥型中心）到约 1e-12 cm²（巨型吸引型中心）；更大的值多为把 m² 与 cm² 混淆（差 1e4 倍）。',
  en: 'capture cross-sections run from about 1e-22 cm² (repulsive centres) to about 1e-12 cm² (giant attractive centres); larger values are usually m² mixed up with cm² (a factor 1e4).',
};

const VTH_WHY: Words = {
  zh: '热速度 √(3kT/m*) 在 300 K、有效质量 0.01–10 m₀ 时约为 4e6–1.2e8 cm/s；1e5 之类的值多为 m/s 当成了 cm/s。',
  en: 'the thermal velocity √(3kT/m*) at 300 K with effective masses of 0.01–10 m₀ is about 4e6–1.2e8 cm/s; values like 1e5 are usually m/s entered as cm/s.',
};

const CAPTURE_WHY: Words = {
  zh: '俘获系数 c = σ·vth，实际缺陷约 1e-16–1e-4 cm³/s（σ 1e-22–1e-12 cm²，vth 约 1e7 cm/s）；相差更多时多为把 m³/s 与 cm³/s 混淆（差 1e6 倍）。',
  en: 'a capture coefficient is c = σ vth, about 1e-16–1e-4 cm³/s for real defects (σ 1e-22–1e-12 cm², vth about 1e7 cm/s); further off is usually m³/s mixed up with cm³/s (a factor 1e6).',
};

function defectEntries(where: Where): ParamEntry[] {
  const bulk = where === 'bulk';
  const prefix = bulk ? 'layers[].electrical.defects[].' : 'electrical.interfaces[].defects[].';
  const docs = 'defects-input.md#a-defect';
  const common = { place: 'defect' as const, group: bulk ? 'layer-defects' : 'interface-defects', docs };
  const at: Words = bulk ? { zh: '层中', en: 'in the layer' } : { zh: '界面上', en: 'at the interface' };
  // SCAPS writes a sheet's cross-sections once for each side; one value here captures from both
  const scapsSigma = (carrier: 'n' | 'p') =>
    bulk
      ? { key: `sigma_${carrier}`, unit: 'm^2', factor: 1e4 }
      : {
          key: `sigma_${carrier}left`,
          unit: 'm^2',
          factor: 1e4,
          note: `SCAPS gives one for each side (sigma_${carrier}left, sigma_${carrier}right); one value here for both`,
        };
  const vthScaps = (carrier: 'n' | 'p') =>
    bulk
      ? {
          key: `v_th_${carrier}`,
          unit: 'm/s',
          factor: 100,
          note: 'a layer value in SCAPS, shared by all its defects',
        }
      : undefined;
  const density: ParamEntry = bulk
    ? {
        ...common,
        path: `${prefix}densityCm3`,
        unit: 'cm⁻³',
        engine: { name: 'N_t_cm3', factor: 1 },
        // MAX_DOPING_CM3 of the solver: more defects than a solid has atoms
        hard: { min: 0, max: 1e22 },
        plausible: {
          min: 1e6,
          max: 1e20,
          why: {
            zh: '晶体中的缺陷一般在 1e10–1e17 cm⁻³（低于 1e6 时对复合已无影响），非晶材料的带尾总态密度可达 1e20；更高的值多为 m⁻³ 当成了 cm⁻³。',
            en: 'defects in crystals are usually 1e10–1e17 cm⁻³ (below 1e6 they no longer matter to recombination), the total tail states of amorphous material up to 1e20; larger values are usually m⁻³ entered as cm⁻³.',
          },
        },
        log: true,
        label: { zh: '缺陷密度', en: 'Defect density' },
        symbol: 'Nt',
        tip: {
          zh: '该缺陷在层中的总密度（cm⁻³，整个能量分布之和），0 到 1e22；钙钛矿约 1e13–1e16。',
          en: 'Total density of this defect in the layer (cm⁻³, of the whole energy distribution), 0 to 1e22; perovskites about 1e13–1e16.',
        },
        scaps: {
          key: 'Nt(uniform)',
          unit: '/m^3',
          factor: 1e-6,
          note: 'SCAPS can grade the density (profile); only a uniform one maps',
        },
        simsalabim: {
          key: 'N_t_bulk',
          unit: 'm^-3',
          factor: 1e-6,
          note: 'SIMsalabim has one trap set per layer (or a bulkTrapFile of levels)',
        },
        required: true,
      }
    : {
        ...common,
        path: `${prefix}densityCm2`,
        unit: 'cm⁻²',
        engine: { name: 'N_t_cm2', factor: 1 },
        // the solver's limit for a sheet: ten times the atoms of a monolayer
        hard: { min: 0, max: 1e16 },
        plausible: {
          min: 1e4,
          max: 1e14,
          why: {
            zh: '一个原子单层约有 1e15 个位置/cm²；最好的钝化界面约 1e9，低于 1e4 已无影响；未钝化的硅表面约 1e12–1e13 cm⁻²，超过 1e14 意味着每十个表面原子就有一个缺陷，多为 m⁻² 当成了 cm⁻²。',
            en: 'a monolayer has about 1e15 sites per cm²; the best passivated interfaces have about 1e9, and below 1e4 a sheet no longer matters; an unpassivated silicon surface has about 1e12–1e13 cm⁻², and above 1e14 one surface atom in ten would be a defect, usually m⁻² entered as cm⁻².',
          },
        },
        log: true,
        label: { zh: '界面缺陷面密度', en: 'Interface defect density' },
        symbol: 'Nit',
        tip: {
          zh: '该缺陷在界面上的总面密度（cm⁻²，整个能量分布之和），0 到 1e16；钝化良好的界面约 1e9–1e11。',
          en: 'Total sheet density of this defect at the interface (cm⁻², of the whole energy distribution), 0 to 1e16; well-passivated interfaces about 1e9–1e11.',
        },
        scaps: { key: 'N', unit: '/m^2', factor: 1e-4 },
        simsalabim: {
          key: 'N_t_int',
          unit: 'm^-2',
          factor: 1e-4,
          note: 'SIMsalabim has one trap sheet per interface, written in the layer to its left',
        },
        required: true,
      };
  return [
    density,
    {
      ...common,
      path: `${prefix}energyEV`,
      unit: 'eV',
      // no gap is wider than 15 eV (the band gap's hard limit); the level inside the gap is a physics check
      hard: { min: -15, max: 15 },
      plausible: {
        min: -3,
        max: 4,
        why: {
          zh: '能级必须在禁带内：相对带边在 0 到带隙之间（常用材料不超过约 4 eV），相对本征能级不超过半个带隙。',
          en: 'a level lies inside the gap: between 0 and the gap from a band edge (at most about 4 eV for the materials in use), within half a gap of the intrinsic level.',
        },
      },
      log: false,
      label: { zh: '缺陷能级', en: 'Defect level' },
      symbol: 'Et',
      tip: {
        zh: `该缺陷${at.zh}的能级（或分布中心，eV），按所选参考：导带底以下、价带顶以上或本征能级以上（可为负）；默认 0，带尾不用此值。`,
        en: `Level (or centre of the distribution, eV) of this defect ${at.en}, against the chosen reference: below the conduction band edge, above the valence band edge, or above the intrinsic level (either sign); default 0, unused by a band tail.`,
      },
      scaps: {
        key: 'Et',
        unit: 'eV',
        factor: 1,
        note: bulk
          ? 'SCAPS reference 0 = above Ev, 1 = above Ei, 2 = below Ec (valence, intrinsic, conduction here)'
          : 'SCAPS reference 3 = above the highest Ev, 4 = below the lowest Ec, 9 = above the middle of the interface gap (valence, conduction, intrinsic here)',
      },
      simsalabim: {
        key: bulk ? 'E_t_bulk' : 'E_t_int',
        unit: 'eV',
        factor: 1,
        note: 'SIMsalabim gives the level below vacuum: with the conduction reference energyEV = E_t - E_c',
      },
      defaultValue: 0,
    },
    {
      ...common,
      path: `${prefix}widthEV`,
      unit: 'eV',
      // the widest the engine takes for any shape (uniform); a Gaussian at most 1 eV, a tail 0.5 eV
      hard: { min: 0, minExclusive: true, max: 5 },
      plausible: {
        min: 0.01,
        max: 1,
        why: {
          zh: '带尾的 Urbach 能量约 0.01–0.1 eV，高斯分布的标准差约 0.05–0.2 eV，均匀分布很少超过 1 eV；1e-4 之类的值多为 meV 与 eV 混淆。',
          en: 'Urbach energies of band tails are about 0.01–0.1 eV, Gaussian standard deviations about 0.05–0.2 eV, and uniform bands seldom exceed 1 eV; values like 1e-4 usually mix up meV and eV.',
        },
      },
      log: false,
      label: { zh: '分布宽度', en: 'Distribution width' },
      symbol: 'W',
      tip: {
        zh: '能量分布的宽度（eV），必须大于 0：均匀分布为全宽（至多 5），高斯分布为标准差（至多 1），带尾为特征（Urbach）能量（至多 0.5）。',
        en: 'Width of the energy distribution (eV), must be > 0: the full width of a uniform band (at most 5), the standard deviation of a Gaussian (at most 1), the characteristic (Urbach) energy of a tail (at most 0.5).',
      },
      scaps: {
        key: 'Ekar',
        unit: 'eV',
        factor: 1,
        note: 'SCAPS’s characteristic energy of the distribution; its uniform and Gaussian conventions may differ by a constant',
      },
    },
    {
      ...common,
      path: `${prefix}sigmaNCm2`,
      unit: 'cm²',
      // c = sigma vth must be > 0 and at most 1e-3 cm^3/s (the solver's rule): with vth 1e7, sigma <= 1e-10
      hard: { min: 0, minExclusive: true, max: 1e-10 },
      plausible: { min: 1e-22, max: 1e-12, why: SIGMA_WHY },
      log: true,
      label: { zh: '电子俘获截面', en: 'Electron capture cross-section' },
      symbol: 'σn',
      tip: {
        zh: '该缺陷对电子的俘获截面（cm²），必须大于 0，与热速度相乘即俘获系数；典型 1e-15。',
        en: 'Capture cross-section of this defect for electrons (cm²), must be > 0; times the thermal velocity it is the capture coefficient; typically 1e-15.',
      },
      scaps: scapsSigma('n'),
    },
    {
      ...common,
      path: `${prefix}sigmaPCm2`,
      unit: 'cm²',
      hard: { min: 0, minExclusive: true, max: 1e-10 },
      plausible: { min: 1e-22, max: 1e-12, why: SIGMA_WHY },
      log: true,
      label: { zh: '空穴俘获截面', en: 'Hole capture cross-section' },
      symbol: 'σp',
      tip: {
        zh: '该缺陷对空穴的俘获截面（cm²），必须大于 0，与热速度相乘即俘获系数；典型 1e-15。',
        en: 'Capture cross-section of this defect for holes (cm²), must be > 0; times the thermal velocity it is the capture coefficient; typically 1e-15.',
      },
      scaps: scapsSigma('p'),
    },
    {
      ...common,
      path: `${prefix}vthNCmPerS`,
      unit: 'cm/s',
      hard: { min: 0, minExclusive: true, max: 1e9 },
      plausible: { min: 1e6, max: 2e8, why: VTH_WHY },
      log: true,
      label: { zh: '电子热速度', en: 'Electron thermal velocity' },
      symbol: 'vth,n',
      tip: {
        zh: '与电子俘获截面相乘的电子热速度（cm/s），必须大于 0，默认 1e7（与 SCAPS 相同）。',
        en: 'Electron thermal velocity (cm/s) that multiplies the electron cross-section, must be > 0, default 1e7 (as in SCAPS).',
      },
      ...(vthScaps('n') ? { scaps: vthScaps('n') } : {}),
      defaultValue: 1e7,
    },
    {
      ...common,
      path: `${prefix}vthPCmPerS`,
      unit: 'cm/s',
      hard: { min: 0, minExclusive: true, max: 1e9 },
      plausible: { min: 1e6, max: 2e8, why: VTH_WHY },
      log: true,
      label: { zh: '空穴热速度', en: 'Hole thermal velocity' },
      symbol: 'vth,p',
      tip: {
        zh: '与空穴俘获截面相乘的空穴热速度（cm/s），必须大于 0，默认 1e7（与 SCAPS 相同）。',
        en: 'Hole thermal velocity (cm/s) that multiplies the hole cross-section, must be > 0, default 1e7 (as in SCAPS).',
      },
      ...(vthScaps('p') ? { scaps: vthScaps('p') } : {}),
      defaultValue: 1e7,
    },
    {
      ...common,
      path: `${prefix}cNCm3PerS`,
      unit: 'cm³/s',
      engine: { name: 'c_n_cm3_s', factor: 1 },
      // the solver's rule for a capture coefficient: > 0 and at most 1e-3 cm^3/s
      hard: { min: 0, minExclusive: true, max: 1e-3 },
      plausible: { min: 1e-16, max: 1e-4, why: CAPTURE_WHY },
      log: true,
      label: { zh: '电子俘获系数', en: 'Electron capture coefficient' },
      symbol: 'cn',
      tip: {
        zh: '直接给出的电子俘获系数（cm³/s），大于 0 且至多 1e-3；与俘获截面二选一。',
        en: 'Electron capture coefficient given directly (cm³/s), > 0 and at most 1e-3; instead of the cross-section, not with it.',
      },
      simsalabim: { key: bulk ? 'C_n_bulk' : 'C_n_int', unit: 'm^3/s', factor: 1e6 },
    },
    {
      ...common,
      path: `${prefix}cPCm3PerS`,
      unit: 'cm³/s',
      engine: { name: 'c_p_cm3_s', factor: 1 },
      hard: { min: 0, minExclusive: true, max: 1e-3 },
      plausible: { min: 1e-16, max: 1e-4, why: CAPTURE_WHY },
      log: true,
      label: { zh: '空穴俘获系数', en: 'Hole capture coefficient' },
      symbol: 'cp',
      tip: {
        zh: '直接给出的空穴俘获系数（cm³/s），大于 0 且至多 1e-3；与俘获截面二选一。',
        en: 'Hole capture coefficient given directly (cm³/s), > 0 and at most 1e-3; instead of the cross-section, not with it.',
      },
      simsalabim: { key: bulk ? 'C_p_bulk' : 'C_p_int', unit: 'm^3/s', factor: 1e6 },
    },
  ];
}

export const DEFECT_PARAMS: readonly ParamEntry[] = [...defectEntries('bulk'), ...defectEntries('interface')];
