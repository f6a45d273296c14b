import type { DeviceSpec } from '@pvforge/contracts';
import { param } from '@pvforge/params';
import { type ComputedKRad, withComputedKRad } from '../computed-krad.js';
import type { ExportOutcome, ReportItem, SourceFile } from '../report.js';
import { continuousTransferCmPerS, diffusionVelocityCmPerS, isContinuousTransfer, Q_OVER_KB } from './transfer.js';

/**
 * A DeviceSpec to SimSS 5.x files: simulation_setup.txt, one L<i>_parameters.txt per electrical
 * layer, a trap file per layer or interface whose traps are more than one level, and the
 * generation profile when the caller hands one over. The keys, their order, units and comment
 * layout are SimSS 5.36's (it reads its files by position-independent keys, but a user compares
 * them with the shipped ones). Units come from the registry entries' `simsalabim` factors, the
 * same the import reads (value in SIMsalabim = value in PVForge / factor). Everything SIMsalabim
 * cannot hold is in `items` by DeviceSpec path: 'approximated' when something close is written
 * (what, in the message), 'refused' when nothing is. The mapping is in
 * docs/physics/simsalabim-import.md ("Export").
 */

export interface SimsalabimExportOptions {
  /**
   * G(x) of the device's own optics (a PVForge run), x from the front face of the first electrical
   * layer: written as SIMsalabim's generation profile when the generation is optical. The export
   * is a pure function of the device, so it cannot run the transfer matrix itself.
   */
  generationProfile?: { xNm: number[]; gCm3PerS: number[] };
  /** The k_rad of each layer that takes it from its absorption, computed by the caller (computed-krad.ts). */
  kRadFromAbsorption?: ComputedKRad;
}

type Layer = DeviceSpec['layers'][number];
type El = NonNullable<Layer['electrical']>;
type Defect = NonNullable<El['defects']>[number];
type Interface = NonNullable<NonNullable<DeviceSpec['electrical']>['interfaces']>[number];
type InterfaceDefect = NonNullable<Interface['defects']>[number];

/** SIMsalabim's value of a registered DeviceSpec value: the import's factor, inverted. */
const sim = (registryPath: string, x: number) => x / (param(registryPath).simsalabim?.factor ?? 1);

/** A number as SIMsalabim's Pascal reader takes it: 12 significant digits, exponent as `E21`. */
export function formatNumber(x: number): string {
  if (x === 0) return '0';
  const r = Number(x.toPrecision(12));
  const a = Math.abs(r);
  if (a >= 1e-3 && a < 1e6) return String(r);
  const [m, e] = r.toExponential().split('e');
  return `${m}E${Number(e)}`;
}

const KT_OVER_Q = (T: number) => T / Q_OVER_KB;

/** One line of a parameter file: a key with its value and SIMsalabim's comment, or a comment line. */
type Line = { key: string; value: string; comment: string } | { text: string };

function render(title: string, lines: Line[], tags: [string, string][]): string {
  const head = [
    `** ${title}`,
    "** Don't change the order of the parameters, comments can be added anywhere,",
    "** but only after an '*'. Use '**' if you want your comment to be left-justified.",
    '** version: 5.36',
    ...tags.map(([k, v]) => `** ${k}: ${v}`),
  ];
  const width = Math.max(30, ...lines.map((l) => ('key' in l ? l.key.length + l.value.length + 4 : 0)));
  const body = lines.map((l) => {
    if (!('key' in l)) return l.text;
    const left = `${l.key} = ${l.value}`;
    return `${left.padEnd(width)}* ${l.comment}`;
  });
  return `${[...head, '', ...body].join('\n')}\n`;
}

const section = (name: string): Line => ({ text: `**${name}${'*'.repeat(Math.max(3, 82 - name.length))}` });
const kv = (key: string, value: string | number, comment: string): Line => ({
  key,
  value: typeof value === 'number' ? formatNumber(value) : value,
  comment,
});
const note = (comment: string): Line => ({ text: `${' '.repeat(30)}* ${comment}` });

/** One trap level: its depth below vacuum (eV) and density (cm^-3 or cm^-2). */
interface Level {
  depthEV: number;
  density: number;
}

/** A set of traps SIMsalabim holds in one place: one type, one pair of capture coefficients. */
interface TrapSet {
  type: 'acceptor' | 'neutral' | 'donor';
  cn: number;
  cp: number;
  levels: Level[];
}

/** SIMsalabim's most trap levels per file that the import takes back (import.ts). */
const MAX_LEVELS = 20;

/** The depth of a level given against its reference, as the engine reads it (device/defects-map.ts). */
function levelDepth(
  d: { energyEV?: number; energyReference: string },
  gap: { ec: number; ev: number; ei: number },
): number {
  const e = d.energyEV ?? 0;
  if (d.energyReference === 'conduction') return gap.ec + e;
  if (d.energyReference === 'valence') return gap.ev - e;
  return gap.ei - e;
}

/**
 * A distribution as single levels SIMsalabim's trap file holds (its weights scaled to the total):
 * a Gaussian at -2..2 standard deviations in half steps, a uniform band at five midpoints, a tail
 * at eight points 0.75 kT_tail apart from its band edge; levels outside the gap are dropped.
 */
