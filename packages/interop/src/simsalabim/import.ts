import { checkDeviceSpec, type DeviceSpec } from '@pvforge/contracts';
import { param } from '@pvforge/params';
import type { ImportOutcome, ImportReport, InteropMessage, ReportItem, SourceFile, SourceRef } from '../report.js';
import {
  baseName,
  binaryProblem,
  type ParsedFile,
  type ParsedValue,
  parseNumber,
  parseParameterFile,
  parseTable,
} from './parse.js';
import { diffusionVelocityCmPerS, FAST_TRANSFER, isContinuousTransfer, Q_OVER_KB } from './transfer.js';
import { isV4, translateV4 } from './v4.js';

/**
 * simulation_setup.txt (SIMsalabim 5.x) with its layer files L*_parameters.txt and the files they
 * name (trap files, a generation profile, n,k tables and the spectrum of genProfile = calc) to a
 * DeviceSpec. Units and names come from the parameter registry's `simsalabim` entries; every value
 * read lands in the report as mapped, approximated, refused or unused, with its file and line. A
 * problem with a file (missing, binary, a line that is not `key = value`, a value that is not a
 * number or breaks a registry limit) fails the import naming the file and line; no partial device.
 * The model mapping is explained in docs/physics/simsalabim-import.md.
 */

/** Thrown inside the importer only; importSimsalabim turns it into { ok: false }. */
class Refusal extends Error {
  constructor(readonly msg: InteropMessage & { source?: SourceRef }) {
    super(msg.text);
  }
}

const fail = (code: string, params: Record<string, string | number>, text: string, source?: SourceRef): never => {
  throw new Refusal({ code, params, text, ...(source ? { source } : {}) });
};

/** A layer's transport as the interface rule reads it (transfer.ts). */
const transport = (l: LayerRead) => ({
  muNCm2PerVs: l.el['muNCm2PerVs'] as number,
  muPCm2PerVs: l.el['muPCm2PerVs'] as number,
  thicknessNm: l.spec.thicknessNm,
});

/** Files the user gave, found by the name SIMsalabim writes (its directory dropped). */
class FileSet {
  private readonly byName = new Map<string, SourceFile>();
  readonly read: string[] = [];
  constructor(files: SourceFile[]) {
    for (const f of files) this.byName.set(baseName(f.name).toLowerCase(), f);
  }
  find(name: string): SourceFile | undefined {
    return this.byName.get(baseName(name).toLowerCase());
  }
  /** The file a value names, or a refusal naming the file and the line that asks for it. */
  need(v: ParsedValue, what: string): SourceFile {
    const f = this.find(v.raw);
    if (!f)
      fail(
        'simsalabim.missing-file',
        { file: v.raw, from: v.source.file, line: v.source.line, key: v.key, what },
        `${v.source.file} line ${v.source.line}: ${v.key} names ${v.raw} (${what}), which was not given`,
        v.source,
      );
    if (!this.read.includes(f!.name)) this.read.push(f!.name);
    return f!;
  }
}

const isNone = (raw: string) => raw.trim().toLowerCase() === 'none';

/** The importer's state: the report it builds and the DeviceSpec path of every value's source. */
class Reader {
  readonly items: ReportItem[] = [];
  readonly sources = new Map<string, SourceRef>();

  value(f: ParsedFile, key: string): ParsedValue {
    const v = f.byKey.get(key);
    if (!v)
      fail('simsalabim.missing-key', { file: f.name, key }, `${f.name}: ${key} is missing (SIMsalabim needs it)`, {
        file: f.name,
        line: 1,
      });
    return v!;
  }

  optional(f: ParsedFile, key: string): ParsedValue | undefined {
    return f.byKey.get(key);
  }

  num(v: ParsedValue): number {
    const x = parseNumber(v.raw);
    if (x === undefined)
      fail(
        'simsalabim.not-number',
        { file: v.source.file, line: v.source.line, key: v.key, got: v.raw },
        `${v.source.file} line ${v.source.line}: ${v.key} must be a number (got "${v.raw}")`,
        v.source,
      );
    return x!;
  }

  numberOf(f: ParsedFile, key: string): number {
    return this.num(this.value(f, key));
  }

  /** A value to a registered DeviceSpec field by its entry's factor; judged against its hard limits. */
  map(v: ParsedValue, path: string, registryPath: string, x?: number): number {
    const entry = param(registryPath);
    const raw = x ?? this.num(v);
    const factor = entry.simsalabim?.factor ?? 1;
    // 12 digits: the factor's binary rounding (1e-17 * 1e6) is not the user's number
    const value = Number((raw * factor).toPrecision(12));
    this.items.push({ status: 'mapped', name: v.key, raw: v.raw, source: v.source, path, value });
    this.sources.set(path, v.source);
    return value;
  }

  note(
    status: ReportItem['status'],
    v: ParsedValue,
    code: string,
    params: Record<string, string | number>,
    text: string,
    extra: Partial<ReportItem> = {},
  ): void {
    if (extra.path) this.sources.set(extra.path, v.source);
    this.items.push({
      status,
      name: v.key,
      raw: v.raw,
      source: v.source,
      ...extra,
      message: { code, params: { key: v.key, ...params }, text },
    });
  }

  unused(v: ParsedValue, reason: 'solver' | 'output' | 'file' | 'off' | 'no-interface', text: string): void {
    this.note('unused', v, `simsalabim.unused-${reason}`, {}, `${v.key}: ${text}`);
  }
}

/** A flag as SIMsalabim reads it: 1 is on, anything else off. */
const on = (r: Reader, v: ParsedValue) => r.num(v) === 1;

interface LayerRead {
  file: ParsedFile;
  spec: DeviceSpec['layers'][number];
  el: Record<string, unknown>;
  gen: boolean;
  gEhp: number;
  gEhpValue: ParsedValue;
  nkLayer: ParsedValue;
  chiEV: number;
  ecDepthEV: number;
}

function readNk(files: FileSet, v: ParsedValue, what: string, r: Reader) {
  const f = files.need(v, what);
  const t = parseTable(f, 3);
  if (!t.ok) throw new Refusal(t.problem);
  const wl: number[] = [];
  const n: number[] = [];
  const k: number[] = [];
  t.rows.forEach((row, i) => {
    const [lambdaM, nn, kk] = row as [number, number, number];
    if (!(lambdaM > 0 && nn > 0 && kk >= 0) || (wl.length > 0 && !(lambdaM * 1e9 > wl[wl.length - 1]!)))
      fail(
        'simsalabim.bad-nk',
        { file: f.name, line: t.lines[i]! },
        `${f.name} line ${t.lines[i]}: an n,k row needs a wavelength (m) above the previous one, n > 0 and k >= 0`,
        { file: f.name, line: t.lines[i]! },
      );
    wl.push(Number((lambdaM * 1e9).toPrecision(12)));
    n.push(nn);
    k.push(kk);
  });
  r.note(
    'mapped',
    v,
    'simsalabim.nk-table',
    { file: f.name, rows: wl.length },
    `${v.key}: ${f.name}, ${wl.length} wavelengths`,
  );
  return { kind: 'tabulated' as const, wavelengthNm: wl, n, k };
}

