import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDeviceSpec, type DeviceSpec } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import type { ImportOutcome, SourceFile } from '../../src/report.js';
import { exportScaps, importScaps, readScapsCurves } from '../../src/scaps/index.js';
import { SCAPS_MESSAGES } from '../../src/scaps/words.js';
import { exportSimsalabim } from '../../src/simsalabim/index.js';

const FIX = join(import.meta.dirname, '../fixtures/scaps');
const file = (sub: string, name: string): SourceFile => ({ name, text: readFileSync(join(FIX, sub, name), 'utf8') });
const PUBLIC_DEF = file('public', 'scapsml_cspbi3_base.def');
const STANDIN = { ...file('own', 'CsPbI3_RSC_standin.abs'), name: 'CsPbI3_RSC.abs' };

function ok(o: ImportOutcome) {
  if (!o.ok) throw new Error(`import refused: ${o.error.text}`);
  return o;
}

/** Every non-blank line of the .def has a report item naming it, with a status. */
function expectComplete(o: ReturnType<typeof ok>, def: SourceFile) {
  const lines = def.text.split(/\r\n|\r|\n/);
  const covered = new Set(o.report.items.filter((i) => i.source?.file === def.name).map((i) => i.source!.line));
  const missing = lines.map((l, i) => (l.trim() && !covered.has(i + 1) ? i + 1 : 0)).filter((n) => n);
  expect(missing).toEqual([]);
  for (const i of o.report.items) expect(['mapped', 'approximated', 'refused', 'unused']).toContain(i.status);
}

describe('SCAPS .def import: a public file (SCAPS 3.3.12, CsPbI3 n-i-p)', () => {
  it('refuses without the .abs file it names, naming the file and the line', () => {
    const o = importScaps([PUBLIC_DEF]);
    expect(o.ok).toBe(false);
    if (o.ok) return;
    expect(o.error.code).toBe('scaps.abs-missing');
    expect(o.error.params.abs).toBe('CsPbI3_RSC.abs');
    expect(o.error.source).toEqual({ file: PUBLIC_DEF.name, line: 191 });
    expect('device' in o).toBe(false);
  });

  it('imports with the .abs, every line reported, values converted from SCAPS units, the device valid', () => {
    const o = ok(importScaps([PUBLIC_DEF, STANDIN]));
    expectComplete(o, PUBLIC_DEF);
    expect(o.report.version).toBe('3.3.12');
    const d = o.device;
    expect(checkDeviceSpec(d).ok).toBe(true);
    expect(d.layers.map((l) => l.name)).toEqual(['ITO', 'SnO2', 'CsPbI3', 'Spiro-OMeTAD']);
    const cs = d.layers[2]!;
    expect(cs.thicknessNm).toBeCloseTo(350, 9);
    expect(cs.role).toBe('absorber');
    expect(cs.electrical).toMatchObject({
      epsR: 6,
      chiEV: 3.95,
      egEV: 1.745,
      ncCm3: 2.8e18,
      nvCm3: 1.03e19,
      naCm3: 1e15,
    });
    expect(cs.electrical!.muNCm2PerVs).toBeCloseTo(109.31, 9);
    expect(cs.electrical!.defects).toEqual([
      expect.objectContaining({
        type: 'neutral',
        energyReference: 'valence',
        energyEV: 0.6,
        densityCm3: 1e15,
        sigmaNCm2: 1e-15,
        vthNCmPerS: 1e7,
      }),
    ]);
    expect(cs.optical).toMatchObject({ kind: 'absorption-table', name: 'CsPbI3_RSC.abs' });
    // 1e5 /(cm sqrt eV) at 2.245 eV (552 nm) = 1e5 * sqrt(0.5) from the stand-in table in 1/m
    const t = cs.optical as { wavelengthNm: number[]; alphaPerCm: number[] };
    const i = t.wavelengthNm.indexOf(550);
    expect(t.alphaPerCm[i]).toBeCloseTo(1e5 * Math.sqrt(1239.841984 / 550 - 1.745), -1);
    expect(d.layers[3]!.optical).toEqual({ kind: 'sqrt-law', n: 2, egEV: 3, aPerCmSqrtEV: 1e5 });
    expect(d.electrical!.contacts).toEqual({
      front: { kind: 'schottky', workFunctionEV: 4.4, sNCmPerS: 1e7, sPCmPerS: 1e7 },
      back: { kind: 'ohmic', sNCmPerS: 1e7, sPCmPerS: 1e7 },
      anode: 'back',
    });
    expect(d.electrical!.interfaces![2]).toMatchObject({
      between: ['CsPbI3', 'Spiro-OMeTAD'],
      defects: [{ densityCm2: 1e11, energyEV: 0.6, energyReference: 'valence' }],
    });
    expect(d.electrical!.generation).toEqual({ kind: 'beer-lambert', reflectance: 0 });
    // the stale pure-B column is not read: ITO's second Eg column is 1.2
    expect(d.layers[0]!.electrical!.egEV).toBe(3.5);
    expect(o.report.items.find((it) => it.source?.line === 191)?.status).toBe('approximated');
  });

  it('reads the same file with Windows or Unix line ends', () => {
    const lf = { ...PUBLIC_DEF, text: PUBLIC_DEF.text.replace(/\r\n/g, '\n') };
    expect(ok(importScaps([lf, STANDIN])).device).toEqual(ok(importScaps([PUBLIC_DEF, STANDIN])).device);
  });
});

