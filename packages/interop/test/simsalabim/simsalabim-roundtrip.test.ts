import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeviceSpec, LAYER_FIELDS } from '@pvforge/contracts';
import { captureCoefficients, interfaceGap, layerGap, levelDepthEV } from '@pvforge/engine';
import { paramAt } from '@pvforge/params';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../../src/report.js';
import { exportSimsalabim, importSimsalabim, SIMSALABIM_MESSAGES } from '../../src/simsalabim/index.js';

/**
 * import(export(device)) against the device, compared value by value along the electrical part
 * (layers, defects, ions, interfaces, contacts, Rs, Rsh, T, grid, sweep, generation): every value
 * that does not come back must be one the export listed, and every listed one must not come back.
 * Defects, capture and energies are compared as the engine reads them (a level's depth below
 * vacuum, sigma v_th), computed by the engine's own functions, not the export's.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const DEVICES = join(ROOT, 'assets/devices');
const FIX = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/simsalabim');

type El = NonNullable<DeviceSpec['layers'][number]['electrical']>;
type Itf = NonNullable<NonNullable<DeviceSpec['electrical']>['interfaces']>[number];

/** 12 digits are written; 1e-9 leaves room for the factor's binary rounding. */
const same = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b))
    : a === b;

const dflt = (path: string) => paramAt(path)?.defaultValue;

interface Level {
  type: string;
  depth: number;
  density: number;
  cn: number;
  cp: number;
}

const sameLevel = (a: Level, b: Level) =>
  a.type === b.type &&
  same(a.cn, b.cn) &&
  same(a.cp, b.cp) &&
  same(a.density, b.density) &&
  Math.abs(a.depth - b.depth) < 1e-9;