function readLayer(r: Reader, files: FileSet, i: number, f: ParsedFile): LayerRead {
  const L = `layers[${i}]`;
  const E = `${L}.electrical`;
  const el: Record<string, unknown> = {};
  const thicknessNm = r.map(r.value(f, 'L'), `${L}.thicknessNm`, 'layers[].thicknessNm');
  el['epsR'] = r.map(r.value(f, 'eps_r'), `${E}.epsR`, 'layers[].electrical.epsR');
  const ec = r.value(f, 'E_c');
  const ev = r.value(f, 'E_v');
  const ecDepth = r.num(ec);
  const evDepth = r.num(ev);
  el['chiEV'] = r.map(ec, `${E}.chiEV`, 'layers[].electrical.chiEV');
  if (!(evDepth > ecDepth))
    fail(
      'simsalabim.band-order',
      { file: f.name, line: ev.source.line, ec: ecDepth, ev: evDepth },
      `${f.name} line ${ev.source.line}: E_v (${evDepth} eV) must lie deeper than E_c (${ecDepth} eV)`,
      ev.source,
    );
  el['egEV'] = r.map(ev, `${E}.egEV`, 'layers[].electrical.egEV', Number((evDepth - ecDepth).toPrecision(12)));
  const nc = r.value(f, 'N_c');
  el['ncCm3'] = r.map(nc, `${E}.ncCm3`, 'layers[].electrical.ncCm3');
  el['nvCm3'] = r.map(nc, `${E}.nvCm3`, 'layers[].electrical.nvCm3');
  el['ndCm3'] = r.map(r.value(f, 'N_D'), `${E}.ndCm3`, 'layers[].electrical.ndCm3');
  el['naCm3'] = r.map(r.value(f, 'N_A'), `${E}.naCm3`, 'layers[].electrical.naCm3');
  el['muNCm2PerVs'] = r.map(r.value(f, 'mu_n'), `${E}.muNCm2PerVs`, 'layers[].electrical.muNCm2PerVs');
  el['muPCm2PerVs'] = r.map(r.value(f, 'mu_p'), `${E}.muPCm2PerVs`, 'layers[].electrical.muPCm2PerVs');
  for (const [dep, gamma] of [
    ['mobnDep', 'gamma_n'],
    ['mobpDep', 'gamma_p'],
  ] as const) {
    const d = r.value(f, dep);
    const g = r.value(f, gamma);
    if (on(r, d) && r.num(g) !== 0) {
      r.note(
        'approximated',
        d,
        'simsalabim.field-mobility',
        {},
        `${dep} = 1: the Poole-Frenkel field dependence is not modelled; the zero-field mobility is used`,
      );
      r.note('approximated', g, 'simsalabim.field-mobility', {}, `${gamma}: not modelled (constant mobility)`);
    } else {
      r.unused(d, 'off', 'constant mobility, as in PVForge');
      r.unused(g, 'off', 'no field dependence (mobDep = 0 or gamma = 0)');
    }
  }

  // bimolecular recombination: k_direct, or Langevin's with preLangevin
  const useLangevin = r.value(f, 'useLangevin');
  const pre = r.value(f, 'preLangevin');
  const kd = r.value(f, 'k_direct');
  if (on(r, useLangevin)) {
    el['langevinPrefactor'] = r.map(pre, `${E}.langevinPrefactor`, 'layers[].electrical.langevinPrefactor');
    r.unused(kd, 'off', 'useLangevin = 1: SIMsalabim ignores k_direct');
    r.unused(useLangevin, 'off', 'Langevin recombination (langevinPrefactor set)');
  } else {
    el['kRadCm3PerS'] = r.map(kd, `${E}.kRadCm3PerS`, 'layers[].electrical.kRadCm3PerS');
    r.unused(pre, 'off', 'useLangevin <> 1: SIMsalabim uses k_direct');
    r.unused(useLangevin, 'off', 'k_direct is used');
  }

  // field-dependent (Onsager-Braun) generation
  const fieldDepG = r.value(f, 'fieldDepG');
  const P0 = r.value(f, 'P0');
  const a = r.value(f, 'a');
  const dist = r.value(f, 'thermLengDist');
  const kf = r.value(f, 'k_f');
  if (on(r, fieldDepG)) {
    const D = r.num(dist);
    const distribution = D === 1 ? 'delta' : 'gaussian';
    const ct: Record<string, unknown> = { model: 'onsager-braun' };
    ct['separationNm'] = r.map(
      a,
      `${E}.ctDissociation.separationNm`,
      'layers[].electrical.ctDissociation.separationNm',
    );
    ct['decayRatePerS'] = r.map(
      kf,
      `${E}.ctDissociation.decayRatePerS`,
      'layers[].electrical.ctDissociation.decayRatePerS',
    );
    ct['directYield'] = r.map(P0, `${E}.ctDissociation.directYield`, 'layers[].electrical.ctDissociation.directYield');
    ct['distribution'] = distribution;
    if (D === 1 || D === 2)
      r.note('mapped', dist, 'simsalabim.distribution', { distribution }, `thermLengDist = ${D}: ${distribution}`, {
        path: `${E}.ctDissociation.distribution`,
        value: distribution,
      });
    else
      r.note(
        'approximated',
        dist,
        'simsalabim.distribution-gaussian',
        { got: D },
        `thermLengDist = ${D} (exponential or r^n distributions) is not modelled; a Gaussian distribution of the same a is used`,
        { path: `${E}.ctDissociation.distribution`, value: 'gaussian' },
      );
    r.note('mapped', fieldDepG, 'simsalabim.onsager-braun', {}, 'fieldDepG = 1: Onsager-Braun dissociation', {
      path: `${E}.ctDissociation`,
    });
    el['ctDissociation'] = ct;
  } else {
    for (const v of [fieldDepG, P0, a, dist, kf]) r.unused(v, 'off', 'fieldDepG = 0: generation is of free carriers');
  }

  // bulk traps
  const ntb = r.value(f, 'N_t_bulk');
  const bulkKeys = ['C_n_bulk', 'C_p_bulk', 'E_t_bulk', 'bulkTrapFile', 'bulkTrapType'].map((k) => r.value(f, k));
  const [cnb, cpb, etb, tfb, ttb] = bulkKeys as [ParsedValue, ParsedValue, ParsedValue, ParsedValue, ParsedValue];
  if (r.num(ntb) > 0) {
    const D = `${E}.defects`;
    const type = trapType(r, ttb);
    const levels = trapLevels(r, files, ntb, etb, tfb, 1e-6, 'm^-3');
    el['defects'] = levels.map((lv, j) => {
      const p = `${D}[${j}]`;
      r.sources.set(`${p}.densityCm3`, lv.source);
      r.sources.set(`${p}.energyEV`, lv.source);
      return {
        type,
        energyReference: 'conduction',
        energyEV: Number((lv.depthEV - ecDepth).toPrecision(12)),
        densityCm3: lv.density,
        cNCm3PerS: r.map(cnb, `${p}.cNCm3PerS`, 'layers[].electrical.defects[].cNCm3PerS'),
        cPCm3PerS: r.map(cpb, `${p}.cPCm3PerS`, 'layers[].electrical.defects[].cPCm3PerS'),
      };
    });
    r.note('mapped', ttb, 'simsalabim.trap-type', { type }, `bulkTrapType: ${type}`, {
      path: `${D}[].type`,
      value: type,
    });
  } else {
    r.unused(ntb, 'off', 'no bulk traps (N_t_bulk = 0)');
    for (const v of bulkKeys) r.unused(v, 'off', 'no bulk traps (N_t_bulk = 0)');
  }

  const gv = r.value(f, 'G_ehp');
  const lg = r.value(f, 'layerGen');
  const tag = (k: string) => f.tags.get(k);
  const role = tag('role');
  const spec = {
    name: tag('name') ?? `L${i + 1}`,
    thicknessNm,
    role: (role ?? 'other') as DeviceSpec['layers'][number]['role'],
    optical: { kind: 'constant', n: 1, k: 0 },
    electrical: el,
  } as unknown as DeviceSpec['layers'][number];
  return {
    file: f,
    spec,
    el,
    gen: on(r, lg),
    gEhp: r.num(gv),
    gEhpValue: gv,
    nkLayer: r.value(f, 'nkLayer'),
    chiEV: ecDepth,
    ecDepthEV: ecDepth,
  };
}