describe('SCAPS .def import: a public file of SCAPS 3.3.10 by another author (MASnI3/MAPbI3 tandem stack)', () => {
  const def = file('public', 'naimur105_MASnI3_MAPbI3_tandem_revision.def');
  it('imports with every line reported, the overflowed maxiter read as a solver setting, the device valid', () => {
    const o = ok(importScaps([def]));
    expectComplete(o, def);
    expect(o.report.version).toBe('3.3.10');
    expect(checkDeviceSpec(o.device).ok).toBe(true);
    expect(o.device.layers.map((l) => l.name)).toEqual(['TiO2', 'MAPbI3', 'Cu2O', 'ZnO', 'MASnI3', 'Cu2O (2)']);
    expect(o.device.layers[4]!.role).toBe('absorber');
    expect(o.device.layers[1]!.electrical).toMatchObject({ egEV: 1.55, epsR: 30, ncCm3: 2.5e20, naCm3: 1e14 });
    // 'maxiter : *0000' (a field SCAPS overflowed) is a solver setting, not a value of the device
    const maxiter = o.report.items.find((i) => i.name === 'maxiter');
    expect(maxiter?.status).toBe('unused');
    expect(maxiter?.source?.line).toBe(10);
    // SCAPS's back contact (written first) is the left one; light from the left: it is the front
    expect(o.device.electrical!.contacts.front).toEqual({ kind: 'ohmic', sNCmPerS: 1e7, sPCmPerS: 1e5 });
    expect(o.device.electrical!.interfaces!.map((i) => i.between)).toEqual([
      ['TiO2', 'MAPbI3'],
      ['MAPbI3', 'Cu2O'],
      ['ZnO', 'MASnI3'],
      ['MASnI3', 'Cu2O (2)'],
    ]);
  });
});

