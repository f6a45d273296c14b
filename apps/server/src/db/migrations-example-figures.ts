import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0031 (issue 29): every public example says what it models. None of the shipped examples
 * reproduces a measured cell: each is a simulator's default set or a design, so each is named a
 * generic device in both languages, and its description opens with why, in both languages, and
 * with the figures PVForge gives for it and the band a test holds them to
 * (packages/engine/test/examples/example-figures.test.ts, assets/devices/example-figures.json).
 * The P3HT:PC61BM example, whose electrical set is SIMsalabim's generic single-layer device, stops
 * reading as a P3HT:PC61BM cell. The perovskite/silicon tandem was 7.5 mA/cm^2 out of current
 * matching (a planar 180 um silicon absorbs too little of the near infrared, and 500 nm of a
 * 1.6 eV perovskite takes too much): its silicon base gets a Lambertian light-trapping texture and
 * its perovskite 205 nm, where the subcells match.
 *
 * A stored public example is found by its name as seeded: it gets the new name, the statement
 * before its description (whatever an administrator made of the rest) and before a citation that
 * repeats the description, and the tandem its two changed values where they are still as seeded.
 * A user's private copy keeps everything. Texts are frozen here, as a shipped migration's must be.
 */

type AnyDb = Kysely<unknown>;

export interface ExampleRelabel {
  /** The file in assets/devices. */
  file: string;
  /** The name the example was seeded with. */
  oldName: string;
  name: string;
  /** Prepended to the description (and to a citation that repeats the description). */
  statement: string;
  /** Fragments of the old description that the change of the device made wrong. */
  fragments?: readonly { from: string; to: string }[];
  /** Where the stored spec still holds the seeded value, it gets the new one (a layer's field or a top-level block). */
  values?: readonly ValueChange[];
}

export type ValueChange =
  | { layer: string; field: 'thicknessNm'; from: number; to: number }
  | { top: 'texture'; to: Record<string, unknown> };

const BAND_ZH = '±0.5 mA/cm²、±0.02 V，FF ±2、PCE ±0.5 个百分点';
const BAND_EN = '±0.5 mA/cm², ±0.02 V, ±2 and ±0.5 points in FF and PCE';

/**
 * The bilingual opening of a generic example's description: why it is generic, what it gives and
 * its band. Kept short: a description holds at most 2000 characters (DeviceSpec, library).
 */
function generic(
  whyZh: string,
  whyEn: string,
  figuresZh: string,
  figuresEn: string,
  bandZh = BAND_ZH,
  bandEn = BAND_EN,
) {
  return (
    `通用器件，不是实测电池：${whyZh}。本平台算得 ${figuresZh}（测试容差 ${bandZh}）。` +
    ` A generic device, not a measured cell: ${whyEn}. PVForge gives ${figuresEn} (tested within ${bandEn}).`
  );
}

/** Jsc, Voc, FF and PCE as the statements print them, in each language. */
function jv(jsc: string, voc: string, ff: string, pce: string): [string, string] {
  return [
    `Jsc ${jsc} mA/cm²、Voc ${voc} V、FF ${ff} %、PCE ${pce} %`,
    `Jsc ${jsc} mA/cm², Voc ${voc} V, FF ${ff} %, PCE ${pce} %`,
  ];
}