function trapType(r: Reader, v: ParsedValue): 'acceptor' | 'neutral' | 'donor' {
  const t = r.num(v);
  if (t === -1) return 'acceptor';
  if (t === 0) return 'neutral';
  if (t === 1) return 'donor';
  return fail(
    'simsalabim.trap-type-value',
    { file: v.source.file, line: v.source.line, key: v.key, got: v.raw },
    `${v.source.file} line ${v.source.line}: ${v.key} must be -1 (acceptor), 0 (neutral) or 1 (donor) (got ${v.raw})`,
    v.source,
  );
}

/** Most levels a trap file may have: PVForge's limit of defects per place (MAX_DEFECTS_PER_PLACE). */
const MAX_TRAP_LEVELS = 20;

/**
 * The trap levels of a layer or interface: one at E_t, or a trap file's levels (`E Ntrap`, the
 * density of each level relative to the others; SIMsalabim scales them to N_t).
 */
function trapLevels(
  r: Reader,
  files: FileSet,
  nt: ParsedValue,
  et: ParsedValue,
  trapFile: ParsedValue,
  factor: number,
  unit: string,
): { depthEV: number; density: number; source: SourceRef }[] {
  const total = r.num(nt);
  if (isNone(trapFile.raw)) {
    r.note('mapped', nt, 'simsalabim.trap-density', { unit }, `${nt.key}: ${total} ${unit}`);
    r.note('mapped', et, 'simsalabim.trap-level', {}, `${et.key}: the level, below vacuum`);
    r.unused(trapFile, 'off', 'none: a single level at E_t');
    return [{ depthEV: r.num(et), density: Number((total * factor).toPrecision(12)), source: nt.source }];
  }
  const f = files.need(trapFile, 'trap levels');
  const t = parseTable(f, 2);
  if (!t.ok) throw new Refusal(t.problem);
  if (t.rows.length > MAX_TRAP_LEVELS)
    fail(
      'simsalabim.too-many-levels',
      { file: f.name, levels: t.rows.length, max: MAX_TRAP_LEVELS },
      `${f.name}: ${t.rows.length} trap levels; PVForge takes at most ${MAX_TRAP_LEVELS} per layer or interface`,
      { file: f.name, line: t.lines[MAX_TRAP_LEVELS]! },
    );
  const sum = t.rows.reduce((s, row) => s + row[1]!, 0);
  if (!(sum > 0) || t.rows.some((row) => row[1]! < 0))
    fail('simsalabim.bad-trap-file', { file: f.name }, `${f.name}: the trap densities must be >= 0 and not all 0`, {
      file: f.name,
      line: t.lines[0]!,
    });
  r.unused(et, 'file', `${trapFile.raw} overrides E_t`);
  r.note(
    'mapped',
    nt,
    'simsalabim.trap-density',
    { unit },
    `${nt.key}: ${total} ${unit}, shared by the levels of ${f.name}`,
  );
  r.note(
    'mapped',
    trapFile,
    'simsalabim.trap-file',
    { file: f.name, levels: t.rows.length },
    `${f.name}: ${t.rows.length} levels`,
  );
  return t.rows.map((row, j) => ({
    depthEV: row[0]!,
    density: Number(((total * row[1]!) / sum) * factor).valueOf(),
    source: { file: f.name, line: t.lines[j]! },
  }));
}

