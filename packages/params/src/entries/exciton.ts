/**
 * Excitons of a layer (docs/physics/excitons.md): diffusion to the donor/acceptor interface of a
 * planar heterojunction (excitonDiffusion), or Onsager-Braun dissociation of the charge-transfer
 * states of a bulk heterojunction (ctDissociation). SIMsalabim's Braun model gives the
 * CT-state names; SCAPS-1D has no excitons.
 */
import type { ParamEntry } from '../types.js';

export const EXCITON_PARAMS: readonly ParamEntry[] = [
  {
    path: 'layers[].electrical.excitonDiffusion.diffusionLengthNm',
    place: 'exciton',
    group: 'exciton',
    unit: 'nm',
    engine: { name: 'L_nm', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 1e6 },
    plausible: {
      min: 1,
      max: 1000,
      why: {
        zh: '有机半导体的激子扩散长度约 5–50 nm（非富勒烯受体可达约 50），有机单晶最长约 1 µm；更大的值多为把 µm 当成 nm。',
        en: 'exciton diffusion lengths of organic semiconductors are about 5–50 nm (non-fullerene acceptors up to about 50), up to about 1 µm in organic single crystals; larger values are usually µm entered as nm.',
      },
    },
    log: true,
    label: { zh: '激子扩散长度', en: 'Exciton diffusion length' },
    symbol: 'LD',
    tip: {
      zh: '激子在衰减前扩散的长度（nm），必须大于 0；决定多少激子到达给体/受体界面而分离。',
      en: 'Length excitons diffuse before they decay (nm), must be > 0; it decides how many reach the donor/acceptor interface and split.',
    },
    docs: 'excitons.md#planar-bilayer-heterojunctions-exciton-diffusion',
    required: true,
    material: 'exciton.diffusionLengthNm',
  },
  {
    path: 'layers[].electrical.excitonDiffusion.lifetimeS',
    place: 'exciton',
    group: 'exciton',
    unit: 's',
    engine: { name: 'tau_s', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 1 },
    plausible: {
      min: 1e-12,
      max: 1e-3,
      why: {
        zh: '单线态激子寿命约 0.1–10 ns，三线态可达微秒到毫秒；更长的值多为单位错误（ns 当成 s）。',
        en: 'singlet excitons live about 0.1–10 ns, triplets microseconds to milliseconds; longer values are usually a unit slip (ns entered as s).',
      },
    },
    log: true,
    label: { zh: '激子寿命', en: 'Exciton lifetime' },
    symbol: 'τx',
    tip: {
      zh: '激子的寿命（s），必须大于 0；有机物的单线态约 1e-9。',
      en: 'Lifetime of the excitons (s), must be > 0; singlets of organics about 1e-9.',
    },
    docs: 'excitons.md#planar-bilayer-heterojunctions-exciton-diffusion',
    required: true,
    material: 'exciton.lifetimeS',
  },
  {
    path: 'layers[].electrical.ctDissociation.separationNm',
    place: 'exciton',
    group: 'exciton',
    unit: 'nm',
    engine: { name: 'a_nm', factor: 1 },
    // the solver's rule: at most 100 nm
    hard: { min: 0, minExclusive: true, max: 100 },
    plausible: {
      min: 0.5,
      max: 5,
      why: {
        zh: '电荷转移态中电子与空穴的距离约为分子间距，1–3 nm（P3HT:PCBM 约 1.8）；超过 5 nm 的束缚对已几乎不受库仑吸引。',
        en: 'the electron-hole distance of a charge-transfer state is about the intermolecular spacing, 1–3 nm (P3HT:PCBM about 1.8); beyond 5 nm a pair is hardly bound by its Coulomb attraction.',
      },
    },
    log: false,
    label: { zh: '电荷转移态分离距离', en: 'CT-state separation distance' },
    symbol: 'a',
    tip: {
      zh: 'Onsager-Braun 模型中电荷转移态电子与空穴的距离（nm），大于 0 且至多 100；典型 1–2。',
      en: 'Electron-hole distance of the charge-transfer state in the Onsager-Braun model (nm), > 0 and at most 100; typically 1–2.',
    },
    docs: 'excitons.md#bulk-heterojunctions-onsager-braun-dissociation-of-ct-states',
    simsalabim: { key: 'a', unit: 'm', factor: 1e9 },
    required: true,
    material: 'ctDissociation.separationNm',
  },
  {
    path: 'layers[].electrical.ctDissociation.decayRatePerS',
    place: 'exciton',
    group: 'exciton',
    unit: 's⁻¹',
    engine: { name: 'k_f_s', factor: 1 },
    hard: { min: 0, max: 1e15 },
    plausible: {
      min: 1e3,
      max: 1e10,
      why: {
        zh: '电荷转移态回到基态的速率约 1e4–1e9 s⁻¹（常用 1e6）；更快的衰减会让几乎所有电荷转移态在分离前消失。',
        en: 'charge-transfer states return to the ground state at about 1e4–1e9 s⁻¹ (often 1e6); faster decay would lose almost every state before it splits.',
      },
    },
    log: true,
    label: { zh: '电荷转移态衰减速率', en: 'CT-state decay rate' },
    symbol: 'kf',
    tip: {
      zh: '电荷转移态衰减到基态的速率（s⁻¹），不小于 0；典型 1e6。',
      en: 'Rate at which charge-transfer states decay to the ground state (s⁻¹), at least 0; typically 1e6.',
    },
    docs: 'excitons.md#bulk-heterojunctions-onsager-braun-dissociation-of-ct-states',
    simsalabim: { key: 'k_f', unit: '1/s', factor: 1 },
    required: true,
    material: 'ctDissociation.decayRatePerS',
  },
  {
    path: 'layers[].electrical.ctDissociation.directYield',
    place: 'exciton',
    group: 'exciton',
    unit: '',
    engine: { name: 'P0', factor: 1 },
    // a yield: a fraction of the states
    hard: { min: 0, max: 1 },
    log: false,
    label: { zh: '直接产生自由载流子的比例', en: 'Direct free-carrier yield' },
    symbol: 'P0',
    tip: {
      zh: '不经电场辅助、直接分离为自由载流子的电荷转移态比例（0 到 1），默认 0。',
      en: 'Fraction of charge-transfer states that split into free carriers without the help of the field (0 to 1), default 0.',
    },
    docs: 'excitons.md#bulk-heterojunctions-onsager-braun-dissociation-of-ct-states',
    simsalabim: { key: 'P0', unit: '', factor: 1, note: 'SIMsalabim takes 0 <= P0 < 1' },
    defaultValue: 0,
  },
];