function discretise(
  d: { distribution?: string; widthEV?: number; energyReference: string },
  centre: number,
  total: number,
  gap: { ec: number; ev: number },
): Level[] {
  const w = d.widthEV ?? 0;
  let pts: [number, number][];
  if (d.distribution === 'gaussian')
    pts = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((k) => [centre + k * 0.5 * w, Math.exp(-(k * k) / 8)]);
  else if (d.distribution === 'uniform') pts = [0, 1, 2, 3, 4].map((k) => [centre - w / 2 + ((k + 0.5) * w) / 5, 1]);
  else {
    // a tail from its band edge into the gap
    const edge = d.energyReference === 'valence' ? gap.ev : gap.ec;
    const into = d.energyReference === 'valence' ? -1 : 1;
    pts = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [edge + into * (k + 0.5) * 0.75 * w, Math.exp(-(k + 0.5) * 0.75)]);
  }
  const inside = pts.filter(([e]) => e > gap.ec && e < gap.ev);
  const sum = inside.reduce((s, [, x]) => s + x, 0);
  return inside.map(([depthEV, x]) => ({ depthEV, density: (total * x) / sum }));
}

class Writer {
  readonly items: ReportItem[] = [];
  readonly files: SourceFile[] = [];

  say(
    status: 'refused' | 'approximated',
    path: string,
    code: string,
    params: Record<string, string | number>,
    text: string,
  ) {
    this.items.push({
      status,
      name: path,
      path,
      message: { code, params: { path, ...params }, text: `${path}: ${text}` },
    });
  }
}

/** The capture coefficients of a defect (cm^3/s): sigma v_th, or the coefficients themselves. */
function capture(d: Defect | InterfaceDefect): { cn: number; cp: number } {
  if (d.sigmaNCm2 !== undefined || d.sigmaPCm2 !== undefined)
    return { cn: (d.sigmaNCm2 ?? 0) * (d.vthNCmPerS ?? 1e7), cp: (d.sigmaPCm2 ?? 0) * (d.vthPCmPerS ?? 1e7) };
  return { cn: d.cNCm3PerS ?? 0, cp: d.cPCm3PerS ?? 0 };
}

/**
 * SRH with lifetimes (or recombination velocities) as the neutral trap SIMsalabim holds: N_t with
 * C = 1 / (tau N_t) (or S / N_t) recombines at exactly the same rate and has no charge. N_t is
 * chosen so that the faster capture is 1e-6 cm^3/s, inside the registry's plausible range.
 */
function lifetimeTrap(rateN: number, rateP: number, depthEV: number): TrapSet {
  const nt = Math.max(rateN, rateP) / 1e-6;
  return { type: 'neutral', cn: rateN / nt, cp: rateP / nt, levels: [{ depthEV, density: nt }] };
}

const sameSet = (a: TrapSet, b: TrapSet) =>
  a.type === b.type && Math.abs(a.cn / b.cn - 1) < 1e-9 && Math.abs(a.cp / b.cp - 1) < 1e-9;

/**
 * Of the candidate trap sets of a place, the ones SIMsalabim holds: the first, with every later
 * one of the same type and capture merged as levels; the others refused.
 */
function chooseSet(w: Writer, candidates: { set: TrapSet; path: string }[], where: string): TrapSet | undefined {
  const first = candidates[0];
  if (!first) return undefined;
  const set: TrapSet = { ...first.set, levels: [...first.set.levels] };
  for (const c of candidates.slice(1)) {
    if (sameSet(set, c.set) && set.levels.length + c.set.levels.length <= MAX_LEVELS) set.levels.push(...c.set.levels);
    else
      w.say(
        'refused',
        c.path,
        'simsalabim.export-trap-set',
        { where },
        `SIMsalabim holds one set of traps (one type, one pair of capture coefficients) per ${where}; not written`,
      );
  }
  return set;
}

/** The trap lines of a layer or interface, and the trap file when the set has several levels. */
function trapLines(
  w: Writer,
  set: TrapSet | undefined,
  which: 'bulk' | 'int',
  fileName: string,
  midDepth: number,
  densityPath: string,
  cPath: string,
): Line[] {
  const unit = which === 'bulk' ? 'm^-3' : 'm^-2';
  const type = set ? (set.type === 'acceptor' ? -1 : set.type === 'donor' ? 1 : 0) : -1;
  const total = set ? set.levels.reduce((s, l) => s + l.density, 0) : 0;
  let trapFile = 'none';
  if (set && set.levels.length > 1) {
    trapFile = fileName;
    const rows = set.levels.map((l) => `${formatNumber(l.depthEV)} ${formatNumber(l.density / total)}`);
    w.files.push({ name: fileName, text: `E Ntrap\n${rows.join('\n')}\n` });
  }
  const N = which === 'bulk' ? 'N_t_bulk' : 'N_t_int';
  const lines: Line[] = [
    kv(
      N,
      sim(densityPath, total),
      `${unit}, trap density${which === 'bulk' ? ' (in bulk)' : ' at interface with layer to the right'}`,
    ),
  ];
  const cn = kv(
    `C_n_${which}`,
    set ? sim(cPath, set.cn) : 2e-14,
    'm^3/s, capture coefficient for electrons (put to 0 to exclude capture from and emission to the conduction band)',
  );
  const cp = kv(
    `C_p_${which}`,
    set ? sim(cPath, set.cp) : 2e-14,
    'm^3/s, capture coefficient for holes (put to 0 to exclude capture from and emission to the valence band)',
  );
  const et = kv(
    `E_t_${which}`,
    set && set.levels.length === 1 ? set.levels[0]!.depthEV : midDepth,
    `eV, energy level of ${which === 'bulk' ? 'all traps' : 'traps at interface'}`,
  );
  const file = kv(
    which === 'bulk' ? 'bulkTrapFile' : 'intTrapFile',
    trapFile,
    `name of file with ${which === 'bulk' ? 'bulk' : 'interface'} trap energy profile (or 'none'). If specified, overrides E_t_${which}`,
  );
  const t = kv(
    which === 'bulk' ? 'bulkTrapType' : 'intTrapType',
    type,
    `Trap type${which === 'bulk' ? ' of bulk traps' : ' for the right interface'}: -1: acceptor, 0: neutral, 1: donor`,
  );
  return which === 'bulk' ? [...lines, cn, cp, et, file, t] : [...lines, et, file, t, cn, cp];
}