/** Ions of a layer: see docs/physics/simsalabim-import.md#ions for why the doping changes. */
function readIons(r: Reader, ly: LayerRead, i: number, neighbours: (LayerRead | undefined)[], T: number): void {
  const f = ly.file;
  const E = `layers[${i}].electrical`;
  const species: { sign: 1 | -1; n: ParsedValue; mu: ParsedValue }[] = [
    { sign: 1, n: r.value(f, 'N_cation'), mu: r.value(f, 'mu_cation') },
    { sign: -1, n: r.value(f, 'N_anion'), mu: r.value(f, 'mu_anion') },
  ];
  const enter = r.value(f, 'ionsMayEnter');
  const ions: Record<string, unknown>[] = [];
  for (const s of species) {
    const N = r.num(s.n);
    const mu = r.num(s.mu);
    if (N < 0 || mu < 0)
      fail(
        'simsalabim.negative',
        { file: f.name, line: (N < 0 ? s.n : s.mu).source.line, key: (N < 0 ? s.n : s.mu).key },
        `${f.name} line ${(N < 0 ? s.n : s.mu).source.line}: ${(N < 0 ? s.n : s.mu).key} cannot be negative`,
        (N < 0 ? s.n : s.mu).source,
      );
    if (N === 0) {
      r.unused(s.n, 'off', 'no ions of this sign');
      r.unused(s.mu, 'off', 'no ions of this sign');
      continue;
    }
    const densityCm3 = N * param('layers[].electrical.ions[].densityCm3').simsalabim!.factor;
    // SIMsalabim's ions have no background of their own; PVForge gives each mobile species an
    // immobile one of the other sign, so the species' own charge goes into the fixed charge to
    // cancel it (an immobile species is fixed charge of its sign)
    addFixedCharge(ly.el, s.sign * densityCm3);
    if (mu === 0) {
      r.note(
        'mapped',
        s.n,
        'simsalabim.immobile-ions',
        { sign: s.sign },
        `${s.n.key}: immobile ions are fixed charge, taken off the ${s.sign > 0 ? 'acceptor' : 'donor'} doping first, the rest added to the ${s.sign > 0 ? 'donor' : 'acceptor'} doping`,
        { path: `${E}.${s.sign > 0 ? 'ndCm3' : 'naCm3'}` },
      );
      r.unused(s.mu, 'off', 'zero: the ions do not move');
      continue;
    }
    const j = ions.length;
    const P = `${E}.ions[${j}]`;
    r.map(s.n, `${P}.densityCm3`, 'layers[].electrical.ions[].densityCm3');
    // D = mu kT/q at the device's temperature (the registry's factor is the one at 300 K)
    let D = (mu * 1e4 * T) / Q_OVER_KB;
    const dEntry = param('layers[].electrical.ions[].diffusionCm2PerS');
    const dMin = dEntry.hard.min ?? 0;
    if (!(D > dMin) || (dEntry.plausible?.min !== undefined && D < dEntry.plausible.min * 1e-6)) {
      // a vanishing mobility only changes how fast the ions settle: SimSS's steady state (and
      // PVForge's) does not depend on it, so the slowest plausible value stands in for it
      const Dnew = dEntry.plausible?.min ?? 1e-16;
      r.note(
        'approximated',
        s.mu,
        'simsalabim.ion-mobility-tiny',
        { D, used: Dnew },
        `${s.mu.key}: D = ${D.toExponential(2)} cm^2/s is below what PVForge runs; ${Dnew} cm^2/s is used (the steady state does not depend on it, transients would)`,
        { path: `${P}.diffusionCm2PerS`, value: Dnew },
      );
      D = Dnew;
    } else {
      r.note('mapped', s.mu, 'simsalabim.ion-mobility', { T }, `${s.mu.key}: D = mu kT/q at ${T} K`, {
        path: `${P}.diffusionCm2PerS`,
        value: D,
      });
    }
    ions.push({ densityCm3, diffusionCm2PerS: Number(D.toPrecision(12)), sign: s.sign, referenceTemperatureK: T });
  }
  if (ions.length > 0) {
    ly.el['ions'] = ions;
    const leak = neighbours.filter((n) => n && on(r, r.value(n.file, 'ionsMayEnter')));
    if (leak.length > 0)
      r.note(
        'approximated',
        enter,
        'simsalabim.ions-confined',
        { layers: leak.map((n) => n!.spec.name).join(', ') },
        `the mobile ions may enter ${leak.map((n) => n!.spec.name).join(', ')} in SIMsalabim; PVForge confines them to their own layer`,
      );
    else r.unused(enter, 'off', 'the ions stay in their layer (no neighbour lets them in), as in PVForge');
  } else r.unused(enter, 'off', 'no mobile ions in this layer');
}

/**
 * Adds fixed charge (cm^-3, signed) to a layer's doping: it first cancels doping of the other sign,
 * and only the rest becomes doping of its own sign. The export writes each ion background as doping
 * of the background's sign, which this takes off again: the doping comes back as it was.
 */
function addFixedCharge(el: Record<string, unknown>, q: number): void {
  const [own, other] = q > 0 ? (['ndCm3', 'naCm3'] as const) : (['naCm3', 'ndCm3'] as const);
  const x = Math.abs(q);
  const take = Math.min(el[other] as number, x);
  el[other] = Number(((el[other] as number) - take).toPrecision(12));
  el[own] = Number(((el[own] as number) + x - take).toPrecision(12));
}

function contact(r: Reader, setup: ParsedFile, side: 'L' | 'R', at: string) {
  const w = r.value(setup, `W_${side}`);
  const c: Record<string, unknown> = {};
  if (w.raw.toLowerCase() === 'sfb') {
    c['kind'] = 'ohmic';
    r.note('mapped', w, 'simsalabim.sfb', {}, `W_${side} = sfb: a flat-band (ohmic) contact`, {
      path: `${at}.kind`,
      value: 'ohmic',
    });
  } else {
    c['kind'] = 'schottky';
    c['workFunctionEV'] = r.map(w, `${at}.workFunctionEV`, 'electrical.contacts.*.workFunctionEV');
  }
  for (const [k, field] of [
    [`S_n_${side}`, 'sNCmPerS'],
    [`S_p_${side}`, 'sPCmPerS'],
  ] as const) {
    const v = r.value(setup, k);
    const x = r.num(v);
    if (x < 0) {
      c[field] = null;
      r.note('mapped', v, 'simsalabim.infinite', {}, `${k} < 0: infinite`, { path: `${at}.${field}`, value: null });
    } else c[field] = r.map(v, `${at}.${field}`, `electrical.contacts.*.${field}`);
  }
  return c;
}

const SOLVER_KEYS = [
  'tolPois',
  'maxDelV',
  'maxItPois',
  'maxItSS',
  'currDiffInt',
  'tolCurr',
  'tolDens',
  'couplePC',
  'minAcc',
  'maxAcc',
  'ignoreNegDens',
  'convVar',
  'failureMode',
  'grad',
  'timeout',
];
const OUTPUT_KEYS = [
  'pauseAtEnd',
  'autoTidy',
  'useExpData',
  'expJV',
  'fitMode',
  'fitThreshold',
  'JVFile',
  'varFile',
  'limitDigits',
  'outputRatio',
  'scParsFile',
  'logFile',
];

/** The layer files of a 5.x setup: l1, l2, ... in order, each noted in the report. */
function readLayerFiles(setup: ParsedFile, files: FileSet, r: Reader): ParsedFile[] {
  const layerValues: ParsedValue[] = [];
  for (let i = 1; setup.byKey.has(`l${i}`); i++) layerValues.push(setup.byKey.get(`l${i}`)!);
  if (layerValues.length === 0)
    fail('simsalabim.no-layers', { file: setup.name }, `${setup.name}: no layer files (l1 = L1_parameters.txt ...)`, {
      file: setup.name,
      line: 1,
    });
  return layerValues.map((v) => {
    const f = files.need(v, 'layer parameters');
    const p = parseParameterFile(f);
    if (!p.ok) throw new Refusal(p.problem);
    r.note('mapped', v, 'simsalabim.layer-file', { file: f.name }, `${v.key}: ${f.name}`);
    return p.file;
  });
}

/**
 * The one mapping of a SIMsalabim device (5.x files, or a 4.x file translated into them by v4.ts):
 * `parsedLayers` are the layer files, `originals` the files whose every line must be in the report.
 */
