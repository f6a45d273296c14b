/**
 * An interface between two electrical layers (InterfaceElectricalSpec): its recombination (given as
 * velocities or as a trap sheet), its thermionic emission and the tunnel oxide it may carry
 * (docs/physics/drift-diffusion.md "Boundary and interface conditions", tunnelling.md). The defect
 * sheets of an interface are in defect.ts.
 */
import type { ParamEntry, Words } from '../types.js';

const S_WHY: Words = {
  zh: '复合速度不会超过载流子的热速度（约 1e7 cm/s）；钝化良好的界面约 1–100 cm/s，低于 1e-3 cm/s 等于没有复合，不如填 0。更大的值多为 m/s 与 cm/s 混淆（差 100 倍）。',
  en: 'a recombination velocity cannot exceed the thermal velocity of the carriers (about 1e7 cm/s); well-passivated interfaces have about 1–100 cm/s, and below 1e-3 cm/s is no recombination at all, for which 0 is clearer. Larger values are usually m/s mixed up with cm/s (a factor 100).',
};

const SIGMA_WHY: Words = {
  zh: '俘获截面从约 1e-22 cm²（排斥型中心）到约 1e-12 cm²（巨型吸引型中心）；更大的值多为把 m² 与 cm² 混淆（差 1e4 倍）。',
  en: 'capture cross-sections run from about 1e-22 cm² (repulsive centres) to about 1e-12 cm² (giant attractive centres); larger values are usually m² mixed up with cm² (a factor 1e4).',
};

const BARRIER_WHY: Words = {
  zh: '硅上 SiO₂ 的势垒：导带约 3.1 eV，价带约 4.5 eV；Al₂O₃ 等其它氧化物约 2–4 eV。低于 0.3 eV 已不成为势垒，高于 5 eV 的氧化物几乎不透过载流子。',
  en: 'SiO₂ on silicon: about 3.1 eV for the conduction band, about 4.5 eV for the valence band; other oxides such as Al₂O₃ about 2–4 eV. Below 0.3 eV it is no barrier, above 5 eV hardly anything tunnels.',
};

const MASS_WHY: Words = {
  zh: 'SiO₂ 中的隧穿有效质量约 0.3–0.5 m₀；其它薄氧化层一般在 0.1–1 m₀。',
  en: 'tunnelling effective masses in SiO₂ are about 0.3–0.5 m₀; other thin oxides generally 0.1–1 m₀.',
};

const P = 'electrical.interfaces[].';

/** Why thermionic transfer velocities outside the Richardson range are suspicious (electrons and holes). */
const THERMIONIC_WHY = {
  zh: '热电子发射速度即 Richardson 速度，约 1e6–1e7 cm/s；1e9 只用于逼近准费米能级连续的极限（如 SIMsalabim 的参考算例）。',
  en: 'the thermionic emission velocity is the Richardson velocity, about 1e6–1e7 cm/s; 1e9 serves only to approach the limit of continuous quasi-Fermi levels (as in the SIMsalabim reference).',
};