/** The leaf paths of the original that do not come back, and imported defects no original one explains. */
function differences(orig: DeviceSpec, back: DeviceSpec): { differ: string[]; extras: string[] } {
  const differ: string[] = [];
  const extras: string[] = [];
  const oe = orig.electrical!;
  const be = back.electrical!;
  const T = oe.temperatureK ?? 300;
  const ol = orig.layers.flatMap((l, i) => (l.electrical ? [{ l, i }] : []));
  const bl = back.layers.flatMap((l, i) => (l.electrical ? [{ l, i }] : []));
  expect(bl.length).toBe(ol.length);
  const gapOf = (e: El) => layerGap(e.chiEV!, e.egEV!, e.ncCm3!, e.nvCm3!, T);
  const levels = (ds: readonly Record<string, unknown>[] | undefined, gap: ReturnType<typeof layerGap>, dens: string) =>
    (ds ?? []).map((d) => {
      const { cn, cp } = captureCoefficients(d as never);
      return {
        type: d['type'] as string,
        depth: levelDepthEV(d as never, gap),
        density: d[dens] as number,
        cn,
        cp,
        single: ((d['distribution'] as string | undefined) ?? 'single') === 'single',
      };
    });
  const compareDefects = (P: string, o: ReturnType<typeof levels>, b: ReturnType<typeof levels>) => {
    const used = new Set<number>();
    o.forEach((d, k) => {
      const j = b.findIndex((x, jj) => !used.has(jj) && d.single && sameLevel(d, x));
      if (j >= 0) used.add(j);
      else differ.push(`${P}.defects[${k}]`);
    });
    b.forEach((_, j) => {
      if (!used.has(j)) extras.push(P);
    });
  };

  ol.forEach(({ l: o, i }, j) => {
    const b = bl[j]!.l;
    const P = `layers[${i}]`;
    const E = `${P}.electrical`;
    for (const k of ['name', 'role', 'thicknessNm'] as const) if (!same(o[k], b[k])) differ.push(`${P}.${k}`);
    if (o.subcell !== undefined) differ.push(`${P}.subcell`);
    const oel = o.electrical!;
    const bel = b.electrical!;
    const keys = new Set([...Object.keys(oel), ...Object.keys(bel)]);
    for (const f of LAYER_FIELDS) {
      if (!keys.has(f.key)) continue;
      const path = `layers[].electrical.${f.key}`;
      const ov = (oel as Record<string, unknown>)[f.key] ?? dflt(path);
      const bv = (bel as Record<string, unknown>)[f.key] ?? dflt(path);
      if (!same(ov, bv)) differ.push(`${E}.${f.key}`);
    }
    for (const k of Object.keys(oel))
      if (!LAYER_FIELDS.some((f) => f.key === k) && !['defects', 'ions', 'ctDissociation'].includes(k))
        if (JSON.stringify((oel as Record<string, unknown>)[k]) !== JSON.stringify((bel as Record<string, unknown>)[k]))
          differ.push(`${E}.${k}`);
    // CT dissociation with its registry default for the direct yield
    const ct = (c: El['ctDissociation']) =>
      c && { ...c, directYield: c.directYield ?? dflt('layers[].electrical.ctDissociation.directYield') ?? 0 };
    if (oel.ctDissociation && JSON.stringify(ct(oel.ctDissociation)) !== JSON.stringify(ct(bel.ctDissociation)))
      for (const k of Object.keys(ct(oel.ctDissociation)!) as (keyof NonNullable<El['ctDissociation']>)[])
        if (!same(ct(oel.ctDissociation)![k], ct(bel.ctDissociation)?.[k])) differ.push(`${E}.ctDissociation.${k}`);
    compareDefects(E, levels(oel.defects, gapOf(oel), 'densityCm3'), levels(bel.defects, gapOf(bel), 'densityCm3'));
    // ions: sign, density and D at the device's temperature (Arrhenius from the reference)
    (oel.ions ?? []).forEach((ion, k) => {
      const I = `${E}.ions[${k}]`;
      const bi = (bel.ions ?? []).find((x) => x.sign === ion.sign);
      if (!bi) {
        differ.push(I);
        return;
      }
      const atT = (x: typeof ion) =>
        x.diffusionCm2PerS *
        Math.exp(-((x.activationEnergyEV ?? 0) / 8.617333262e-5) * (1 / T - 1 / (x.referenceTemperatureK ?? 300)));
      if (!same(ion.densityCm3, bi.densityCm3)) differ.push(`${I}.densityCm3`);
      if (!same(atT(ion), atT(bi))) differ.push(`${I}.diffusionCm2PerS`);
      if (ion.activationEnergyEV !== bi.activationEnergyEV) differ.push(`${I}.activationEnergyEV`);
    });
  });

  // interfaces: one per adjacent pair of electrical layers
  for (let j = 0; j + 1 < ol.length; j++) {
    const names = [ol[j]!.l.name, ol[j + 1]!.l.name];
    const k = (oe.interfaces ?? []).findIndex((x) => x.between[0] === names[0] && x.between[1] === names[1]);
    const o: Partial<Itf> = k >= 0 ? oe.interfaces![k]! : {};
    const b: Partial<Itf> =
      (be.interfaces ?? []).find((x) => x.between[0] === names[0] && x.between[1] === names[1]) ?? {};
    const I = `electrical.interfaces[${Math.max(k, 0)}]`;
    const oth = o.thermionic;
    const bth = b.thermionic;
    const v = (x: typeof oth, c: 'vNCmPerS' | 'vPCmPerS') =>
      x ? (x[c] ?? dflt(`electrical.interfaces[].thermionic.${c}`)) : undefined;
    if (!same(v(oth, 'vNCmPerS'), v(bth, 'vNCmPerS')) || !same(v(oth, 'vPCmPerS'), v(bth, 'vPCmPerS')))
      differ.push(`${I}.thermionic`);
    for (const key of Object.keys(o))
      if (!['between', 'thermionic', 'defects'].includes(key))
        if (JSON.stringify((o as Record<string, unknown>)[key]) !== JSON.stringify((b as Record<string, unknown>)[key]))
          differ.push(`${I}.${key}`);
    const g = interfaceGap(
      layerGap(
        ...(['chiEV', 'egEV', 'ncCm3', 'nvCm3'].map((x) => ol[j]!.l.electrical![x as 'chiEV']!) as [
          number,
          number,
          number,
          number,
        ]),
        T,
      ),
      layerGap(
        ...(['chiEV', 'egEV', 'ncCm3', 'nvCm3'].map((x) => ol[j + 1]!.l.electrical![x as 'chiEV']!) as [
          number,
          number,
          number,
          number,
        ]),
        T,
      ),
    );
    compareDefects(I, levels(o.defects, g, 'densityCm2'), levels(b.defects, g, 'densityCm2'));
  }

  // the device's own values
  const C = (c: NonNullable<DeviceSpec['electrical']>['contacts']['front']) => ({
    kind: c.kind,
    workFunctionEV: c.workFunctionEV,
    sNCmPerS: c.sNCmPerS ?? null,
    sPCmPerS: c.sPCmPerS ?? null,
  });
  for (const side of ['front', 'back'] as const) {
    const o = C(oe.contacts[side]);
    const b = C(be.contacts[side]);
    for (const k of Object.keys(o) as (keyof typeof o)[])
      if (!same(o[k], b[k])) differ.push(`electrical.contacts.${side}.${k}`);
  }
  if (oe.contacts.anode !== be.contacts.anode) differ.push('electrical.contacts.anode');
  const dev: [string, unknown, unknown][] = [
    ['rsOhmCm2', oe.rsOhmCm2 ?? 0, be.rsOhmCm2 ?? 0],
    ['rshOhmCm2', oe.rshOhmCm2 ?? null, be.rshOhmCm2 ?? null],
    ['temperatureK', oe.temperatureK ?? 300, be.temperatureK ?? 300],
    ['gridPoints', oe.gridPoints ?? dflt('electrical.gridPoints'), be.gridPoints ?? dflt('electrical.gridPoints')],
    ['statistics', oe.statistics ?? 'boltzmann', be.statistics ?? 'boltzmann'],
    ['voltageSweep.startV', oe.voltageSweep.startV, be.voltageSweep.startV],
    ['voltageSweep.stopV', oe.voltageSweep.stopV, be.voltageSweep.stopV],
    ['voltageSweep.stepV', oe.voltageSweep.stepV, be.voltageSweep.stepV],
  ];
  for (const [k, a, b] of dev) if (!same(a, b)) differ.push(`electrical.${k}`);
  const og = oe.generation ?? { kind: orig.illumination ? 'optical' : 'dark' };
  if (JSON.stringify(og) !== JSON.stringify(be.generation)) differ.push('electrical.generation');
  const handled = [
    'contacts',
    'interfaces',
    'rsOhmCm2',
    'rshOhmCm2',
    'temperatureK',
    'gridPoints',
    'statistics',
    'voltageSweep',
    'generation',
  ];
  for (const k of Object.keys(oe)) if (!handled.includes(k)) differ.push(`electrical.${k}`);
  return { differ, extras };
}