/** The electrical layers of a device (the contiguous run with `electrical`; a tandem's subcells in order). */
function electricalLayers(device: DeviceSpec): { layer: Layer; index: number }[] {
  return device.layers.flatMap((layer, index) => (layer.electrical ? [{ layer, index }] : []));
}

/** Layer fields the export writes (or turns into a trap); any other is listed as refused. */
const LAYER_HANDLED = new Set([
  'epsR',
  'chiEV',
  'egEV',
  'ncCm3',
  'nvCm3',
  'muNCm2PerVs',
  'muPCm2PerVs',
  'ndCm3',
  'naCm3',
  'kRadCm3PerS',
  'langevinPrefactor',
  'tauNS',
  'tauPS',
  'defects',
  'ions',
  'ctDissociation',
  'generatesCarriers',
]);

/** Device-level electrical fields the export writes; any other is a run SimSS does not do. */
const DEVICE_HANDLED = new Set([
  'contacts',
  'interfaces',
  'rsOhmCm2',
  'rshOhmCm2',
  'temperatureK',
  'statistics',
  'voltageSweep',
  'generation',
  'gridPoints',
]);

export function exportSimsalabim(given: DeviceSpec, options: SimsalabimExportOptions = {}): ExportOutcome {
  const { device, items } = withComputedKRad(given, options.kRadFromAbsorption);
  const w = new Writer();
  w.items.push(...items);
  const el = device.electrical;
  const layers = electricalLayers(device);
  if (!el || layers.length === 0) {
    w.say(
      'refused',
      '(device)',
      'simsalabim.export-nothing',
      {},
      'the device has no electrical part; SIMsalabim cannot express it',
    );
    return { tool: 'simsalabim', files: [], items: w.items };
  }
  const T = el.temperatureK ?? 300;
  const kT = KT_OVER_Q(T);

  for (const k of Object.keys(el))
    if (!DEVICE_HANDLED.has(k))
      w.say(
        'refused',
        `electrical.${k}`,
        'simsalabim.export-run',
        {},
        'SimSS computes the steady-state J-V only; not written',
      );
  if (el.statistics === 'fermi-dirac')
    w.say(
      'refused',
      'electrical.statistics',
      'simsalabim.export-fermi-dirac',
      {},
      'SIMsalabim has Boltzmann statistics only; written without Fermi-Dirac statistics',
    );
  for (let j = 1; j < layers.length; j++)
    if (layers[j]!.index !== layers[j - 1]!.index + 1)
      w.say(
        'refused',
        `layers[${layers[j - 1]!.index + 1}]`,
        'simsalabim.export-gap',
        {},
        "an optical layer between electrical layers (a tandem's recombination layer) has no place in SIMsalabim's one stack; the electrical layers are written next to each other",
      );

  for (const { layer, index } of layers)
    if (layer.subcell !== undefined)
      w.say(
        'refused',
        `layers[${index}].subcell`,
        'simsalabim.export-run',
        {},
        'SimSS computes the steady-state J-V only; not written',
      );

  const gaps = layers.map(({ layer }) => {
    const e = layer.electrical!;
    const chi = e.chiEV!;
    const eg = e.egEV!;
    const nc = e.ncCm3!;
    const nv = e.nvCm3!;
    return { ec: chi, ev: chi + eg, ei: chi + eg / 2 - 0.5 * kT * Math.log(nv / nc) };
  });

  // interfaces: what sits between electrical layers j and j+1 (by the names it gives)
  const itfAt = (j: number): { itf: Interface; k: number } | undefined => {
    const a = layers[j]!.layer.name;
    const b = layers[j + 1]?.layer.name;
    const k = (el.interfaces ?? []).findIndex((i) => i.between[0] === a && i.between[1] === b);
    return k >= 0 ? { itf: el.interfaces![k]!, k } : undefined;
  };

  // generation
  const gen = el.generation ?? { kind: device.illumination ? 'optical' : 'dark' };
  let genProfile = 'none';
  let gEhp = 0;
  if (gen.kind === 'uniform') gEhp = sim('electrical.generation.gCm3PerS', gen.gCm3PerS);
  else if (gen.kind === 'dark')
    w.say(
      'approximated',
      'electrical.generation',
      'simsalabim.export-dark',
      {},
      'no generation: written as G_ehp = 0 in every layer (SIMsalabim has no dark switch)',
    );
  else if (gen.kind === 'profile') genProfile = profileFile(w, gen);
  else if (options.generationProfile) {
    genProfile = profileFile(w, options.generationProfile);
    w.say(
      'approximated',
      'electrical.generation',
      'simsalabim.export-profile',
      { kind: gen.kind },
      `the ${gen.kind} generation is written as the G(x) it gave, a generation profile (SIMsalabim's optics differ)`,
    );
  } else
    w.say(
      'refused',
      'electrical.generation',
      'simsalabim.export-optical',
      { kind: gen.kind },
      `the ${gen.kind} generation needs the device's n,k tables or its G(x), which the files do not carry; written as G_ehp = 0 (export with a run's generation profile)`,
    );

  const layerFiles = layers.map(({ layer, index }, j) => {
    const P = `layers[${index}]`;
    const E = `${P}.electrical`;
    const e = layer.electrical!;
    const gap = gaps[j]!;
    for (const k of Object.keys(e))
      if (!LAYER_HANDLED.has(k))
        w.say(
          'refused',
          `${E}.${k}`,
          'simsalabim.export-field',
          { field: k },
          `SIMsalabim has no such parameter (${k}); not written`,
        );

    // one density of states for both bands: the geometric mean keeps n_i (and so Voc)
    let nc = e.ncCm3!;
    if (e.nvCm3 !== e.ncCm3) {
      nc = Math.sqrt(e.ncCm3! * e.nvCm3!);
      for (const k of ['ncCm3', 'nvCm3'])
        w.say(
          'approximated',
          `${E}.${k}`,
          'simsalabim.export-dos',
          { value: Number(nc.toPrecision(6)) },
          `SIMsalabim has one density of states for both bands: N_c = sqrt(Nc Nv) = ${nc.toPrecision(6)} cm^-3 keeps n_i`,
        );
    }

    // ions: SIMsalabim's species have no background; each PVForge background goes into the doping
    // of its own sign (the import takes it off again, import.ts addFixedCharge)
    let nd = e.ndCm3 ?? 0;
    let na = e.naCm3 ?? 0;
    const species: { [sign: number]: { n: number; mu: number } | undefined } = {};
    (e.ions ?? []).forEach((ion, k) => {
      const I = `${E}.ions[${k}]`;
      if (species[ion.sign]) {
        w.say(
          'refused',
          I,
          'simsalabim.export-ion-species',
          {},
          'SIMsalabim has one cation and one anion species per layer; not written',
        );
        return;
      }
      const Tref = ion.referenceTemperatureK ?? 300;
      // D at the device's temperature, as the engine takes it (Arrhenius from the reference temperature)
      const Ea = ion.activationEnergyEV ?? 0;
      const D = ion.diffusionCm2PerS * Math.exp(-Ea * Q_OVER_KB * (1 / T - 1 / Tref));
      if (ion.activationEnergyEV !== undefined && Tref !== T)
        w.say(
          'approximated',
          `${I}.diffusionCm2PerS`,
          'simsalabim.export-ion-temperature',
          { T },
          `SIMsalabim has no activation energy: the mobility of D at ${T} K is written`,
        );
      if (ion.activationEnergyEV !== undefined)
        w.say(
          'refused',
          `${I}.activationEnergyEV`,
          'simsalabim.export-ion-activation',
          {},
          'SIMsalabim has no activation energy of the ions; not written',
        );
      species[ion.sign] = { n: ion.densityCm3, mu: D / kT };
      if (ion.sign > 0) na += ion.densityCm3;
      else nd += ion.densityCm3;
    });

    // bulk traps: the layer's defects, then its SRH lifetimes as a neutral trap at E_i
    const candidates: { set: TrapSet; path: string }[] = [];
    (e.defects ?? []).forEach((d, k) => {
      const { cn, cp } = capture(d);
      const centre = levelDepth(d, gap);
      const single = (d.distribution ?? 'single') === 'single';
      if (!single)
        w.say(
          'approximated',
          `${E}.defects[${k}]`,
          'simsalabim.export-distribution',
          { distribution: d.distribution! },
          `the ${d.distribution} distribution is written as single levels in a trap file`,
        );
      candidates.push({
        path: `${E}.defects[${k}]`,
        set: {
          type: d.type,
          cn,
          cp,
          levels: single ? [{ depthEV: centre, density: d.densityCm3 }] : discretise(d, centre, d.densityCm3, gap),
        },
      });
    });
    if (e.tauNS !== undefined || e.tauPS !== undefined) {
      if (e.tauNS !== undefined && e.tauPS !== undefined) {
        candidates.push({ path: `${E}.tauNS`, set: lifetimeTrap(1 / e.tauNS, 1 / e.tauPS, gap.ei) });
        if (!e.defects?.length)
          for (const k of ['tauNS', 'tauPS'])
            w.say(
              'approximated',
              `${E}.${k}`,
              'simsalabim.export-lifetime',
              {},
              'SIMsalabim has no SRH lifetimes: written as a neutral trap at E_i with C = 1/(tau N_t), the same recombination',
            );
        else
          w.say(
            'refused',
            `${E}.tauPS`,
            'simsalabim.export-trap-set',
            { where: 'layer' },
            'SIMsalabim holds one set of traps (one type, one pair of capture coefficients) per layer; not written',
          );
      } else
        w.say(
          'refused',
          `${E}.${e.tauNS === undefined ? 'tauPS' : 'tauNS'}`,
          'simsalabim.export-one-lifetime',
          {},
          'one SRH lifetime without the other has no SIMsalabim trap; not written',
        );
    }
    const bulk = chooseSet(w, candidates, 'layer');

    // bimolecular recombination: Langevin's replaces k_direct, in PVForge as in SIMsalabim
    const useLangevin = e.langevinPrefactor !== undefined;
    if (useLangevin && e.kRadCm3PerS !== undefined)
      w.say(
        'refused',
        `${E}.kRadCm3PerS`,
        'simsalabim.export-krad-langevin',
        {},
        'the Langevin prefactor replaces it (in PVForge too); SIMsalabim does not keep it beside useLangevin = 1',
      );

    const ct = e.ctDissociation;
    const itf = j < layers.length - 1 ? itfAt(j) : undefined;
    const intLines = interfaceLines(w, layers, j, itf, gaps, T);

    const lines: Line[] = [
      section('General'),
      kv('L', sim('layers[].thicknessNm', layer.thicknessNm), 'm, device length/thickness'),
      kv('eps_r', e.epsR!, 'relative dielectric constant'),
      kv('E_c', e.chiEV!, 'eV, conduction band edge'),
      kv('E_v', Number((e.chiEV! + e.egEV!).toPrecision(12)), 'eV, valence band edge'),
      kv('N_c', sim('layers[].electrical.ncCm3', nc), 'm^-3, DOS of conduction and valence bands'),
      kv('N_D', sim('layers[].electrical.ndCm3', nd), 'm^-3, ionised n-doping'),
      kv('N_A', sim('layers[].electrical.naCm3', na), 'm^-3, ionised p-doping'),
      { text: '' },
      section('Mobilities'),
      kv('mu_n', sim('layers[].electrical.muNCm2PerVs', e.muNCm2PerVs!), 'm^2/Vs, zero field mobility'),
      kv('mu_p', sim('layers[].electrical.muPCm2PerVs', e.muPCm2PerVs!), 'm^2/Vs, zero field mobility'),
      kv('mobnDep', 0, '0 : const. mob, 1 : field-dependent'),
      kv('mobpDep', 0, '0 : const. mob, 1 : field-dependent'),
      kv('gamma_n', 0, '(m/V)^0.5, field dependence of mob, Poole-Frenkel form'),
      kv('gamma_p', 0, '(m/V)^0.5, field dependence of mob, Poole-Frenkel form'),
      { text: '' },
      section('Interface-layer-to-right'),
      ...intLines,
      { text: '' },
      section('Ions'),
      kv(
        'N_anion',
        sim('layers[].electrical.ions[].densityCm3', species[-1]?.n ?? 0),
        'm^-3, concentration of negative ions',
      ),
      kv(
        'N_cation',
        sim('layers[].electrical.ions[].densityCm3', species[1]?.n ?? 0),
        'm^-3, concentration of positive ions',
      ),
      kv('mu_anion', (species[-1]?.mu ?? 0) * 1e-4, "m^2/Vs, mobility of negative ions (take 0 if they don't move)"),
      kv('mu_cation', (species[1]?.mu ?? 0) * 1e-4, "m^2/Vs, mobility of positive ions (take 0 if they don't move)"),
      // SimSS asks it of every layer with mobile ions; the neighbours' 0 keeps them in (PVForge confines them)
      kv('ionsMayEnter', species[1] || species[-1] ? 1 : 0, 'may ions enter from other layers? yes(1) or no(<>1)'),
      { text: '' },
      section('Generation and recombination'),
      // SimSS's uniform generation is G_ehp in every layer whatever layerGen says: a layer that makes
      // no carriers needs G_ehp = 0 as well; with a profile (or the optics) layerGen = 0 zeroes it
      kv(
        'G_ehp',
        e.generatesCarriers === false ? 0 : gEhp,
        'm^-3 s^-1, generation rate of electron-hole pairs in this layer',
      ),
      kv(
        'layerGen',
        e.generatesCarriers === false ? 0 : 1,
        'does this layer generate electron/hole pairs? yes(1) or no (0)',
      ),
      kv('nkLayer', 'none', 'name of file with n,k values of this layer'),
      kv('fieldDepG', ct ? 1 : 0, 'field dependent generation yes (1) or no (0)'),
      kv('P0', ct?.directYield ?? 0, '0<=P0<1, fraction of quenched excitons that direcltly yield free carriers'),
      kv(
        'a',
        ct ? sim('layers[].electrical.ctDissociation.separationNm', ct.separationNm) : 1e-9,
        'm, charge separation distance, Braun model used',
      ),
      kv(
        'thermLengDist',
        ct?.distribution === 'delta' ? 1 : 2,
        'distribution of a, 1 for delta function, 2 for Gaussian',
      ),
      note('3 for exponential and 4 for r^2 exponential 5 for r^4 Gaussian'),
      kv(
        'k_f',
        ct ? sim('layers[].electrical.ctDissociation.decayRatePerS', ct.decayRatePerS) : 1e6,
        '1/s, decay rate',
      ),
      kv(
        'k_direct',
        sim('layers[].electrical.kRadCm3PerS', e.kRadCm3PerS ?? 0),
        'm3/s, direct (band-to-band, bimolecular) recombination rate',
      ),
      kv('preLangevin', e.langevinPrefactor ?? 1, 'Langevin recombination prefactor'),
      kv('useLangevin', useLangevin ? 1 : 0, '(1) use Langevin to calc. recombination or not (<>1, kdirect is used)'),
      { text: '' },
      section('Bulk trapping'),
      ...trapLines(
        w,
        bulk,
        'bulk',
        `L${j + 1}_bulk_traps.txt`,
        gap.ei,
        'layers[].electrical.defects[].densityCm3',
        'layers[].electrical.defects[].cNCm3PerS',
      ),
    ];
    return {
      name: `L${j + 1}_parameters.txt`,
      text: render('SIMsalabim Layer parameters:', lines, [
        ['name', layer.name],
        ['role', layer.role ?? 'other'],
      ]),
    };
  });

  // contacts: front is SIMsalabim's left electrode
  const contactLines = (side: 'L' | 'R', c: NonNullable<DeviceSpec['electrical']>['contacts']['front']): Line[] => {
    const s = (x: number | null | undefined) =>
      x === null || x === undefined ? -1e-7 : sim('electrical.contacts.*.sNCmPerS', x);
    return [
      kv(
        `W_${side}`,
        c.kind === 'ohmic' ? 'sfb' : c.workFunctionEV!,
        `eV, work function ${side === 'L' ? 'left' : 'right'} electrode, or 'sfb'`,
      ),
    ].concat([
      kv(
        `S_n_${side}`,
        s(c.sNCmPerS),
        `m/s, surface recombination of electrons at the ${side === 'L' ? 'left' : 'right'} electrode`,
      ),
      kv(
        `S_p_${side}`,
        s(c.sPCmPerS),
        `m/s, surface recombination of holes at the ${side === 'L' ? 'left' : 'right'} electrode`,
      ),
    ]);
  };
  const [wL, ...sL] = contactLines('L', el.contacts.front);
  const [wR, ...sR] = contactLines('R', el.contacts.back);

  const sweep = el.voltageSweep;
  const reverse = sweep.stepV < 0;
  if (reverse)
    w.say(
      'approximated',
      'electrical.voltageSweep',
      'simsalabim.export-reverse',
      {},
      'a sweep from high to low voltage is written as Vmin < Vmax with Vscan = -1',
    );
  const setup: Line[] = [
    section('General'),
    kv('T', T, 'K, absolute temperature'),
    { text: '' },
    section('Layers'),
    ...layers.map((_, j) =>
      kv(`l${j + 1}`, `L${j + 1}_parameters.txt`, `parameter file for layer ${j + 1}${j === 0 ? ', mandatory' : ''}`),
    ),
    { text: '' },
    section('Contacts'),
    kv('leftElec', el.contacts.anode === 'front' ? 1 : -1, 'left electrode is the cathode (-1) or the anode (1)'),
    wL!,
    wR!,
    ...sL,
    ...sR,
    note('nb: use negative values if Sn/pR/L should be infinite'),
    kv(
      'R_shunt',
      el.rshOhmCm2 === null || el.rshOhmCm2 === undefined ? -1 : sim('electrical.rshOhmCm2', el.rshOhmCm2),
      'Ohms m2, shunt resistance. Use negative value for infinite R_shunt',
    ),
    kv('R_series', sim('electrical.rsOhmCm2', el.rsOhmCm2 ?? 0), 'Ohms m2, series resistance.'),
    { text: '' },
    section('Optics'),
    kv('G_frac', 1, 'fraction of Gmax used in solar cell'),
    kv('genProfile', genProfile, "name of file generation profile (or 'none' or 'calc')"),
    kv('L_TCO', 0, 'm, thickness of the TCO. Set to 0 if layer is not used'),
    kv('L_BE', 1e-7, 'm, thickness of back electrode, must be >0'),
    kv('nkSubstrate', 'none', 'name of file with n,k values of substrate'),
    kv('nkTCO', 'none', 'name of file with n,k values of TCO'),
    kv('nkBE', 'none', 'name of file with n,k values of back electrode'),
    kv('spectrum', 'none', 'name of file that contains the spectrum'),
    kv('lambda_min', 3.5e-7, 'm, lower bound wavelength'),
    kv('lambda_max', 8e-7, 'm, upper bound wavelength'),
    { text: '' },
    section('Numerical Parameters'),
    kv(
      'NP',
      el.gridPoints ?? param('electrical.gridPoints').defaultValue!,
      'integer, number of grid points, must be at least 5 per layer.',
    ),
    kv('tolPois', 1e-5, 'V, abs. tolerance of iterative Poisson solver'),
    kv('maxDelV', 10, 'maximum change (in Vt) of the potential per loop'),
    kv('maxItPois', 2000, 'max. number it. Poisson loop'),
    kv('maxItSS', 2000, 'max. number it. main loop'),
    kv('currDiffInt', 2, 'Calc. current from differential (1) or integral (2) expression'),
    kv('tolCurr', 1e-3, 'relative tolerance on current density'),
    kv('tolDens', 1e-5, 'relative tolerance of density solver'),
    kv('couplePC', 4, '>= 0, coupling between Poisson equation and continuity equations'),
    kv('minAcc', 0.5, '>0, min. acceleration parameter'),
    kv('maxAcc', 0.95, '<2, max. acceleration parameter'),
    kv('ignoreNegDens', 1, 'whether(1) or not(<>1) to ignore negative densities'),
    kv('convVar', 1, 'integer 1-4, selects which variable to monitor for convergence'),
    note('1: densities, 2: current, 3: densities OR current, 4: densities AND current'),
    kv('failureMode', 2, 'how treat failed (t,V,G) points: 0: stop, 1: ignore, 2: skip'),
    kv('grad', 4, 'determines shape of exp. grid, increase grad for smaller h[1]'),
    { text: '' },
    section('Voltage range of simulation'),
    kv('Vdist', 1, '1 for uniform (specified by Vstep), 2 for logarithmic (specified by Vacc and NJV)'),
    kv('preCond', 0, 'pre-conditioning, yes(1)/no(0)'),
    kv('Vpre', 0, 'V, pre-conditioned voltage'),
    kv('fixIons', 0, 'fix ions at first applied voltage? yes(1) or no (0).'),
    kv('Vscan', reverse ? -1 : 1, 'integer, 1 for forward sweep direction, -1 for reverse sweep'),
    kv('Vmin', reverse ? sweep.stopV : sweep.startV, 'V'),
    kv('Vmax', reverse ? sweep.startV : sweep.stopV, 'V'),
    kv('Vstep', Math.abs(sweep.stepV), 'V'),
    kv('Vacc', 0, "V, point of accumulation of row of V's, note: Vacc should be"),
    note('slightly larger than Vmax or slightly lower than Vmin'),
    kv('NJV', 100, 'number of JV points in logarithmic distribution'),
    kv('untilVoc', 0, 'if 1 then SimSS will stop at Voc'),
    { text: '' },
    section('User interface'),
    kv('timeout', -1, 's, max run time, use negative value for unlimited run time.'),
    kv('pauseAtEnd', 0, 'pause at the end of the simulation yes(1) or no (0)'),
    kv('autoTidy', 0, 'if 1, then the program will always tidy up this file'),
    kv('useExpData', 0, 'if 1, SimSS will try to read JV_Exp and use it'),
    kv('expJV', 'expJV.csv', 'name of file with experimental JV characteristics'),
    kv('fitMode', 'lin', 'lin or log: use J or log(J) in calc. of fit error'),
    kv('fitThreshold', 0.8, 'threshold of fraction converged points in calc. fit error'),
    kv('JVFile', 'JV.dat', 'name of the file with simulated JV characteristics'),
    kv('varFile', 'Var.dat', 'name of the file with (x,V,n,p,Jn,etc)'),
    kv('limitDigits', 1, 'if 1, then number of digits in output is limited'),
    // SimSS 5.36 reads 'none' as a file name: only outputRatio 0 leaves the (large) varFile unwritten
    kv('outputRatio', 0, 'Output to varFile every outputRatio voltages, 0: no varFile'),
    kv('scParsFile', 'scPars.txt', 'name of file with solar cell parameters'),
    kv('logFile', 'log.txt', 'name of log file'),
  ];
  const files: SourceFile[] = [
    { name: 'simulation_setup.txt', text: render('SimSS Simulation Setup:', setup, [['name', device.name]]) },
    ...layerFiles,
    ...w.files,
  ];
  return { tool: 'simsalabim', files, items: w.items };
}