describe('SCAPS .def import: a public file of SCAPS 3.3.12 (2025 build) by another author (graded CIGS, light from the right)', () => {
  const def = file('public', 'HCWassim_CIGS_graded_v2.def');
  const abs = [
    'coeff_absorption_GGI=0.0_minoura_corr.abs',
    'coeff_absorption_GGI=1.0_minoura_corr.abs',
    'abs_ZnO.abs',
  ].map((n) => file('public', n));
  it('refuses without the pure-B absorption file of its graded absorber, naming the line', () => {
    const o = importScaps([def, abs[0]!, abs[2]!]);
    expect(o.ok).toBe(false);
    if (o.ok) return;
    expect(o.error.code).toBe('scaps.abs-missing');
    expect(o.error.params.abs).toBe('coeff_absorption_GGI=1.0_minoura_corr.abs');
    expect(o.error.source).toEqual({ file: def.name, line: 61 });
  });

  it('imports with every line reported, the grading, Rs and Gsh read, the absorber absorbing at its composition', () => {
    const o = ok(importScaps([def, ...abs]));
    expectComplete(o, def);
    expect(o.report.version).toBe('3.3.12');
    const d = o.device;
    expect(checkDeviceSpec(d).ok).toBe(true);
    // light from the right: the right-most layer (AZO) is the front
    expect(d.layers.map((l) => l.name)).toEqual(['AZO', 'i-ZnO', 'CdS', 'CIGS graded']);
    const cigs = d.layers[3]!;
    expect(cigs.role).toBe('absorber');
    expect(cigs.thicknessNm).toBeCloseTo(2500, 9);
    // front (right) face y = 0.6: Eg 1.424 eV; back (left) face y = 0.9: 1.616 eV, from the face columns
    expect(cigs.electrical).toMatchObject({ egEV: 1.424, chiEV: 4.194, epsR: 13.6, naCm3: 3e14 });
    expect(cigs.electrical!.grading).toEqual({
      law: 'linear',
      back: { chiEV: 4.011, egEV: 1.616, ncCm3: 1.232e18, nvCm3: 2.76e19 },
    });
    // the absorber is not pure CuInSe2 (edge 1.04 eV, 1192 nm): with the pure-B file both tables are
    // moved to the gap of y = 0.6 (1.424 eV, 870.7 nm) and mixed; only the tables' own sub-gap
    // tails reach past it (pure CuInSe2 absorbs 2.45e4 /cm at 900 nm), and nothing beyond 1000 nm
    const t = cigs.optical as { kind: string; wavelengthNm: number[]; alphaPerCm: number[] };
    expect(t.kind).toBe('absorption-table');
    const at = (w: number) => t.alphaPerCm[t.wavelengthNm.indexOf(w)]!;
    expect(at(1000)).toBe(0);
    expect(at(900)).toBeLessThan(0.25 * 2.453208e4);
    expect(at(850)).toBeGreaterThan(1e3);
    // 600 nm (2.066 eV): pure A read at 2.066 - 0.384 eV (737 nm: 4.449e6 /m in its file), pure B at
    // 2.066 + 0.256 eV (534 nm: 7.133e6 /m), mixed 0.4 : 0.6, in 1/cm
    const a = 0.4 * 4.4492e4 + 0.6 * 7.1331e4;
    expect(Math.abs(at(600) / a - 1)).toBeLessThan(0.01);
    const mixed = o.report.items.find((i) => i.source?.line === 61);
    expect(mixed?.status).toBe('approximated');
    expect(mixed?.message?.code).toBe('scaps.abs-mixed');
    expect(d.layers[1]!.optical).toMatchObject({ kind: 'absorption-table', name: 'abs_ZnO.abs' });
    expect(d.electrical!.rsOhmCm2).toBeCloseTo(1.793162, 9);
    expect(d.electrical!.rshOhmCm2).toBeCloseTo(1e6, 6);
    expect(d.electrical!.interfaces).toEqual([
      expect.objectContaining({
        between: ['CdS', 'CIGS graded'],
        defects: [expect.objectContaining({ type: 'donor', densityCm2: 1.547e14, energyEV: 0.68 })],
      }),
    ]);
  });
});