const under = (leaf: string, listed: string) =>
  leaf === listed || leaf.startsWith(`${listed}.`) || leaf.startsWith(`${listed}[`);

const examples = readdirSync(DEVICES)
  .filter((f) => f.endsWith('.device.json'))
  .map((f) => ({ file: f, device: JSON.parse(readFileSync(join(DEVICES, f), 'utf8')) as DeviceSpec }));

describe('SIMsalabim round trip of every example device with an electrical part', () => {
  const electrical = examples.filter((e) => e.device.electrical && e.device.layers.some((l) => l.electrical));
  it('has example devices to test', () => expect(electrical.length).toBeGreaterThan(5));

  for (const { file, device } of electrical)
    it(file, () => {
      const ex = exportSimsalabim(device);
      for (const it of ex.items) expect(SIMSALABIM_MESSAGES[it.message!.code], it.message!.code).toBeDefined();
      const out = importSimsalabim(ex.files);
      if (!out.ok) throw new Error(out.error.text);
      const { differ, extras } = differences(device, out.device);
      const listed = ex.items.map((x) => x.path!);
      // every value that did not come back is one the export listed
      expect(differ.filter((d) => !listed.some((l) => under(d, l)))).toEqual([]);
      // every listed value did not come back (an optical layer between subcells is not compared:
      // its trace is the interface the two subcells' layers now share, a continuous one)
      const gap = ex.items.filter((x) => x.message!.code === 'simsalabim.export-gap').map((x) => x.path!);
      expect(listed.filter((l) => !gap.includes(l) && !differ.some((d) => under(d, l)))).toEqual([]);
      // an imported trap no original defect explains comes from a lifetime, a recombination
      // velocity or a distribution the export listed at that place
      for (const place of extras)
        expect(
          ex.items.some(
            (x) =>
              under(x.path!, place) &&
              ['simsalabim.export-lifetime', 'simsalabim.export-velocity', 'simsalabim.export-distribution'].includes(
                x.message!.code,
              ),
          ),
          place,
        ).toBe(true);
    });

  it('a device without an electrical part is refused with a clear message and no files', () => {
    const optical = examples.find((e) => !e.device.electrical)!;
    const ex = exportSimsalabim(optical.device);
    expect(ex.files).toEqual([]);
    expect(ex.items).toEqual([expect.objectContaining({ status: 'refused', path: '(device)' })]);
    expect(ex.items[0]!.message!.code).toBe('simsalabim.export-nothing');
  });
});