export const EXAMPLE_RELABELS: readonly ExampleRelabel[] = [
  {
    file: 'cdte-electrical.device.json',
    oldName: 'CdTe superstrate cell (glass/FTO/CdS/CdTe/Au), optics + drift-diffusion',
    name: '通用 CdTe 电池 | Generic CdTe superstrate cell (glass/FTO/CdS/CdTe/Au), optics + drift-diffusion',
    statement: generic(
      '层厚、掺杂与全部电学参数取自 Sesame 的一维 CdS/CdTe 示例（Gaury 等，2019）',
      "layers, doping and every electrical parameter are those of Sesame's 1D CdS/CdTe example (Gaury et al., 2019)",
      ...jv('25.5', '0.908', '80.5', '18.6'),
    ),
  },
  {
    file: 'cigs-electrical.device.json',
    oldName: 'CIGS cell (AZO/ZnO/CIGS), drift-diffusion with uniform generation',
    name: '通用 CIGS 电池 | Generic CIGS cell (AZO/ZnO/CIGS), drift-diffusion with uniform generation',
    statement: generic(
      '电学参数取自 ChargeTransport.jl 的 ZnO/CIGS 示例 Ex108，光生成取均匀分布',
      "its electrical parameters are those of ChargeTransport.jl's ZnO/CIGS example Ex108, with a uniform generation",
      ...jv('16.5', '0.595', '72.2', '7.1'),
    ),
  },
  {
    file: 'cigs-tails-electrical.device.json',
    oldName: 'CIGS cell with band tails and a Gaussian mid-gap defect, drift-diffusion with uniform generation',
    name: '通用 CIGS 电池（带尾态与中隙高斯缺陷）| Generic CIGS cell with band tails and a Gaussian mid-gap defect',
    statement: generic(
      '在上面的通用 CIGS 电池中加入设计值的带尾态与中隙高斯缺陷',
      'the generic CIGS cell with band tails and a mid-gap Gaussian defect of design values',
      ...jv('16.9', '0.617', '76.5', '8.0'),
    ),
  },
  {
    file: 'organic-bhj-p3ht-pcbm-electrical.device.json',
    oldName: 'Organic bulk heterojunction ITO/PEDOT:PSS/P3HT:PC61BM/Al (Onsager-Braun)',
    name: '通用有机体异质结器件（P3HT:PC61BM 光学常数）| Generic organic bulk-heterojunction device, P3HT:PC61BM optics',
    statement: generic(
      '电学参数是 SIMsalabim 的通用单层体异质结器件，不是 P3HT:PC61BM 的拟合值，只有光学常数取自 P3HT:PC61BM；实测的 P3HT:PC61BM 电池约为 Voc 0.6 V、PCE 3-4 %，本例的 Voc 与 PCE 远高于此',
      "its electrical set is SIMsalabim's generic single-layer bulk-heterojunction device, not fitted to P3HT:PC61BM, and only its optical constants are P3HT:PC61BM's; measured P3HT:PC61BM cells give about 0.6 V and 3-4 %, far below this example's Voc and PCE",
      ...jv('11.5', '1.162', '66.8', '9.0'),
    ),
  },
  {
    file: 'organic-bilayer-pm6-c60-exciton-diffusion.device.json',
    oldName: 'Planar bilayer organic cell ITO/PEDOT:PSS/PM6/C60/Al (exciton diffusion)',
    name: '通用双层有机电池 PM6/C60（激子扩散）| Generic planar bilayer organic cell ITO/PEDOT:PSS/PM6/C60/Al',
    statement: generic(
      '激子参数为设计值，给体用通用聚合物参数（非 PM6 拟合值）',
      'design-value exciton parameters and a generic polymer set for the donor, not fitted to PM6',
      ...jv('6.4', '0.828', '77.5', '4.1'),
    ),
    fragments: [
      { from: ' (exciton continuity equation, D = L^2/tau)', to: '' },
      { from: 'the rest decay, a loss shown for each layer beside the exciton density X(x).', to: 'the rest decay.' },
    ],
  },
  {
    file: 'perovskite-nip-electrical.device.json',
    oldName: 'n-i-p MAPbI3 cell (FTO/TiO2/MAPbI3/Spiro-OMeTAD/Au), optics + drift-diffusion',
    name: '通用 n-i-p MAPbI3 电池 | Generic n-i-p MAPbI3 cell (FTO/TiO2/MAPbI3/Spiro-OMeTAD/Au)',
    statement: generic(
      '叠层与电学参数取自 Driftfusion 的 spiro/MAPI/TiO2 器件（Calado 等，2022）',
      "its stack and electrical parameters are those of Driftfusion's spiro/MAPI/TiO2 device (Calado et al., 2022)",
      ...jv('21.9', '1.141', '71.5', '17.9'),
    ),
  },
  {
    file: 'perovskite-pin-defects-electrical.device.json',
    oldName: 'p-i-n MAPbI3 cell with a Gaussian bulk defect and interface defects, optics + drift-diffusion',
    name: '通用 p-i-n MAPbI3 电池（体缺陷与界面缺陷）| Generic p-i-n MAPbI3 cell with bulk and interface defects',
    statement: generic(
      'SIMsalabim 默认的 p-i-n 钙钛矿器件，加入设计值的体缺陷与界面缺陷',
      "SIMsalabim's default p-i-n perovskite device with a bulk defect and interface defects of design values",
      ...jv('21.9', '1.066', '72.1', '16.8'),
    ),
  },
  {
    file: 'perovskite-pin-electrical.device.json',
    oldName: 'p-i-n MAPbI3 cell on glass, optics + drift-diffusion',
    name: '通用 p-i-n MAPbI3 电池 | Generic p-i-n MAPbI3 cell on glass, optics + drift-diffusion',
    statement: generic(
      '电学参数为 SIMsalabim 默认的 p-i-n 钙钛矿器件',
      "its electrical parameters are those of SIMsalabim's default p-i-n perovskite device",
      ...jv('22.0', '1.281', '76.1', '21.5'),
    ),
  },
  {
    file: 'perovskite-pin-ions-electrical.device.json',
    oldName: 'p-i-n MAPbI3 cell with mobile iodide vacancies: J-V hysteresis and impedance',
    name: '通用 p-i-n MAPbI3 电池（可移动碘空位）| Generic p-i-n MAPbI3 cell with mobile iodide vacancies',
    statement: generic(
      'SIMsalabim 默认的 p-i-n 钙钛矿器件，加入可移动碘空位（IonMonger 默认密度）与界面复合；下列数值为稳态 J-V',
      "SIMsalabim's default p-i-n perovskite device with mobile iodide vacancies (IonMonger's default density) and interface recombination; the figures below are its steady-state J-V's",
      ...jv('19.8', '1.183', '74.9', '17.5'),
    ),
  },
  {
    file: 'perovskite-pin-optical.device.json',
    oldName: 'p-i-n MAPbI3 cell on glass',
    name: '通用 p-i-n MAPbI3 电池，仅光学 | Generic p-i-n MAPbI3 cell on glass, optics only',
    statement: generic(
      '各层光学常数取自材料库，层厚为设计值；只计算光学（传输矩阵），不计算电学',
      'optical constants of the material library and design thicknesses; optics only (transfer matrix), no electrical model',
      'MAPbI3 层的光电流 21.0 mA/cm²',
      'a MAPbI3 photocurrent of 21.0 mA/cm²',
      '±0.5 mA/cm²',
      '±0.5 mA/cm²',
    ),
  },
  {
    file: 'perovskite-silicon-tandem-electrical.device.json',
    oldName: 'Perovskite/silicon two-terminal tandem, optics + drift-diffusion',
    name: '通用钙钛矿/硅两端叠层（电流匹配）| Generic perovskite/silicon two-terminal tandem, current-matched',
    statement: generic(
      '层序参照 Al-Ashouri 等（Science 370, 1300 (2020)）的单片叠层，但不复现该纪录电池：钙钛矿 n,k 表带边约 1.6 eV，窄于纪录叠层的宽带隙钙钛矿，故约 205 nm 即电流匹配（顶 18.66、底 18.58 mA/cm²）；硅用扩散 n+/p+ 层代替异质结接触，光陷阱取朗伯织构；不计串联与并联电阻',
      "layer sequence after the monolithic tandem of Al-Ashouri et al. (Science 370, 1300 (2020)), not a reproduction of that record cell: the perovskite n,k table's edge is near 1.6 eV, narrower than record tandems' wide-gap perovskites, so about 205 nm matches the currents (top 18.66, bottom 18.58 mA/cm²); diffused n+/p+ silicon instead of heterojunction contacts, Lambertian light trapping, no series or shunt resistance",
      ...jv('18.3', '2.030', '80.2', '29.8'),
    ),
    // the whole text: the planar 500 nm stack it described is no longer the example
    fragments: [
      {
        from: "air / MgF2 100 nm / ITO 100 nm / C60 20 nm / Cs/FA/MA perovskite 500 nm / PTAA 10 nm / ITO 20 nm recombination layer / n+ c-Si 200 nm / n c-Si 180 um (incoherent) / p+ c-Si 500 nm / ITO 100 nm / Ag, AM1.5G 300-1200 nm in 10 nm steps, planar. A p-i-n perovskite top cell (light enters through its electron contact) on a rear-junction n-type silicon bottom cell, joined by an ITO recombination layer; layer sequence after the monolithic tandem of A. Al-Ashouri et al., Science 370, 1300-1309 (2020) (SAM hole contact replaced by p-doped PTAA, silicon heterojunction contacts by diffused n+ and p+ layers). Each layer's subcell is given; the tandem run solves each subcell in the optics of the whole stack (the top cell filters the bottom cell's light) with an ideal ohmic contact on each side of the ITO, connects them in series (2T) and adds their efficiencies (4T), and sweeps the perovskite thickness for current matching. Top-cell parameters: the SIMsalabim p-i-n perovskite device as in the p-i-n example (L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005); M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7 (2022)), PTAA p-doped 1e18 cm^-3 (a design value). Silicon constants as in the TOPCon example: M. A. Green, J. Appl. Phys. 67, 2944 (1990); Trupke et al., J. Appl. Phys. 94, 4930 (2003); Dziewior & Schmid, Appl. Phys. Lett. 31, 346 (1977); mobilities from N. D. Arora, J. R. Hauser, D. J. Roulston, IEEE Trans. Electron Devices 29, 292 (1982). Design values: doping, SRH lifetimes (1 ms in the base), the rear contact's electron recombination velocity (1000 cm/s). The perovskite n,k table ends at 850 nm and is extended as transparent, as are the C60 and PTAA tables beyond 1100 nm.",
        to: "air / MgF2 100 nm / ITO 100 nm / C60 20 nm / Cs/FA/MA perovskite 205 nm / PTAA 10 nm / ITO 20 nm recombination layer / n+ c-Si 200 nm / n c-Si 180 um (incoherent, its front face a Lambertian texture) / p+ c-Si 500 nm / ITO 100 nm / Ag, AM1.5G 300-1200 nm in 10 nm steps. The tandem run solves each subcell in the optics of the whole stack with an ideal ohmic contact on each side of the ITO, connects them in series (2T), adds their efficiencies (4T) and sweeps the perovskite thickness. Top cell: the SIMsalabim p-i-n perovskite device (L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005); M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7 (2022)), PTAA p-doped 1e18 cm^-3 (design value). Silicon constants as in the TOPCon example (Green 1990; Trupke et al. 2003; Dziewior & Schmid 1977; Arora et al. 1982); doping, SRH lifetimes (1 ms in the base) and the rear contact's electron recombination velocity (1000 cm/s) are design values. The perovskite n,k table ends at 850 nm and is extended as transparent, as are the C60 and PTAA tables beyond 1100 nm.",
      },
    ],
    values: [
      { layer: 'perovskite', field: 'thicknessNm', from: 500, to: 205 },
      { top: 'texture', to: { roughnessFactor: 1, layer: 'n c-Si base' } },
    ],
  },
  {
    file: 'silicon-perc-electrical.device.json',
    oldName: 'PERC-like silicon cell (SiNx / n+ emitter / p base / Al2O3 / Al), optics + drift-diffusion',
    name: '通用 PERC 型硅电池 | Generic PERC-like silicon cell (SiNx / n+ emitter / p base / Al2O3 / Al)',
    statement: generic(
      '按 Blakers 等（1989）的 PERC 设计思路搭建的一维电池，掺杂、寿命与复合速度为设计值，平面无织构',
      'a 1D cell in the spirit of the PERC design of Blakers et al. (1989), with doping, lifetimes and recombination velocities of design values, planar',
      ...jv('33.3', '0.662', '83.8', '18.4'),
    ),
  },
  {
    file: 'silicon-topcon-electrical.device.json',
    oldName: 'TOPCon silicon cell with a SiOx tunnel oxide (SiNx / p+ emitter / n base / SiOx / n+ poly-Si / Ag)',
    name: '通用 TOPCon 硅电池（SiOx 隧穿氧化层）| Generic TOPCon silicon cell with a SiOx tunnel oxide',
    statement: generic(
      '结构参照 Feldmann 等（2014），掺杂与寿命为设计值，Voc 高于实测电池',
      'after Feldmann et al. (2014), design-value doping and lifetimes, Voc above measured cells',
      ...jv('34.0', '0.689', '83.7', '19.6'),
    ),
    fragments: [
      {
        from: "Silicon constants of the material library's c-Si: Nc 2.86e19, Nv 3.10e19 cm^-3, Eg 1.1242 eV (M. A. Green, J. Appl. Phys. 67, 2944 (1990)), eps 11.9, chi 4.05 eV (Sze & Ng 2007), k_rad 4.73e-15 cm^3/s (Trupke et al., J. Appl. Phys. 94, 4930 (2003)), Auger 2.8e-31/9.9e-32 cm^6/s (Dziewior & Schmid, APL 31, 346 (1977)); doping-dependent mobilities from the Caughey-Thomas/Arora 300 K values listed in the validation case of the analytic silicon n-p diode under light (Arora et al., IEEE Trans. Electron Devices 29, 292 (1982)).",
        to: 'Silicon constants as in the PERC example: Green, J. Appl. Phys. 67, 2944 (1990); Sze & Ng 2007; Trupke et al., J. Appl. Phys. 94, 4930 (2003); Dziewior & Schmid, APL 31, 346 (1977); Arora et al., IEEE Trans. Electron Devices 29, 292 (1982).',
      },
    ],
  },
];