function importDevice(
  setup: ParsedFile,
  parsedLayers: ParsedFile[],
  originals: ParsedFile[],
  files: FileSet,
  r: Reader,
): DeviceSpec {
  const T = r.map(r.value(setup, 'T'), 'electrical.temperatureK', 'electrical.temperatureK');
  const layers = parsedLayers.map((f, i) => readLayer(r, files, i, f));
  layers.forEach((ly, i) => {
    readIons(r, ly, i, [layers[i - 1], layers[i + 1]], T);
  });

  // roles: the generating layers absorb, the others carry one carrier to its contact
  const leftElec = r.value(setup, 'leftElec');
  const le = r.num(leftElec);
  if (le !== 1 && le !== -1)
    fail(
      'simsalabim.left-elec',
      { file: setup.name, line: leftElec.source.line, got: leftElec.raw },
      `${setup.name} line ${leftElec.source.line}: leftElec must be -1 (cathode) or 1 (anode) (got ${leftElec.raw})`,
      leftElec.source,
    );
  const anode = le === 1 ? 'front' : 'back';
  r.note(
    'mapped',
    leftElec,
    'simsalabim.left-elec-mapped',
    { anode },
    `leftElec = ${le}: the anode is the ${anode} contact`,
    {
      path: 'electrical.contacts.anode',
      value: anode,
    },
  );
  const firstGen = layers.findIndex((l) => l.gen);
  const lastGen = layers.length - 1 - [...layers].reverse().findIndex((l) => l.gen);
  layers.forEach((ly, i) => {
    if (ly.file.tags.has('role')) return;
    const beforeAbsorber = firstGen >= 0 && i < firstGen;
    const afterAbsorber = firstGen >= 0 && i > lastGen;
    const leftIsAnode = anode === 'front';
    ly.spec.role = ly.gen
      ? 'absorber'
      : beforeAbsorber
        ? leftIsAnode
          ? 'htl'
          : 'etl'
        : afterAbsorber
          ? leftIsAnode
            ? 'etl'
            : 'htl'
          : 'other';
  });

  // interfaces: the values in layer i are those of the interface to its right
  const interfaces: Record<string, unknown>[] = [];
  layers.forEach((ly, i) => {
    const f = ly.file;
    const keys = ['nu_int_n', 'nu_int_p', 'N_t_int', 'E_t_int', 'intTrapFile', 'intTrapType', 'C_n_int', 'C_p_int'];
    const v = Object.fromEntries(keys.map((k) => [k, r.value(f, k)])) as Record<string, ParsedValue>;
    if (i === layers.length - 1) {
      for (const k of keys) r.unused(v[k]!, 'no-interface', 'the last layer has no interface to its right');
      return;
    }
    const next = layers[i + 1]!;
    const P = `electrical.interfaces[${interfaces.length}]`;
    const itf: Record<string, unknown> = { between: [ly.spec.name, next.spec.name] };
    // continuous or thermionic: the rule the export shares (transfer.ts)
    const vN = r.num(v['nu_int_n']!) * param('electrical.interfaces[].thermionic.vNCmPerS').simsalabim!.factor;
    const vP = r.num(v['nu_int_p']!) * param('electrical.interfaces[].thermionic.vPCmPerS').simsalabim!.factor;
    const dMax = diffusionVelocityCmPerS(transport(ly), transport(next), T);
    if (isContinuousTransfer(vN, vP, dMax)) {
      for (const k of ['nu_int_n', 'nu_int_p'])
        r.note(
          'approximated',
          v[k]!,
          'simsalabim.nu-int-fast',
          { velocity: r.num(v[k]!), diffusion: Number((dMax / 100).toPrecision(3)) },
          `${k} = ${v[k]!.raw} m/s is over ${FAST_TRANSFER} times the diffusion velocity D/L of the adjacent layers (at most ${(dMax / 100).toPrecision(3)} m/s): the quasi-Fermi levels are continuous across ${ly.spec.name}/${next.spec.name}, as in PVForge's interface without thermionic emission`,
          { path: `${P}.thermionic` },
        );
    } else {
      r.map(v['nu_int_n']!, `${P}.thermionic.vNCmPerS`, 'electrical.interfaces[].thermionic.vNCmPerS');
      r.map(v['nu_int_p']!, `${P}.thermionic.vPCmPerS`, 'electrical.interfaces[].thermionic.vPCmPerS');
      const last = r.items.length;
      for (const it of [r.items[last - 2]!, r.items[last - 1]!]) {
        it.status = 'approximated';
        it.message = {
          code: 'simsalabim.nu-int',
          params: { key: it.name },
          text: `${it.name}: SIMsalabim's transfer velocity (one grid interval with mobility nu h / Vt) becomes thermionic emission over the band offset at the same velocity`,
        };
      }
      itf['thermionic'] = { vNCmPerS: Number(vN.toPrecision(12)), vPCmPerS: Number(vP.toPrecision(12)) };
    }
    if (r.num(v['N_t_int']!) > 0) {
      const type = trapType(r, v['intTrapType']!);
      // the conduction reference of an interface is the lower of the two conduction band edges
      const ecDepth = Math.max(ly.ecDepthEV, next.ecDepthEV);
      const levels = trapLevels(r, files, v['N_t_int']!, v['E_t_int']!, v['intTrapFile']!, 1e-4, 'm^-2');
      itf['defects'] = levels.map((lv, j) => {
        const p = `${P}.defects[${j}]`;
        r.sources.set(`${p}.densityCm2`, lv.source);
        return {
          type,
          energyReference: 'conduction',
          energyEV: Number((lv.depthEV - ecDepth).toPrecision(12)),
          densityCm2: lv.density,
          cNCm3PerS: r.map(v['C_n_int']!, `${p}.cNCm3PerS`, 'electrical.interfaces[].defects[].cNCm3PerS'),
          cPCm3PerS: r.map(v['C_p_int']!, `${p}.cPCm3PerS`, 'electrical.interfaces[].defects[].cPCm3PerS'),
        };
      });
      r.note('mapped', v['intTrapType']!, 'simsalabim.trap-type', { type }, `intTrapType: ${type}`, {
        path: `${P}.defects[].type`,
        value: type,
      });
    } else
      for (const k of ['N_t_int', 'E_t_int', 'intTrapFile', 'intTrapType', 'C_n_int', 'C_p_int'])
        r.unused(v[k]!, 'off', 'no interface traps (N_t_int = 0)');
    interfaces.push(itf);
  });

  const el: Record<string, unknown> = {
    contacts: {
      front: contact(r, setup, 'L', 'electrical.contacts.front'),
      back: contact(r, setup, 'R', 'electrical.contacts.back'),
      anode,
    },
    temperatureK: T,
  };
  if (interfaces.length) el['interfaces'] = interfaces;
  el['rsOhmCm2'] = r.map(r.value(setup, 'R_series'), 'electrical.rsOhmCm2', 'electrical.rsOhmCm2');
  const rsh = r.value(setup, 'R_shunt');
  if (r.num(rsh) < 0) {
    el['rshOhmCm2'] = null;
    r.note('mapped', rsh, 'simsalabim.infinite', {}, 'R_shunt < 0: no shunt', {
      path: 'electrical.rshOhmCm2',
      value: null,
    });
  } else el['rshOhmCm2'] = r.map(rsh, 'electrical.rshOhmCm2', 'electrical.rshOhmCm2');
  el['gridPoints'] = r.map(r.value(setup, 'NP'), 'electrical.gridPoints', 'electrical.gridPoints');

  // voltages
  const vdist = r.value(setup, 'Vdist');
  const vmin = r.value(setup, 'Vmin');
  const vmax = r.value(setup, 'Vmax');
  const vstep = r.value(setup, 'Vstep');
  const sweep = {
    startV: r.map(vmin, 'electrical.voltageSweep.startV', 'electrical.voltageSweep.startV'),
    stopV: r.map(vmax, 'electrical.voltageSweep.stopV', 'electrical.voltageSweep.stopV'),
    stepV: r.map(vstep, 'electrical.voltageSweep.stepV', 'electrical.voltageSweep.stepV'),
  };
  el['voltageSweep'] = sweep;
  const vacc = r.value(setup, 'Vacc');
  const njv = r.value(setup, 'NJV');
  if (r.num(vdist) === 2) {
    r.note(
      'approximated',
      vdist,
      'simsalabim.vdist-log',
      {},
      'Vdist = 2 (logarithmic voltages): a uniform sweep with Vstep is used',
    );
    r.unused(vacc, 'solver', 'no logarithmic voltage distribution in PVForge');
    r.unused(njv, 'solver', 'no logarithmic voltage distribution in PVForge');
  } else {
    r.unused(vdist, 'off', 'uniform voltages, as in PVForge');
    r.unused(vacc, 'off', 'Vdist = 1');
    r.unused(njv, 'off', 'Vdist = 1');
  }
  const vscan = r.value(setup, 'Vscan');
  r.unused(vscan, 'solver', 'the steady-state J-V does not depend on the sweep direction');
  for (const k of ['preCond', 'Vpre', 'fixIons']) {
    const v = r.value(setup, k);
    if (k !== 'Vpre' && on(r, v))
      r.note(
        'approximated',
        v,
        `simsalabim.${k}`,
        {},
        `${k} = 1 is not modelled in a steady-state J-V: the ions are equilibrated at every voltage (a transient protocol with a hold expresses it)`,
      );
    else r.unused(v, 'off', 'the ions are in equilibrium at every voltage (steady state)');
  }
  const untilVoc = r.value(setup, 'untilVoc');
  r.unused(untilVoc, 'solver', 'the sweep runs to Vmax');

  // generation
  const gFrac = r.value(setup, 'G_frac');
  const genProfile = r.value(setup, 'genProfile');
  const mode = genProfile.raw.toLowerCase();
  const optKeys = ['L_TCO', 'L_BE', 'nkSubstrate', 'nkTCO', 'nkBE', 'spectrum', 'lambda_min', 'lambda_max'];
  const opt = Object.fromEntries(optKeys.map((k) => [k, r.value(setup, k)])) as Record<string, ParsedValue>;
  const spec: DeviceSpec = {
    schemaVersion: 1,
    name: setup.tags.get('name') ?? 'SIMsalabim device',
    description: `Imported from SIMsalabim ${setup.version ?? ''} files (${files.read.join(', ')})`.replace('  ', ' '),
    ambient: { kind: 'constant', n: 1, k: 0 },
    layers: layers.map((l) => l.spec),
    substrate: { kind: 'constant', n: 1, k: 0 },
    electrical: el as unknown as DeviceSpec['electrical'],
  };
  const totalNm = layers.reduce((s, l) => s + l.spec.thicknessNm, 0);
  if (mode === 'calc') {
    const layersOut: DeviceSpec['layers'] = [];
    const sub = readNk(files, opt['nkSubstrate']!, 'substrate n,k', r);
    // SIMsalabim takes the substrate as thick glass with one incoherent pass (its front reflection
    // and the multiple reflection term); any thickness of a transparent incoherent layer is that
    r.items[r.items.length - 1]!.status = 'approximated';
    r.items[r.items.length - 1]!.message = {
      code: 'simsalabim.substrate',
      params: { key: 'nkSubstrate' },
      text: 'nkSubstrate: the substrate becomes a 1 mm incoherent layer in air (SIMsalabim treats it as thick glass without a thickness)',
    };
    layersOut.push({ name: 'substrate', thicknessNm: 1e6, coherent: false, role: 'substrate', optical: sub });
    const lTco = r.num(opt['L_TCO']!);
    if (lTco > 0) {
      const tco = readNk(files, opt['nkTCO']!, 'TCO n,k', r);
      layersOut.push({
        name: 'TCO',
        thicknessNm: r.map(opt['L_TCO']!, 'layers[1].thicknessNm', 'layers[].thicknessNm'),
        role: 'tco',
        optical: tco,
      });
    } else {
      r.unused(opt['L_TCO']!, 'off', 'no TCO');
      r.unused(opt['nkTCO']!, 'off', 'no TCO (L_TCO = 0)');
    }
    const offset = layersOut.length;
    for (const ly of layers) {
      ly.spec.optical = readNk(files, ly.nkLayer, `n,k of ${ly.spec.name}`, r);
      layersOut.push(ly.spec);
    }
    const be = readNk(files, opt['nkBE']!, 'back electrode n,k', r);
    layersOut.push({
      name: 'back electrode',
      thicknessNm: r.map(opt['L_BE']!, `layers[${layersOut.length}].thicknessNm`, 'layers[].thicknessNm'),
      role: 'electrode',
      optical: be,
    });
    spec.layers = layersOut;
    // paths of the electrical layers moved by the optical layers in front of them
    if (offset > 0) shiftLayerPaths(r, offset);
    const spF = files.need(opt['spectrum']!, 'spectrum');
    const spT = parseTable(spF, 2);
    if (!spT.ok) throw new Refusal(spT.problem);
    const wl: number[] = [];
    const irr: number[] = [];
    spT.rows.forEach((row, j) => {
      const w = Number((row[0]! * 1e9).toPrecision(12));
      if (!(w > 0) || row[1]! < 0 || (wl.length && !(w > wl[wl.length - 1]!)))
        fail(
          'simsalabim.bad-spectrum',
          { file: spF.name, line: spT.lines[j]! },
          `${spF.name} line ${spT.lines[j]}: a spectrum row needs a wavelength (m) above the previous one and an irradiance >= 0 (W/m^2/m)`,
          { file: spF.name, line: spT.lines[j]! },
        );
      wl.push(w);
      irr.push(row[1]! * 1e-9);
    });
    r.note(
      'mapped',
      opt['spectrum']!,
      'simsalabim.spectrum',
      { file: spF.name },
      `spectrum: ${spF.name} (W/m^2/m to W/m^2/nm)`,
      {
        path: 'illumination.spectrum',
      },
    );
    const startNm = r.map(opt['lambda_min']!, 'illumination.wavelength.startNm', 'illumination.wavelength.startNm');
    const endNm = r.map(opt['lambda_max']!, 'illumination.wavelength.endNm', 'illumination.wavelength.endNm');
    spec.illumination = {
      spectrum: { kind: 'tabulated', name: baseName(spF.name), wavelengthNm: wl, irradianceWm2Nm: irr },
      suns: r.map(gFrac, 'illumination.suns', 'illumination.suns'),
      wavelength: { startNm, endNm, stepNm: 1 },
    };
    el['generation'] = { kind: 'optical' };
    r.note('mapped', genProfile, 'simsalabim.calc', {}, 'genProfile = calc: the transfer matrix of the whole stack', {
      path: 'electrical.generation.kind',
      value: 'optical',
    });
    for (const ly of layers) {
      r.unused(ly.gEhpValue, 'off', 'genProfile = calc: the optics give the generation');
      layerSwitch(r, spec, ly);
    }
  } else {
    for (const k of optKeys) r.unused(opt[k]!, 'off', `genProfile = ${genProfile.raw}: no optics`);
    for (const ly of layers) r.unused(ly.nkLayer, 'off', `genProfile = ${genProfile.raw}: no optics`);
    const frac = r.num(gFrac);
    const factor = param('electrical.generation.gCm3PerS').simsalabim!.factor;
    if (mode === 'none') el['generation'] = uniformGeneration(r, spec, layers, genProfile, factor * frac);
    else {
      el['generation'] = profileGeneration(r, files, genProfile, totalNm, factor * frac);
      r.note(
        'mapped',
        genProfile,
        'simsalabim.profile',
        { file: genProfile.raw },
        `genProfile = ${genProfile.raw}: the generation profile, x in m from the left electrode to nm, G in m^-3 s^-1 to cm^-3 s^-1`,
        { path: 'electrical.generation' },
      );
      for (const ly of layers) {
        r.unused(ly.gEhpValue, 'off', 'a profile file gives the generation');
        layerSwitch(r, spec, ly);
      }
    }
    r.note('mapped', gFrac, 'simsalabim.g-frac', {}, 'G_frac scales the generation', {
      path: 'electrical.generation.gCm3PerS',
    });
  }

  for (const k of SOLVER_KEYS) {
    const v = r.optional(setup, k);
    if (v) r.unused(v, 'solver', "a setting of SIMsalabim's solver; PVForge's Newton solver has its own");
  }
  for (const k of OUTPUT_KEYS) {
    const v = r.optional(setup, k);
    if (v) r.unused(v, 'output', 'an output or user-interface setting');
  }
  // keys we do not know (a newer version): listed, never dropped
  const known = new Set(r.items.filter((it) => it.source).map((it) => `${it.source!.file}:${it.source!.line}`));
  for (const f of originals)
    for (const v of f.values)
      if (!known.has(`${v.source.file}:${v.source.line}`))
        r.note(
          'refused',
          v,
          'simsalabim.unknown-key',
          {},
          `${v.key} is not a SIMsalabim ${setup.version ?? ''} parameter PVForge knows; not used`,
        );
  return spec;
}