describe('SCAPS .def import: the series resistance and shunt conductance of SCAPS 3.3.12 builds of 2025', () => {
  it('reads Rs [Ohm.m2] and Gsh [S/m2] when switched on: Rs x 1e4 Ohm cm2, Rsh = 1e4 / Gsh Ohm cm2', () => {
    const def = file('own', 'cspbi3_rs_gsh.def');
    const o = ok(importScaps([def, STANDIN]));
    expectComplete(o, def);
    expect(o.device.electrical!.rsOhmCm2).toBe(0.5);
    expect(o.device.electrical!.rshOhmCm2).toBe(1000);
    expect(o.warnings.map((w) => w.code)).toContain('scaps.sweep-default-rs');
    const gsh = o.report.items.find((i) => i.name === 'Gsh [S/m2]');
    expect(gsh).toMatchObject({ status: 'mapped', path: 'electrical.rshOhmCm2', value: 1000 });
  });
  it('a switched-off element is not in the circuit; Gsh = 0 is no shunt', () => {
    const def = file('own', 'cspbi3_rs_gsh.def');
    const off = {
      ...def,
      text: def.text
        .replace('Series resistance :  1', 'Series resistance :  0')
        .replace('Gsh [S/m2] :   1.000000e+01', 'Gsh [S/m2] :   0.000000e+00'),
    };
    const o = ok(importScaps([off, STANDIN]));
    expect(o.device.electrical!.rsOhmCm2).toBeUndefined();
    expect(o.device.electrical!.rshOhmCm2).toBeNull();
    expect(o.report.items.find((i) => i.name === 'Rs [Ohm.m2]')?.status).toBe('unused');
  });
  it('a file without them takes none and says so', () => {
    const o = ok(importScaps([PUBLIC_DEF, STANDIN]));
    expect(o.device.electrical!.rsOhmCm2).toBeUndefined();
    expect(o.warnings.map((w) => w.code)).toContain('scaps.sweep-default');
  });
  it('a resistance in another unit is refused naming the line', () => {
    const def = file('own', 'cspbi3_rs_gsh.def');
    const o = importScaps([{ ...def, text: def.text.replace('Rs [Ohm.m2]', 'Rs [Ohm.cm2]') }, STANDIN]);
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.error.code).toBe('scaps.unit');
  });
});

describe('SCAPS .def import: files written from the format', () => {
  it('light from the right reverses the layers and swaps the contacts; a graded gap and a 2-level defect', () => {
    const def = file('own', 'cspbi3_variant.def');
    const o = ok(importScaps([def, STANDIN]));
    expectComplete(o, def);
    const d = o.device;
    expect(d.layers.map((l) => l.name)).toEqual(['Spiro-OMeTAD', 'CsPbI3', 'SnO2', 'ITO']);
    const cs = d.layers[1]!.electrical!;
    // light enters CsPbI3 at SCAPS's right face
    expect(cs.egEV).toBe(1.645);
    expect(cs.grading).toEqual({ law: 'linear', back: { egEV: 1.745 } });
    expect(cs.defects).toHaveLength(2);
    expect(cs.defects![1]).toMatchObject({ type: 'acceptor', energyEV: 0.3, sigmaNCm2: 2e-15 });
    expect(o.report.items.filter((i) => i.message?.code === 'scaps.multilevel').length).toBeGreaterThan(0);
    expect(d.electrical!.contacts.front).toEqual({ kind: 'ohmic', sNCmPerS: 1e7, sPCmPerS: 1e7 });
    expect(d.electrical!.contacts.back).toMatchObject({ kind: 'schottky', workFunctionEV: 4.4 });
    // ITO/SnO2 defect at 0.5 eV above Ev of ITO (left): ITO's Ev is 7.5 eV deep, SnO2's 7.5 too -> unchanged
    expect(d.electrical!.interfaces!.map((i) => i.between)).toEqual([
      ['Spiro-OMeTAD', 'CsPbI3'],
      ['CsPbI3', 'SnO2'],
      ['SnO2', 'ITO'],
    ]);
    expect(checkDeviceSpec(d).ok).toBe(true);
  });

  it('a file of SCAPS up to 3.3.06: the A and B lines in SI give the square-root law in cm', () => {
    const def = file('own', 'legacy_3305.def');
    const o = ok(importScaps([def]));
    expectComplete(o, def);
    expect(o.report.version).toBe('3.3.05');
    expect(o.device.layers[2]!.optical).toEqual({ kind: 'sqrt-law', n: 2, egEV: 1.745, aPerCmSqrtEV: 1e5 });
    expect(o.device.layers[0]!.optical).toMatchObject({ aPerCmSqrtEV: 5.59e4 });
  });
});

