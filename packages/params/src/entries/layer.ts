/**
 * The parameters of a layer: its thickness and its drift-diffusion values (LayerElectricalSpec).
 * Plausible ranges are what measured semiconductors show (sources in each `why`); hard limits are
 * what no solid can have or what makes the equations singular.
 */
import type { ParamEntry } from '../types.js';

export const LAYER_PARAMS: readonly ParamEntry[] = [
  {
    path: 'layers[].thicknessNm',
    place: 'layer',
    group: 'geometry',
    unit: 'nm',
    engine: { name: 'thickness_nm', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 1e8 },
    plausible: {
      min: 0.1,
      max: 1e7,
      why: {
        zh: '比一个原子层（约 0.1 nm）更薄或比 1 cm 更厚的层几乎不存在，常见原因是单位填错（µm 与 nm）。',
        en: 'a layer thinner than one atomic layer (about 0.1 nm) or thicker than 1 cm hardly exists; the usual cause is a unit slip (µm for nm).',
      },
    },
    log: true,
    label: { zh: '厚度', en: 'Thickness' },
    symbol: 'd',
    tip: {
      zh: '层的厚度（nm）。厚层（玻璃、硅片）宜设为非相干。',
      en: 'Thickness of the layer (nm). Thick layers (glass, wafers) should be incoherent.',
    },
    docs: 'drift-diffusion.md#parameters',
    scaps: { key: 'd', unit: 'm', factor: 1e9 },
    simsalabim: { key: 'L', unit: 'm', factor: 1e9 },
    required: true,
  },
  {
    path: 'layers[].electrical.epsR',
    place: 'layer',
    group: 'basic',
    unit: '',
    engine: { name: 'eps_r', factor: 1 },
    hard: { min: 1, max: 1e5 },
    plausible: {
      min: 2,
      max: 100,
      why: {
        zh: '半导体与传输层的相对介电常数一般在 3（有机物）到 70（钙钛矿的低频值）之间。',
        en: 'semiconductors and transport layers range from about 3 (organics) to about 70 (the low-frequency value of halide perovskites).',
      },
    },
    log: false,
    label: { zh: '相对介电常数', en: 'Relative permittivity' },
    symbol: 'εr',
    tip: {
      zh: '材料的相对介电常数，决定内建电场的分布；真空为 1，不能更小。',
      en: 'Relative permittivity of the material; it sets how the built-in field is distributed. Vacuum is 1, nothing is below.',
    },
    docs: 'drift-diffusion.md#equations',
    scaps: { key: 'epsilon', unit: '', factor: 1 },
    simsalabim: { key: 'eps_r', unit: '', factor: 1 },
    required: true,
    material: 'epsR',
  },
  {
    path: 'layers[].electrical.muNCm2PerVs',
    place: 'layer',
    group: 'basic',
    unit: 'cm²/(V·s)',
    engine: { name: 'mu_n_cm2_Vs', factor: 1 },
    hard: { min: 0, minExclusive: true, max: 1e6 },
    plausible: {
      min: 1e-8,
      max: 1e5,
      why: {
        zh: '已知材料的电子迁移率在 1e-8（无序有机物）到约 8e4 cm²/(V·s)（InSb）之间；更高的值多为单位错误。',
        en: 'known materials range from about 1e-8 (disordered organics) to about 8e4 cm²/(V·s) (InSb); larger values are usually a unit slip.',
      },
    },
    log: true,
    label: { zh: '电子迁移率', en: 'Electron mobility' },
    symbol: 'μn',
    tip: {
      zh: '电子迁移率（cm²/(V·s)），必须大于 0；钙钛矿约 1–50，有机物 1e-5–1e-3，晶体硅约 1400。',
      en: 'Electron mobility (cm²/(V·s)), must be > 0; perovskites about 1–50, organics 1e-5–1e-3, crystalline silicon about 1400.',
    },
    docs: 'drift-diffusion.md#equations',
    scaps: { key: 'mu_n', unit: 'cm^2/Vs', factor: 1 },
    simsalabim: { key: 'mu_n', unit: 'm^2/Vs', factor: 1e4 },
    required: true,
    material: 'muNCm2PerVs',
  },
];