/** The description (or a citation repeating it) as the example now ships; a text already carrying the statement is kept. */
export function relabelledText(r: ExampleRelabel, text: string): string {
  if (text.startsWith(r.statement)) return text;
  let out = text;
  for (const f of r.fragments ?? []) out = out.split(f.from).join(f.to);
  return `${r.statement} ${out}`;
}

interface StoredSpec {
  name?: unknown;
  description?: unknown;
  layers?: { name?: unknown; [k: string]: unknown }[];
  [k: string]: unknown;
}

/** The example's changed values, each only where the stored spec still holds the seeded one. */
function changeValues(r: ExampleRelabel, spec: StoredSpec): void {
  for (const v of r.values ?? []) {
    if ('top' in v) {
      if (spec[v.top] === undefined) spec[v.top] = { ...v.to };
      continue;
    }
    const layer = spec.layers?.find((l) => l.name === v.layer);
    if (layer && layer[v.field] === v.from) layer[v.field] = v.to;
  }
}

export function exampleFiguresMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const r of EXAMPLE_RELABELS) {
        const rows = await sql<{ id: string; spec: string; description: string | null; citation: string | null }>`
          select id, spec, description, citation from devices where is_public = 1 and name = ${r.oldName}`.execute(db);
        for (const row of rows.rows) {
          let spec: StoredSpec;
          try {
            spec = JSON.parse(row.spec) as StoredSpec;
          } catch {
            continue; // not ours to repair
          }
          if (spec.name === r.oldName) spec.name = r.name;
          if (typeof spec.description === 'string') spec.description = relabelledText(r, spec.description);
          changeValues(r, spec);
          const description = row.description === null ? null : relabelledText(r, row.description);
          // a citation that repeats the description reads as it does; a citation of its own is kept
          const citation = row.citation !== null && row.citation === row.description ? description : row.citation;
          await sql`update devices set name = ${r.name}, spec = ${JSON.stringify(spec)}, description = ${description},
            citation = ${citation} where id = ${row.id}`.execute(db);
        }
      }
    },
    async down() {
      // Naming the examples measured cells again would only bring the misleading names back.
    },
  };
}