describe('SCAPS .def import: bad files get an error naming the line, never a throw or a partial device', () => {
  const bad = (text: string, name = 'bad.def') => {
    const o = importScaps([{ name, text }, STANDIN]);
    expect(o.ok).toBe(false);
    expect('device' in o).toBe(false);
    return o as Extract<ImportOutcome, { ok: false }>;
  };
  it('truncated', () => {
    const lines = PUBLIC_DEF.text.split('\r\n');
    const o = bad(lines.slice(0, 150).join('\r\n'));
    expect(o.error.code).toMatch(/scaps\.(contacts|no-working-point|orphan)/);
    expect(o.error.source?.line).toBeGreaterThan(0);
  });
  it('wrong units', () => {
    const o = bad(PUBLIC_DEF.text.replace('d : 3.500000e-07 [m]', 'd : 350 [nm]'));
    expect(o.error.code).toBe('scaps.unit');
    expect(o.error.source).toEqual({ file: 'bad.def', line: 170 });
    expect(o.error.text).toContain('[nm]');
  });
  it('a value that is not a number', () => {
    const o = bad(PUBLIC_DEF.text.replace('Et :   0.600\t[eV]', 'Et :   high\t[eV]'));
    expect(o.error.code).toBe('scaps.not-number');
  });
  it('binary', () => {
    const o = bad(`\u0000\u0001\u0002PK${'\u0003'.repeat(200)}`);
    expect(o.error.code).toBe('scaps.binary');
  });
  it('10 MB', () => {
    const o = bad(`${PUBLIC_DEF.text}\r\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect(o.error.code).toBe('scaps.too-large');
  });
  it('200 layers', () => {
    const start = PUBLIC_DEF.text.indexOf('layer\r\n\r\nname : ITO');
    const end = PUBLIC_DEF.text.indexOf('\r\ninterface properties');
    const block = PUBLIC_DEF.text.slice(start, end);
    const text = PUBLIC_DEF.text.slice(0, start) + Array(200).fill(block).join('\r\n') + PUBLIC_DEF.text.slice(end);
    const o = bad(text);
    expect(o.error.code).toBe('scaps.too-many-layers');
    expect(o.error.source?.line).toBeGreaterThan(1000);
  });
  it('no .def, or not a .def at all', () => {
    expect(importScaps([STANDIN]).ok).toBe(false);
    expect(bad('hello\r\nworld\r\n').error.code).toBe('scaps.no-layer');
  });
  it('every code emitted has words in both languages', () => {
    for (const w of Object.values(SCAPS_MESSAGES)) expect(typeof w === 'function' || (w['zh-CN'] && w.en)).toBeTruthy();
  });
});

describe('SCAPS output curves', () => {
  it('.iv of SCAPS 3.3.10: J-V with photocurrent positive, Jsc as SCAPS printed it', () => {
    const cs = readScapsCurves(file('public', 'WPT-Lab124_1Sun.iv'));
    expect(cs).toHaveLength(1);
    const c = cs[0]!;
    expect(c.kind).toBe('jv');
    // SCAPS prints Jsc = 23.49436046 mA/cm2: J interpolated at 0 V between the rows around it
    const k = c.x.findIndex((v) => v > 0);
    const j0 = c.y[k - 1]! + ((0 - c.x[k - 1]!) * (c.y[k]! - c.y[k - 1]!)) / (c.x[k]! - c.x[k - 1]!);
    expect(j0).toBeCloseTo(23.4944, 3);
    expect(c.x[c.x.length - 1]!).toBeGreaterThan(1);
    expect(c.y[c.y.length - 1]!).toBeLessThan(0);
  });
  it('a curve measured with the voltage on the other contact is turned to forward bias positive', () => {
    const iv = file('public', 'WPT-Lab124_1Sun.iv');
    const flipped = iv.text.replace(
      /^(\s*)(-?\d+\.\d+)(\t\s*)(-?\d+\.\d+e[-+]\d+)/gm,
      (_m, a, v, b, j) => `${a}${-Number(v)}${b}${-Number(j)}`,
    );
    const [c] = readScapsCurves({ name: 'flip.iv', text: flipped });
    const [o] = readScapsCurves(iv);
    expect(c!.x[0]).toBeCloseTo(o!.x[0]!, 6);
    expect(c!.y[10]).toBeCloseTo(o!.y[10]!, 6);
  });
  it('.qe, .cv and .cf tables', () => {
    const qe = readScapsCurves({
      name: 'a.qe',
      text: 'SCAPS 3.3.12\r\n\r\nwvl (nm)\tQE (%)\teta (%)\r\n\r\n300.00\t10.0\t9\r\n400.00\t80.5\t70\r\n500.00\t90.1\t80\r\n',
    });
    expect(qe).toEqual(
      [{ tool: 'scaps', kind: 'qe', label: 'a.qe', x: [300, 400, 500], y: [10, 80.5, 90.1] }].map((q) => ({
        ...q,
        kind: 'qe',
      })),
    );
    const cv = readScapsCurves({
      name: 'a.cv',
      text: 'SCAPS 3.3.12\r\nv (V)\tC (F/m2)\tG (S/m2)\r\n-0.5\t1.0e-4\t1\r\n0.0\t2.0e-4\t1\r\n',
    });
    expect(cv[0]).toMatchObject({ kind: 'cv', x: [-0.5, 0] });
    expect(cv[0]!.y[0]).toBeCloseTo(10, 9); // 1e-4 F/m2 = 10 nF/cm2
    const cf = readScapsCurves({
      name: 'a.cf',
      text: 'SCAPS 3.3.12\r\nf (Hz)\tC (nF/cm2)\tG (S/cm2)\r\n100\t50\t1\r\n1000\t40\t1\r\n',
    });
    expect(cf[0]).toMatchObject({ kind: 'cf', x: [100, 1000], y: [50, 40] });
    expect(readScapsCurves({ name: 'b.iv', text: '\u0000\u0000\u0000' })).toEqual([]);
  });
});

/** Relative comparison within the .def's precision (SCAPS writes 7 significant digits). */
const near = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= 2e-6 * Math.max(Math.abs(a), Math.abs(b)) + 1e-9
    : a === b;

function flatten(v: unknown, path: string, out: Map<string, unknown>) {
  if (v !== null && typeof v === 'object') {
    if (Array.isArray(v) && v.every((x) => typeof x === 'number')) out.set(path, v);
    else for (const [k, x] of Object.entries(v)) flatten(x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`, out);
  } else out.set(path, v);
}

describe('round trip: importScaps(exportScaps(d)) gives d back for every example device', () => {
  const dir = join(import.meta.dirname, '../../../../assets/devices');
  const names = readdirSync(dir).filter((f) => f.endsWith('.device.json'));
  it('has example devices', () => expect(names.length).toBeGreaterThan(5));
  for (const n of names) {
    it(n, () => {
      const raw = JSON.parse(readFileSync(join(dir, n), 'utf8'));
      const d: DeviceSpec = raw.device ?? raw;
      const ex = exportScaps(d);
      if (!d.electrical) {
        expect(ex.items.some((i) => i.path === 'electrical' && i.status === 'refused')).toBe(true);
        return;
      }
      const def = ex.files[0]!;
      expect(def.name).toMatch(/\.def$/);
      expect(def.text).toContain('\r\n');
      expect(def.text).toMatch(/^> SCAPS 3\.3\.12/);
      const back = ok(importScaps(ex.files));
      expect(checkDeviceSpec(back.device).ok).toBe(true);
      const excluded = ex.items.map((i) => i.path!).filter(Boolean);
      const skip = (p: string) => excluded.some((x) => p === x || p.startsWith(`${x}.`) || p.startsWith(`${x}[`));
      // the original's values SCAPS can hold, by path; layers of the import are matched by name
      const orig = new Map<string, unknown>();
      d.layers.forEach((l, i) => {
        flatten(l.thicknessNm, `layers[${i}].thicknessNm`, orig);
        if (l.electrical) flatten(l.electrical, `layers[${i}].electrical`, orig);
        if (l.electrical) flatten(l.optical, `layers[${i}].optical`, orig);
      });
      flatten(d.electrical.contacts, 'electrical.contacts', orig);
      (d.electrical.interfaces ?? []).forEach((it, i) => {
        flatten(it, `electrical.interfaces[${i}]`, orig);
      });
      if (d.electrical.generation?.kind === 'beer-lambert')
        flatten(d.electrical.generation, 'electrical.generation', orig);
      const got = new Map<string, unknown>();
      d.layers.forEach((l, i) => {
        const m = back.device.layers.find((x) => x.name === l.name);
        if (!m) return;
        flatten(m.thicknessNm, `layers[${i}].thicknessNm`, got);
        flatten(m.electrical, `layers[${i}].electrical`, got);
        flatten(m.optical, `layers[${i}].optical`, got);
      });
      flatten(back.device.electrical!.contacts, 'electrical.contacts', got);
      (d.electrical.interfaces ?? []).forEach((it, i) => {
        const m = back.device.electrical!.interfaces?.find(
          (x) => x.between[0] === it.between[0] && x.between[1] === it.between[1],
        );
        if (m) flatten(m, `electrical.interfaces[${i}]`, got);
      });
      flatten(back.device.electrical!.generation, 'electrical.generation', got);
      const diffs: string[] = [];
      for (const [p, v] of orig) {
        if (skip(p)) continue;
        const w = got.get(p);
        const same = Array.isArray(v)
          ? Array.isArray(w) && v.length === w.length && v.every((x, k) => near(x, (w as number[])[k]))
          : near(v, w);
        if (!same) diffs.push(`${p}: ${JSON.stringify(v)?.slice(0, 60)} -> ${JSON.stringify(w)?.slice(0, 60)}`);
      }
      expect(diffs).toEqual([]);
    });
  }
});

describe('export of a layer that takes k_rad from its absorption', () => {
  const raw = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../assets/devices/perovskite-pin-electrical.device.json'), 'utf8'),
  );
  const device = (): DeviceSpec => {
    const d: DeviceSpec = structuredClone(raw.device ?? raw);
    const j = d.layers.findIndex((l) => l.name === 'MAPbI3');
    d.layers[j]!.electrical!.kRadFrom = 'absorption';
    d.layers[j]!.electrical!.kRadCm3PerS = 0;
    return d;
  };
  const j = device().layers.findIndex((l) => l.name === 'MAPbI3');

  it('writes the value the caller computed, in each tool, and says so; without one, says kRadFrom is not written', () => {
    const kRad = { [j]: 4.2e-11 };
    const scaps = exportScaps(device(), { kRadFromAbsorption: kRad });
    const back = ok(importScaps(scaps.files));
    const layer = back.device.layers.find((l) => l.name === 'MAPbI3')!;
    expect(layer.electrical!.kRadCm3PerS).toBeCloseTo(4.2e-11, 20);
    const said = scaps.items.find((i) => i.message?.code === 'export.krad-from-absorption');
    expect(said).toMatchObject({ status: 'approximated', path: `layers[${j}].electrical.kRadCm3PerS`, value: 4.2e-11 });
    expect(scaps.items.some((i) => i.path?.endsWith('.kRadFrom'))).toBe(false);
    const sim = exportSimsalabim(device(), { kRadFromAbsorption: kRad });
    const params = sim.files.map((f) => f.text).join('\n');
    expect(params).toMatch(/k_direct\s*=\s*4\.2e-17/i);
    expect(sim.items.some((i) => i.message?.code === 'export.krad-from-absorption')).toBe(true);
    // nothing computed (optics the caller could not read): the entered value, and the report says why
    const plain = exportScaps(device());
    expect(plain.items.find((i) => i.path === `layers[${j}].electrical.kRadFrom`)?.status).toBe('refused');
    expect(plain.items.some((i) => i.message?.code === 'export.krad-from-absorption')).toBe(false);
  });
});