/** A layer's electrical index in the device being built (calc mode puts optical layers in front). */
const layerPath = (spec: DeviceSpec, ly: LayerRead) => `layers[${spec.layers.indexOf(ly.spec)}].electrical`;

/**
 * layerGen = 0 with the optics or a profile file: SimSS sets G = 0 in the layer (the light it absorbs
 * is lost), which is PVForge's generatesCarriers: false; 1 is PVForge's default.
 */
function layerSwitch(r: Reader, spec: DeviceSpec, ly: LayerRead): void {
  const lg = r.value(ly.file, 'layerGen');
  if (ly.gen) {
    r.unused(lg, 'off', 'this layer generates carriers, the default');
    return;
  }
  ly.el['generatesCarriers'] = false;
  r.note(
    'mapped',
    lg,
    'simsalabim.layergen-off',
    { layer: ly.spec.name },
    `layerGen = 0: ${ly.spec.name} absorbs light but makes no free carriers (generatesCarriers: false)`,
    { path: `${layerPath(spec, ly)}.generatesCarriers`, value: false },
  );
}

/**
 * genProfile = none: SimSS generates G_ehp x G_frac in every layer, whatever layerGen says (layerGen
 * only decides whether SimSS reports solar-cell figures). A layer with G_ehp = 0 beside generating
 * ones is generatesCarriers: false; the others share one rate, exact when they give the same G_ehp,
 * else their thickness-weighted mean, which keeps the photocurrent (approximated).
 */