/** Literal (`as const`) so the engine's field lists and types follow from the entries. */
export const INTERFACE_PARAMS = [
  {
    path: `${P}sNCmPerS`,
    place: 'interface',
    group: 'recombination',
    unit: 'cm/s',
    engine: { name: 'S_n_cm_s', factor: 1 },
    hard: { min: 0 },
    plausible: { min: 1e-3, max: 1e7, why: S_WHY },
    log: true,
    label: { zh: '电子界面复合速度', en: 'Electron interface recombination velocity' },
    symbol: 'Sn',
    tip: {
      zh: '界面上电子的复合速度（cm/s），不小于 0；与界面缺陷密度二选一。',
      en: 'Recombination velocity of electrons at the interface (cm/s), at least 0; instead of an interface trap density, not with it.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
  },
  {
    path: `${P}sPCmPerS`,
    place: 'interface',
    group: 'recombination',
    unit: 'cm/s',
    engine: { name: 'S_p_cm_s', factor: 1 },
    hard: { min: 0 },
    plausible: { min: 1e-3, max: 1e7, why: S_WHY },
    log: true,
    label: { zh: '空穴界面复合速度', en: 'Hole interface recombination velocity' },
    symbol: 'Sp',
    tip: {
      zh: '界面上空穴的复合速度（cm/s），不小于 0；与界面缺陷密度二选一。',
      en: 'Recombination velocity of holes at the interface (cm/s), at least 0; instead of an interface trap density, not with it.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
  },
  {
    path: `${P}ntCm2`,
    place: 'interface',
    group: 'recombination',
    unit: 'cm⁻²',
    engine: { name: 'Nt_cm2', factor: 1 },
    // the solver's limit for a sheet: ten times the atoms of a monolayer
    hard: { min: 0, max: 1e16 },
    plausible: {
      min: 1e4,
      max: 1e14,
      why: {
        zh: '一个原子单层约有 1e15 个位置/cm²；最好的钝化界面约 1e9，低于 1e4 已无影响；未钝化的硅表面约 1e12–1e13 cm⁻²，超过 1e14 多为 m⁻² 当成了 cm⁻²。',
        en: 'a monolayer has about 1e15 sites per cm²; the best passivated interfaces have about 1e9, and below 1e4 a sheet no longer matters; an unpassivated silicon surface has about 1e12–1e13 cm⁻², and above 1e14 is usually m⁻² entered as cm⁻².',
      },
    },
    log: true,
    label: { zh: '界面缺陷密度', en: 'Interface trap density' },
    symbol: 'Nit',
    tip: {
      zh: '界面上单一能级缺陷的面密度（cm⁻²），与俘获截面、热速度一起描述界面复合，代替复合速度。',
      en: 'Sheet density of a single-level interface trap (cm⁻²); with the cross-sections and the thermal velocity it describes interface recombination instead of the velocities.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: {
      key: 'N',
      unit: '/m^2',
      factor: 1e-4,
      note: 'the density of a single-level neutral interface defect (interface recombination section)',
    },
    simsalabim: {
      key: 'N_t_int',
      unit: 'm^-2',
      factor: 1e-4,
      note: 'SIMsalabim captures with coefficients C_n_int, C_p_int = sigma v_th',
    },
  },
  {
    path: `${P}sigmaNCm2`,
    place: 'interface',
    group: 'recombination',
    unit: 'cm²',
    engine: { name: 'sigma_n_cm2', factor: 1 },
    hard: { min: 0, max: 1e-10 },
    plausible: { min: 1e-22, max: 1e-12, why: SIGMA_WHY },
    log: true,
    label: { zh: '界面电子俘获截面', en: 'Interface electron capture cross-section' },
    symbol: 'σn',
    tip: {
      zh: '界面缺陷对电子的俘获截面（cm²），典型 1e-15。',
      en: 'Capture cross-section of the interface traps for electrons (cm²), typically 1e-15.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: {
      key: 'sigma_nleft',
      unit: 'm^2',
      factor: 1e4,
      note: 'SCAPS gives one for each side (sigma_nleft, sigma_nright); one value here for both',
    },
  },
  {
    path: `${P}sigmaPCm2`,
    place: 'interface',
    group: 'recombination',
    unit: 'cm²',
    engine: { name: 'sigma_p_cm2', factor: 1 },
    hard: { min: 0, max: 1e-10 },
    plausible: { min: 1e-22, max: 1e-12, why: SIGMA_WHY },
    log: true,
    label: { zh: '界面空穴俘获截面', en: 'Interface hole capture cross-section' },
    symbol: 'σp',
    tip: {
      zh: '界面缺陷对空穴的俘获截面（cm²），典型 1e-15。',
      en: 'Capture cross-section of the interface traps for holes (cm²), typically 1e-15.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: {
      key: 'sigma_pleft',
      unit: 'm^2',
      factor: 1e4,
      note: 'SCAPS gives one for each side (sigma_pleft, sigma_pright); one value here for both',
    },
  },
  {
    path: `${P}vthCmPerS`,
    place: 'interface',
    group: 'recombination',
    unit: 'cm/s',
    engine: { name: 'vth_cm_s', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 1e9 },
    plausible: {
      min: 1e6,
      max: 2e8,
      why: {
        zh: '热速度 √(3kT/m*) 在 300 K、有效质量 0.01–10 m₀ 时约为 4e6–1.2e8 cm/s；1e5 之类的值多为 m/s 当成了 cm/s。',
        en: 'the thermal velocity √(3kT/m*) at 300 K with effective masses of 0.01–10 m₀ is about 4e6–1.2e8 cm/s; values like 1e5 are usually m/s entered as cm/s.',
      },
    },
    log: true,
    label: { zh: '界面热速度', en: 'Interface thermal velocity' },
    symbol: 'vth',
    tip: {
      zh: '界面缺陷俘获所用的载流子热速度（cm/s），必须大于 0，默认 1e7。',
      en: 'Carrier thermal velocity of capture by the interface traps (cm/s), must be > 0, default 1e7.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    defaultValue: 1e7,
  },
  {
    path: `${P}etMinusEmidEV`,
    place: 'interface',
    group: 'recombination',
    unit: 'eV',
    engine: { name: 'Et_minus_Emid_eV', factor: 1 },
    hard: { min: -10, max: 10 },
    plausible: {
      min: -3,
      max: 3,
      why: {
        zh: '界面缺陷能级必须在两层共有的禁带内，离其中央不超过半个带隙（常见材料不超过约 3 eV）。',
        en: 'an interface trap lies inside the gap the two layers share, at most half that gap from its middle (about 3 eV for the materials in use).',
      },
    },
    log: false,
    label: { zh: '界面缺陷能级（相对禁带中央）', en: 'Interface trap level relative to mid-gap' },
    symbol: 'Et − Emid',
    tip: {
      zh: '界面缺陷能级相对两层共有禁带中央的位置（eV），正值靠近导带，默认 0。',
      en: 'Interface trap level relative to the middle of the gap the two layers share (eV), positive towards the conduction band; default 0.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: {
      key: 'Et',
      unit: 'eV',
      factor: 1,
      note: 'SCAPS reads Et against its "Reference for defect energy"; equal only with reference 9 (above the middle of the interface gap)',
    },
    defaultValue: 0,
  },
  {
    path: `${P}thermionic.vNCmPerS`,
    place: 'interface',
    group: 'thermionic',
    unit: 'cm/s',
    engine: { name: 'v_n_cm_s', factor: 1 },
    hard: { min: 0, minExclusive: true },
    plausible: {
      min: 1e3,
      max: 1e9,
      why: THERMIONIC_WHY,
    },
    log: true,
    label: { zh: '电子热电子发射速度', en: 'Electron thermionic emission velocity' },
    symbol: 'vn',
    tip: {
      zh: '电子越过界面带阶的转移速度（cm/s），必须大于 0，默认 1e7。',
      en: 'Transfer velocity of electrons over the band offset of the interface (cm/s), must be > 0, default 1e7.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    simsalabim: {
      key: 'nu_int_n',
      unit: 'm/s',
      factor: 100,
      note: 'written in the layer to the left of the interface',
    },
    defaultValue: 1e7,
  },
  {
    path: `${P}thermionic.vPCmPerS`,
    place: 'interface',
    group: 'thermionic',
    unit: 'cm/s',
    engine: { name: 'v_p_cm_s', factor: 1 },
    hard: { min: 0, minExclusive: true },
    plausible: {
      min: 1e3,
      max: 1e9,
      why: THERMIONIC_WHY,
    },
    log: true,
    label: { zh: '空穴热电子发射速度', en: 'Hole thermionic emission velocity' },
    symbol: 'vp',
    tip: {
      zh: '空穴越过界面带阶的转移速度（cm/s），必须大于 0，默认 1e7。',
      en: 'Transfer velocity of holes over the band offset of the interface (cm/s), must be > 0, default 1e7.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    simsalabim: {
      key: 'nu_int_p',
      unit: 'm/s',
      factor: 100,
      note: 'written in the layer to the left of the interface',
    },
    defaultValue: 1e7,
  },
  {
    path: `${P}tunnelOxide.thicknessNm`,
    place: 'interface',
    group: 'tunnelling',
    unit: 'nm',
    engine: { name: 'thickness_nm', factor: 1 },
    // the solver's rule: beyond 10 nm nothing tunnels
    hard: { min: 0, minExclusive: true, max: 10 },
    plausible: {
      min: 0.5,
      max: 3,
      why: {
        zh: 'TOPCon 的隧穿氧化层约 1–2 nm；超过约 3 nm 隧穿电流已可忽略，薄于一个分子层（约 0.5 nm）的氧化层不存在。',
        en: 'TOPCon tunnel oxides are about 1–2 nm; beyond about 3 nm the tunnelling current is negligible, and no oxide is thinner than one molecular layer (about 0.5 nm).',
      },
    },
    log: false,
    label: { zh: '隧穿氧化层厚度', en: 'Tunnel oxide thickness' },
    symbol: 'dox',
    tip: {
      zh: '界面上薄氧化层的厚度（nm），大于 0 且至多 10；TOPCon 的 SiOx 约 1.5。',
      en: 'Thickness of the thin oxide at the interface (nm), > 0 and at most 10; TOPCon’s SiOx about 1.5.',
    },
    docs: 'tunnelling.md#tunnelling-through-a-thin-interlayer-interface-field-tunneloxide',
    required: true,
  },
  {
    path: `${P}tunnelOxide.barrierElectronEV`,
    place: 'interface',
    group: 'tunnelling',
    unit: 'eV',
    engine: { name: 'barrier_n_eV', factor: 1 },
    hard: { min: 0, max: 10 },
    plausible: { min: 0.3, max: 5, why: BARRIER_WHY },
    log: false,
    label: { zh: '电子隧穿势垒', en: 'Electron tunnelling barrier' },
    symbol: 'φn',
    tip: {
      zh: '氧化层导带高出半导体导带底的势垒（eV），0 到 10；硅上的 SiO₂ 约 3.1。',
      en: 'Barrier of the oxide’s conduction band above the semiconductor’s conduction band edge (eV), 0 to 10; SiO₂ on silicon about 3.1.',
    },
    docs: 'tunnelling.md#tunnelling-through-a-thin-interlayer-interface-field-tunneloxide',
    required: true,
    material: 'tunnelOxide.barrierElectronEV',
  },
  {
    path: `${P}tunnelOxide.barrierHoleEV`,
    place: 'interface',
    group: 'tunnelling',
    unit: 'eV',
    engine: { name: 'barrier_p_eV', factor: 1 },
    hard: { min: 0, max: 10 },
    plausible: { min: 0.3, max: 5, why: BARRIER_WHY },
    log: false,
    label: { zh: '空穴隧穿势垒', en: 'Hole tunnelling barrier' },
    symbol: 'φp',
    tip: {
      zh: '氧化层价带低于半导体价带顶的势垒（eV），0 到 10；硅上的 SiO₂ 约 4.5。',
      en: 'Barrier of the oxide’s valence band below the semiconductor’s valence band edge (eV), 0 to 10; SiO₂ on silicon about 4.5.',
    },
    docs: 'tunnelling.md#tunnelling-through-a-thin-interlayer-interface-field-tunneloxide',
    required: true,
    material: 'tunnelOxide.barrierHoleEV',
  },
  {
    path: `${P}tunnelOxide.massElectronRel`,
    place: 'interface',
    group: 'tunnelling',
    unit: 'm₀',
    engine: { name: 'mass_n_rel', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 10 },
    plausible: { min: 0.05, max: 1.5, why: MASS_WHY },
    log: false,
    label: { zh: '氧化层中电子隧穿质量', en: 'Electron tunnelling mass in the oxide' },
    symbol: 'mn*',
    tip: {
      zh: '电子在氧化层中的隧穿有效质量（m₀），大于 0 且至多 10；SiO₂ 约 0.4。',
      en: 'Tunnelling effective mass of electrons in the oxide (m₀), > 0 and at most 10; SiO₂ about 0.4.',
    },
    docs: 'tunnelling.md#tunnelling-through-a-thin-interlayer-interface-field-tunneloxide',
    required: true,
    material: 'tunnelOxide.massElectronRel',
  },
  {
    path: `${P}tunnelOxide.massHoleRel`,
    place: 'interface',
    group: 'tunnelling',
    unit: 'm₀',
    engine: { name: 'mass_p_rel', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 10 },
    plausible: { min: 0.05, max: 1.5, why: MASS_WHY },
    log: false,
    label: { zh: '氧化层中空穴隧穿质量', en: 'Hole tunnelling mass in the oxide' },
    symbol: 'mp*',
    tip: {
      zh: '空穴在氧化层中的隧穿有效质量（m₀），大于 0 且至多 10；SiO₂ 约 0.4。',
      en: 'Tunnelling effective mass of holes in the oxide (m₀), > 0 and at most 10; SiO₂ about 0.4.',
    },
    docs: 'tunnelling.md#tunnelling-through-a-thin-interlayer-interface-field-tunneloxide',
    required: true,
    material: 'tunnelOxide.massHoleRel',
  },
] as const satisfies readonly ParamEntry[];