describe("the import's decisions come back", () => {
  const base = examples.find((e) => e.file === 'perovskite-pin-ions-electrical.device.json')!.device;
  const clone = () => JSON.parse(JSON.stringify(base)) as DeviceSpec;

  it('ions and doping: both species with doping of both signs give their doping back', () => {
    const d = clone();
    const e = d.layers[3]!.electrical!;
    e.ndCm3 = 3e16;
    e.naCm3 = 1e15;
    e.ions = [
      { densityCm3: 1.6e19, diffusionCm2PerS: 1e-12, sign: 1 },
      { densityCm3: 4e18, diffusionCm2PerS: 1e-11, sign: -1 },
    ];
    const out = importSimsalabim(exportSimsalabim(d).files);
    if (!out.ok) throw new Error(out.error.text);
    const b = out.device.layers.find((l) => l.name === 'MAPbI3')!.electrical!;
    expect(b.ndCm3).toBeCloseTo(3e16, -4);
    expect(b.naCm3).toBeCloseTo(1e15, -3);
    expect(b.ions).toEqual([
      expect.objectContaining({ sign: 1, densityCm3: 1.6e19 }),
      expect.objectContaining({ sign: -1, densityCm3: 4e18 }),
    ]);
  });

  it('interfaces: a slow thermionic interface stays thermionic, a continuous one continuous', () => {
    const d = clone();
    d.electrical!.interfaces = [{ between: ['PTAA', 'MAPbI3'], thermionic: { vNCmPerS: 10, vPCmPerS: 20 } }];
    const ex = exportSimsalabim(d);
    expect(ex.items.filter((x) => x.path!.startsWith('electrical.interfaces'))).toEqual([]);
    const out = importSimsalabim(ex.files);
    if (!out.ok) throw new Error(out.error.text);
    const [first, second] = out.device.electrical!.interfaces!;
    expect(first!.thermionic).toEqual({ vNCmPerS: 10, vPCmPerS: 20 });
    expect(second!.thermionic).toBeUndefined();
  });

  it('layers that make no carriers and a generation profile come back', () => {
    const d = clone();
    d.layers[2]!.electrical!.generatesCarriers = false;
    d.layers[4]!.electrical!.generatesCarriers = false;
    // G(x) over PTAA 10 nm / MAPbI3 500 nm / PCBM 25 nm, from the front face of PTAA
    d.electrical!.generation = {
      kind: 'profile',
      xNm: [0, 10, 60.5, 123.456789, 510, 535],
      gCm3PerS: [0, 3.2e22, 2.51e22, 1.234567e22, 4e21, 0],
    };
    const ex = exportSimsalabim(d);
    // nothing about the generation is approximated or refused
    expect(ex.items.filter((x) => /generation|generatesCarriers/.test(x.path!))).toEqual([]);
    const layer = (n: number) => ex.files.find((f) => f.name === `L${n}_parameters.txt`)!.text;
    expect(layer(1)).toMatch(/^layerGen = 0 /m);
    expect(layer(2)).toMatch(/^layerGen = 1 /m);
    expect(ex.files.find((f) => f.name === 'simulation_setup.txt')!.text).toMatch(
      /^genProfile = generation_profile\.txt /m,
    );
    const out = importSimsalabim(ex.files);
    if (!out.ok) throw new Error(out.error.text);
    expect(out.device.electrical!.generation).toEqual(d.electrical!.generation);
    expect(out.device.layers.map((l) => l.electrical?.generatesCarriers)).toEqual([false, undefined, false]);
    const { differ } = differences(d, out.device);
    const listed = ex.items.map((x) => x.path!);
    expect(differ.filter((x) => !listed.some((l) => under(x, l)))).toEqual([]);
  });

  it('a uniform generation with a layer that makes no carriers: G_ehp = 0 there, as SimSS needs', () => {
    const d = clone();
    d.layers[4]!.electrical!.generatesCarriers = false;
    d.electrical!.generation = { kind: 'uniform', gCm3PerS: 2.5e21 };
    const ex = exportSimsalabim(d);
    const layer = (n: number) => ex.files.find((f) => f.name === `L${n}_parameters.txt`)!.text;
    // SimSS's uniform generation is G_ehp in every layer whatever layerGen says
    expect(layer(3)).toMatch(/^G_ehp = 0 /m);
    expect(layer(2)).toMatch(/^G_ehp = 2\.5E27 /m);
    const out = importSimsalabim(ex.files);
    if (!out.ok) throw new Error(out.error.text);
    expect(out.device.electrical!.generation).toEqual({ kind: 'uniform', gCm3PerS: 2.5e21 });
    expect(out.device.layers.map((l) => l.electrical?.generatesCarriers)).toEqual([undefined, undefined, false]);
  });

  it("a run's G(x) handed over for an optical device is written as the profile, with layerGen", () => {
    const d = clone();
    d.layers[2]!.electrical!.generatesCarriers = false;
    const ex = exportSimsalabim(d, { generationProfile: { xNm: [0, 200, 535], gCm3PerS: [1e22, 5e21, 1e21] } });
    expect(ex.items.map((x) => x.message!.code)).toContain('simsalabim.export-profile');
    const out = importSimsalabim(ex.files);
    if (!out.ok) throw new Error(out.error.text);
    expect(out.device.electrical!.generation).toEqual({
      kind: 'profile',
      xNm: [0, 200, 535],
      gCm3PerS: [1e22, 5e21, 1e21],
    });
    expect(out.device.layers[0]!.electrical!.generatesCarriers).toBe(false);
  });

  it("SimSS's own default device (uniform generation) comes back from its export unchanged", () => {
    const dir = join(FIX, '5.36-uniform-G');
    const files: SourceFile[] = readdirSync(dir)
      .filter((f) => !/^JV/.test(f))
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
    const first = importSimsalabim(files);
    if (!first.ok) throw new Error(first.error.text);
    const ex = exportSimsalabim(first.device);
    const again = importSimsalabim(ex.files);
    if (!again.ok) throw new Error(again.error.text);
    const { differ, extras } = differences(first.device, again.device);
    expect(differ).toEqual([]);
    expect(extras).toEqual([]);
    // the exported files are in SimSS's layout: the same keys in the same order as the shipped ones
    const keys = (t: string) => t.split('\n').flatMap((l) => /^\s*([A-Za-z_]\w*)\s*=/.exec(l)?.[1] ?? []);
    for (const name of ['simulation_setup.txt', 'L1_parameters.txt', 'L2_parameters.txt'])
      expect(keys(ex.files.find((f) => f.name === name)!.text)).toEqual(keys(files.find((f) => f.name === name)!.text));
  });
});