function uniformGeneration(r: Reader, spec: DeviceSpec, layers: LayerRead[], genProfile: ParsedValue, factor: number) {
  const lit = layers.filter((l) => l.gEhp > 0);
  const litNm = lit.reduce((s, l) => s + l.spec.thicknessNm, 0);
  const mean = lit.length ? lit.reduce((s, l) => s + l.gEhp * l.spec.thicknessNm, 0) / litNm : 0;
  const alike = lit.every((l) => l.gEhp === lit[0]!.gEhp);
  const gCm3 = Number(((alike ? (lit[0]?.gEhp ?? 0) : mean) * factor).toPrecision(12));
  for (const ly of layers) {
    r.unused(
      r.value(ly.file, 'layerGen'),
      'off',
      'genProfile = none: SimSS generates G_ehp in the layer whatever layerGen says',
    );
    if (lit.length > 0 && ly.gEhp === 0) {
      ly.el['generatesCarriers'] = false;
      r.note(
        'mapped',
        ly.gEhpValue,
        'simsalabim.g-ehp-zero',
        { layer: ly.spec.name },
        `G_ehp = 0: ${ly.spec.name} makes no carriers (generatesCarriers: false)`,
        { path: `${layerPath(spec, ly)}.generatesCarriers`, value: false },
      );
    } else if (alike)
      r.note('mapped', ly.gEhpValue, 'simsalabim.g-ehp', {}, 'G_ehp x G_frac in every generating layer', {
        path: 'electrical.generation.gCm3PerS',
        value: gCm3,
      });
    else
      r.note(
        'approximated',
        ly.gEhpValue,
        'simsalabim.g-mean',
        { layer: ly.spec.name, g: gCm3 },
        `${ly.spec.name}: G_ehp ${ly.gEhp} m^-3 s^-1; PVForge's uniform generation is one rate in every generating layer: ${gCm3.toExponential(4)} cm^-3 s^-1, the mean that keeps the total`,
        { path: 'electrical.generation.gCm3PerS', value: gCm3 },
      );
  }
  r.note('mapped', genProfile, 'simsalabim.none', {}, 'genProfile = none: uniform generation', {
    path: 'electrical.generation.kind',
    value: 'uniform',
  });
  return { kind: 'uniform', gCm3PerS: gCm3 };
}

/**
 * A generation-profile file (`x G_ehp`, m and m^-3 s^-1) as SimSS reads it (DDRoutines
 * Init_Generation_Profile): x is stretched so that its last point is the back face of the device
 * (x L / x_last; the shipped genprof.txt runs from 0 to 1), G is interpolated linearly, extrapolated
 * linearly in front of the first point, and scaled by G_frac.
 */