/**
 * SimSS's generation-profile file (`x G_ehp`, m and m^-3 s^-1, x from the left electrode), which
 * SimSS stretches so that its last x is the device's back face, as the import does.
 */
function profileFile(w: Writer, p: { xNm: number[]; gCm3PerS: number[] }): string {
  const name = 'generation_profile.txt';
  const rows = p.xNm.map(
    (x, i) => `${formatNumber(x * 1e-9)} ${formatNumber(sim('electrical.generation.gCm3PerS', p.gCm3PerS[i]!))}`,
  );
  w.files.push({ name, text: `x G_ehp\n${rows.join('\n')}\n` });
  return name;
}

/** The interface lines of layer j (its interface to the right), with what they cannot hold listed. */
function interfaceLines(
  w: Writer,
  layers: { layer: Layer; index: number }[],
  j: number,
  found: { itf: Interface; k: number } | undefined,
  gaps: { ec: number; ev: number; ei: number }[],
  T: number,
): Line[] {
  const last = j === layers.length - 1;
  const vel = (x: number) => sim('electrical.interfaces[].thermionic.vNCmPerS', x);
  const nu = 1e3;
  let set: TrapSet | undefined;
  let mid = gaps[j]!.ei;
  if (!last) {
    const a = layers[j]!.layer;
    const b = layers[j + 1]!.layer;
    const tr = (l: Layer) => ({
      muNCm2PerVs: l.electrical!.muNCm2PerVs!,
      muPCm2PerVs: l.electrical!.muPCm2PerVs!,
      thicknessNm: l.thicknessNm,
    });
    const d = diffusionVelocityCmPerS(tr(a), tr(b), T);
    const gap = { ec: Math.max(gaps[j]!.ec, gaps[j + 1]!.ec), ev: Math.min(gaps[j]!.ev, gaps[j + 1]!.ev), ei: 0 };
    gap.ei = (gap.ec + gap.ev) / 2;
    mid = gap.ei;
    const itf = found?.itf;
    const I = `electrical.interfaces[${found?.k ?? 0}]`;
    let vN = continuousTransferCmPerS(d);
    let vP = vN;
    if (itf?.thermionic) {
      const th = itf.thermionic;
      const dflt = param('electrical.interfaces[].thermionic.vNCmPerS').defaultValue!;
      vN = th.vNCmPerS ?? dflt;
      vP = th.vPCmPerS ?? dflt;
      if (isContinuousTransfer(vN, vP, d))
        w.say(
          'approximated',
          `${I}.thermionic`,
          'simsalabim.export-thermionic-fast',
          { diffusion: Number((d / 100).toPrecision(3)) },
          `SIMsalabim's transfer at these velocities (over 100 times the layers' D/L, ${(d / 100).toPrecision(3)} m/s) keeps the quasi-Fermi levels continuous: it is PVForge's interface without thermionic emission`,
        );
    }
    const nuN = vel(vN);
    const nuP = vel(vP);
    if (itf) {
      for (const k of Object.keys(itf))
        if (!['between', 'thermionic', 'defects', 'sNCmPerS', 'sPCmPerS'].includes(k))
          w.say(
            'refused',
            `${I}.${k}`,
            k === 'tunnelOxide' ? 'simsalabim.export-tunnel' : 'simsalabim.export-field',
            { field: k },
            k === 'tunnelOxide'
              ? 'SIMsalabim has no tunnel oxide; not written'
              : `SIMsalabim has no such parameter (${k}); not written`,
          );
      const candidates: { set: TrapSet; path: string }[] = [];
      (itf.defects ?? []).forEach((dd, k) => {
        const { cn, cp } = capture(dd);
        const centre = levelDepth(dd, gap);
        const single = (dd.distribution ?? 'single') === 'single';
        if (!single)
          w.say(
            'approximated',
            `${I}.defects[${k}]`,
            'simsalabim.export-distribution',
            { distribution: dd.distribution! },
            `the ${dd.distribution} distribution is written as single levels in a trap file`,
          );
        candidates.push({
          path: `${I}.defects[${k}]`,
          set: {
            type: dd.type,
            cn,
            cp,
            levels: single ? [{ depthEV: centre, density: dd.densityCm2 }] : discretise(dd, centre, dd.densityCm2, gap),
          },
        });
      });
      if (itf.sNCmPerS !== undefined || itf.sPCmPerS !== undefined) {
        if (itf.sNCmPerS !== undefined && itf.sPCmPerS !== undefined && itf.sNCmPerS > 0 && itf.sPCmPerS > 0) {
          candidates.push({ path: `${I}.sNCmPerS`, set: lifetimeTrap(itf.sNCmPerS, itf.sPCmPerS, gap.ei) });
          if (!itf.defects?.length)
            for (const k of ['sNCmPerS', 'sPCmPerS'])
              w.say(
                'approximated',
                `${I}.${k}`,
                'simsalabim.export-velocity',
                {},
                'SIMsalabim has no interface recombination velocity: written as a neutral trap sheet at mid-gap with C = S/N_t, the same recombination',
              );
          else
            w.say(
              'refused',
              `${I}.sPCmPerS`,
              'simsalabim.export-trap-set',
              { where: 'interface' },
              'SIMsalabim holds one set of traps (one type, one pair of capture coefficients) per interface; not written',
            );
        } else
          w.say(
            'refused',
            `${I}.sNCmPerS`,
            'simsalabim.export-one-lifetime',
            {},
            'a recombination velocity without the other (or zero) has no SIMsalabim trap; not written',
          );
      }
      set = chooseSet(w, candidates, 'interface');
    }
    return [
      kv('nu_int_n', nuN, 'm/s, interface transfer velocity, to layer to the right'),
      kv('nu_int_p', nuP, 'm/s, interface transfer velocity, to layer to the right'),
      ...trapLines(
        w,
        set,
        'int',
        `L${j + 1}_interface_traps.txt`,
        mid,
        'electrical.interfaces[].defects[].densityCm2',
        'electrical.interfaces[].defects[].cNCm3PerS',
      ),
    ];
  }
  return [
    kv('nu_int_n', nu, 'm/s, interface transfer velocity, to layer to the right'),
    kv('nu_int_p', nu, 'm/s, interface transfer velocity, to layer to the right'),
    ...trapLines(
      w,
      undefined,
      'int',
      '',
      mid,
      'electrical.interfaces[].defects[].densityCm2',
      'electrical.interfaces[].defects[].cNCm3PerS',
    ),
  ];
}