function profileGeneration(r: Reader, files: FileSet, v: ParsedValue, totalNm: number, factor: number) {
  const gf = files.need(v, 'generation profile');
  const t = parseTable(gf, 2);
  if (!t.ok) throw new Refusal(t.problem);
  const at = (j: number) => ({ file: gf.name, line: t.lines[j]! });
  const bad = (j: number): never =>
    fail(
      'simsalabim.bad-profile',
      { file: gf.name, line: t.lines[j]! },
      `${gf.name} line ${t.lines[j]}: x must increase and G must be >= 0`,
      at(j),
    );
  const x0 = t.rows.map((row) => row[0]!);
  const g0 = t.rows.map((row) => row[1]!);
  if (t.rows.length < 2) bad(0);
  x0.forEach((x, j) => {
    if (g0[j]! < 0 || x < 0 || (j > 0 && !(x > x0[j - 1]!))) bad(j);
  });
  const last = x0[x0.length - 1]!;
  if (!(last > 0)) bad(x0.length - 1);
  // 12 digits, as every value read: a file PVForge wrote (its last x the device length) comes back unchanged
  const nm = x0.map((x) => Number((x * 1e9).toPrecision(12)));
  const L = Number(totalNm.toPrecision(12));
  const stretch = L / nm[nm.length - 1]!;
  let xNm = stretch === 1 ? nm : nm.map((x) => Number((x * stretch).toPrecision(12)));
  let gCm3 = g0.map((g) => Number((g * factor).toPrecision(12)));
  if (xNm[0]! > 0) {
    // SimSS's first segment reaches back to the front face; PVForge's profile must cover it
    const g = gCm3[0]! - (xNm[0]! * (gCm3[1]! - gCm3[0]!)) / (xNm[1]! - xNm[0]!);
    if (g < 0)
      r.note(
        'approximated',
        v,
        'simsalabim.profile-front',
        { file: gf.name, g: Number(g.toPrecision(4)) },
        `${gf.name}: SimSS extrapolates the first segment to the front face, reaching ${g.toPrecision(4)} cm^-3 s^-1; PVForge starts the profile at 0`,
      );
    xNm = [0, ...xNm];
    gCm3 = [Math.max(0, Number(g.toPrecision(12))), ...gCm3];
  }
  if (stretch !== 1)
    r.note(
      'mapped',
      v,
      'simsalabim.profile-stretch',
      { file: gf.name, last: nm[nm.length - 1]!, length: L },
      `${gf.name}: x is stretched from 0-${nm[nm.length - 1]} nm to the device's ${L} nm, as SimSS does`,
    );
  r.sources.set('electrical.generation.xNm', at(0));
  return { kind: 'profile', xNm, gCm3PerS: gCm3 };
}

function shiftLayerPaths(r: Reader, offset: number): void {
  const shift = (p: string) =>
    p.replace(/^layers\[(\d+)\]\.electrical/, (_m, d) => `layers[${Number(d) + offset}].electrical`);
  const shiftThick = (p: string, it: ReportItem) =>
    it.name === 'L'
      ? p.replace(/^layers\[(\d+)\]\.thicknessNm/, (_m, d) => `layers[${Number(d) + offset}].thicknessNm`)
      : p;
  for (const it of r.items) if (it.path) it.path = shiftThick(shift(it.path), it);
  const moved = [...r.sources.entries()];
  r.sources.clear();
  for (const [p, s] of moved) r.sources.set(/^layers\[\d+\]\.thicknessNm/.test(p) ? p : shift(p), s);
  for (const it of r.items) if (it.path && it.source) r.sources.set(it.path, it.source);
}

/** The report item behind a check issue's path (`layers[2] "L2".electrical.x` -> its file and line). */
function sourceOfIssue(r: Reader, issuePath: string): SourceRef | undefined {
  const p = issuePath.replace(/ "[^"]*"/g, '');
  for (let q = p; q; q = q.replace(/(\.[^.[\]]+|\[\d+\])$/, '')) {
    const s = r.sources.get(q);
    if (s) return s;
    if (!/(\.[^.[\]]+|\[\d+\])$/.test(q)) break;
  }
  return undefined;
}

export function importSimsalabim(files: SourceFile[]): ImportOutcome {
  const r = new Reader();
  const setupFile =
    files.find((f) => /simulation_setup/i.test(baseName(f.name))) ??
    files.find((f) => /device_parameters/i.test(baseName(f.name)));
  const report: ImportReport = { tool: 'simsalabim', files: [], items: r.items };
  try {
    if (!setupFile)
      fail(
        'simsalabim.no-setup',
        { names: files.map((f) => f.name).join(', ') },
        `no simulation_setup.txt among the files (${files.map((f) => f.name).join(', ') || 'none'})`,
      );
    const bin = binaryProblem(setupFile!);
    if (bin) throw new Refusal(bin);
    const parsed = parseParameterFile(setupFile!);
    if (!parsed.ok) throw new Refusal(parsed.problem);
    const setup = parsed.file;
    report.version = setup.version;
    const set = new FileSet(files);
    set.read.push(setupFile!.name);
    let device: DeviceSpec;
    if (setup.byKey.has('l1')) {
      const layers = readLayerFiles(setup, set, r);
      device = importDevice(setup, layers, [setup, ...layers], set, r);
    } else if (isV4(setup)) {
      // SIMsalabim 4.x: one device_parameters.txt, translated into the 5.x files it stands for
      const t = translateV4(setup);
      if (!t.ok) throw new Refusal(t.problem);
      for (const n of t.notes) r.note(n.status, n.v, n.code, n.params, n.text);
      device = importDevice(t.setup, t.layers, [setup], set, r);
    } else {
      const v = setup.version ?? '';
      fail(
        'simsalabim.old-format',
        { file: setup.name, version: v },
        `${setup.name}: neither a SIMsalabim 5.x setup (l1 = L1_parameters.txt) nor a 4.x device file (CB, VB, mun_0)${v ? ` (version ${v})` : ''}`,
        { file: setup.name, line: 1 },
      );
    }
    report.files = set.read;
    const check = checkDeviceSpec(device!);
    if (!check.ok) {
      const issue = check.issues[0]!;
      const source = sourceOfIssue(r, issue.path);
      const where = source ? `${source.file} line ${source.line}: ` : '';
      return {
        ok: false,
        error: {
          code: 'simsalabim.device-check',
          params: {
            ...(source ? { file: source.file, line: source.line } : {}),
            path: issue.path,
            problem: issue.message.text,
          },
          text: `${where}${issue.path}: ${issue.message.text}`,
          ...(source ? { source } : {}),
        },
        report,
      };
    }
    const warnings: InteropMessage[] = check.warningIssues.map((w) => ({
      code: w.message.code,
      params: { ...w.message.params, path: w.path },
      text: `${w.path}: ${w.message.text}`,
    }));
    return { ok: true, device: check.spec, report, warnings };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.msg, report };
    // a bug of ours must still not reach the user as a crash
    return {
      ok: false,
      error: {
        code: 'simsalabim.internal',
        params: { problem: String(e) },
        text: `could not read the files: ${String(e)}`,
      },
      report,
    };
  }
}
