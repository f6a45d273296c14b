import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkDeviceSpec, checkMaterialInput, localizeCheckMessage } from '@pvforge/contracts';
import type { CheckIssue } from '@pvforge/engine/spec-check';
import { judge, type Lang, PARAMS, type Param, sayVerdict, type Verdict } from '@pvforge/params';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../test-support/cli.js';
import { checkDeviceLines } from '../../../cli/src/commands/check.js';
import { buildCalcApp } from './calc/helpers.js';
import { post, registerUser, signed, type TestUser } from './helpers/client.js';
import { TestClock } from './helpers/clock.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

/**
 * One value, one verdict, the same words on every surface (issues 25 and 28): for EVERY registry
 * entry of a DeviceSpec field, a value below its hard minimum, above its hard maximum and outside
 * its plausible range is placed in a valid example device, and the device check (checkDeviceSpec,
 * what the editor and the worker run), the server's calculation route (refused with 4105, or
 * queued with the warnings, in zh-CN and en), the CLI's check (in-process for every case, one
 * spawn of `pvforge check`) and, when present, the web's validators (apps/web/src/lib/params.ts)
 * give that verdict with the registry's sentence (sayVerdict). Every material key likewise through
 * checkMaterialInput. Values the registry has no bound for on a side are not cases.
 */
const root = join(import.meta.dirname, '..', '..', '..', '..');
// biome-ignore lint/suspicious/noExplicitAny: tests build devices freely
type Json = any;
const load = (f: string): Json => JSON.parse(readFileSync(join(root, 'assets/devices', f), 'utf8'));

const ABSORBER = 3; // MAPbI3 in the perovskite p-i-n example, between PTAA and PCBM

/** A valid defect of the absorber (or of an interface: densityCm2), for the defect entries to edit. */
const defect = (density: 'densityCm3' | 'densityCm2') => ({
  type: 'neutral',
  energyReference: 'intrinsic',
  energyEV: 0,
  [density]: density === 'densityCm3' ? 1e14 : 1e10,
  sigmaNCm2: 1e-15,
  sigmaPCm2: 1e-15,
});

/**
 * The example device with the entry's value in place, and the concrete path the check names it
 * by; undefined when the entry's field cannot be placed in these examples (reported as skipped).
 */
function placed(p: Param, v: number): { device: Json; path: string } | undefined {
  const key = p.key;
  const path = p.path;
  if (path.startsWith('electrical.tandem.')) {
    const d = load('perovskite-silicon-tandem-electrical.device.json');
    const sw = d.electrical.tandem.thicknessSweep;
    sw[key] = v;
    // a range from fromNm up to toNm whatever the value
    if (key === 'fromNm') sw.toNm = v * 2 || 1;
    if (key === 'toNm') sw.fromNm = v / 2;
    return { device: d, path };
  }
  const d = load('perovskite-pin-ions-electrical.device.json');
  const layer = `layers[${ABSORBER}] "MAPbI3"`;
  const e = d.layers[ABSORBER].electrical;
  const el = d.electrical;
  if (path === 'layers[].thicknessNm') {
    d.layers[ABSORBER].thicknessNm = v;
    return { device: d, path: `${layer}.thicknessNm` };
  }
  if (path.startsWith('layers[].electrical.defects[].')) {
    const x: Json = defect('densityCm3');
    if (key === 'cNCm3PerS' || key === 'cPCm3PerS') {
      delete x.sigmaNCm2;
      delete x.sigmaPCm2;
      x.cNCm3PerS = 1e-8;
      x.cPCm3PerS = 1e-8;
    }
    if (key === 'widthEV') x.distribution = 'gaussian';
    x[key] = v;
    e.defects = [x];
    return { device: d, path: `${layer}.electrical.defects[0].${key}` };
  }
  if (path.startsWith('electrical.interfaces[].defects[].')) {
    const x: Json = defect('densityCm2');
    if (key === 'cNCm3PerS' || key === 'cPCm3PerS') {
      delete x.sigmaNCm2;
      delete x.sigmaPCm2;
      x.cNCm3PerS = 1e-8;
      x.cPCm3PerS = 1e-8;
    }
    if (key === 'widthEV') x.distribution = 'gaussian';
    x[key] = v;
    el.interfaces[1].defects = [x];
    return { device: d, path: `electrical.interfaces[1].defects[0].${key}` };
  }
  if (path.startsWith('layers[].electrical.ions[].')) {
    e.ions[0][key] = v;
    return { device: d, path: `${layer}.electrical.ions[0].${key}` };
  }
  if (path.startsWith('layers[].electrical.ctDissociation.')) {
    e.ctDissociation = { model: 'onsager-braun', separationNm: 1.5, decayRatePerS: 2e5, [key]: v };
    return { device: d, path: `${layer}.electrical.ctDissociation.${key}` };
  }
  if (path.startsWith('layers[].electrical.excitonDiffusion.')) {
    e.excitonDiffusion = { diffusionLengthNm: 10, lifetimeS: 1e-9, [key]: v };
    return { device: d, path: `${layer}.electrical.excitonDiffusion.${key}` };
  }
  if (path.startsWith('layers[].electrical.')) {
    // the trap fields come as a set (SRH as a trap density, not as lifetimes)
    if (['ntCm3', 'sigmaNCm2', 'sigmaPCm2', 'vthCmPerS', 'etMinusEiEV'].includes(key)) {
      delete e.tauNS;
      delete e.tauPS;
      Object.assign(e, { ntCm3: 1e14, sigmaNCm2: 1e-15, sigmaPCm2: 1e-15 });
    }
    e[key] = v;
    return { device: d, path: `${layer}.electrical.${key}` };
  }
  if (path.startsWith('electrical.interfaces[].thermionic.')) {
    el.interfaces[1].thermionic = { [key]: v };
    return { device: d, path: `electrical.interfaces[1].thermionic.${key}` };
  }
  if (path.startsWith('electrical.interfaces[].tunnelOxide.')) {
    el.interfaces[1].tunnelOxide = {
      thicknessNm: 1.5,
      barrierElectronEV: 3.1,
      barrierHoleEV: 4.5,
      massElectronRel: 0.4,
      massHoleRel: 0.4,
      [key]: v,
    };
    return { device: d, path: `electrical.interfaces[1].tunnelOxide.${key}` };
  }
  if (path.startsWith('electrical.interfaces[].')) {
    el.interfaces[1][key] = v;
    return { device: d, path: `electrical.interfaces[1].${key}` };
  }
  if (path.startsWith('electrical.contacts.*.')) {
    el.contacts.front[key] = v;
    return { device: d, path: `electrical.contacts.front.${key}` };
  }
  if (path === 'electrical.generation.gCm3PerS') {
    el.generation = { kind: 'uniform', gCm3PerS: v };
    return { device: d, path };
  }
  if (path === 'electrical.generation.reflectance') {
    el.generation = { kind: 'beer-lambert', reflectance: v };
    return { device: d, path };
  }
  if (path.startsWith('electrical.transient.segments[].')) {
    el.transient.segments =
      key === 'durationS' || key === 'voltageV'
        ? [{ kind: 'hold', durationS: 1, voltageV: 1.2, [key]: v }]
        : [{ kind: 'scan', toV: 0.5, rateVPerS: 0.1, [key]: v }];
    el.transient.profileTimesS = [];
    return { device: d, path: `electrical.transient.segments[0].${key}` };
  }
  if (path === 'electrical.transient.profileTimesS[]') {
    // a protocol long enough for any time the registry allows
    el.transient.segments = [{ kind: 'hold', durationS: 3e7, voltageV: 1.2 }];
    el.transient.profileTimesS = [v];
    return { device: d, path: 'electrical.transient.profileTimesS[0]' };
  }
  if (path === 'electrical.profileBiasesV[]') {
    el.profileBiasesV = [v];
    return { device: d, path: 'electrical.profileBiasesV[0]' };
  }
  const sweep = /^electrical\.(voltageSweep|capacitanceVoltage)\.(startV|stopV|stepV)$/.exec(path);
  if (sweep) {
    // a sweep that goes from start to stop whatever the value: the other two follow it
    const s =
      key === 'startV'
        ? { startV: v, stopV: v + 1, stepV: 0.1 }
        : key === 'stopV'
          ? { startV: v - 1, stopV: v, stepV: 0.1 }
          : { startV: v > 0 ? 0 : 4 * Math.abs(v), stopV: v > 0 ? 4 * v : 0, stepV: v };
    el[sweep[1]!] = { ...(el[sweep[1]!] ?? { frequencyHz: 1e5 }), ...s };
    return { device: d, path };
  }
  const m = /^electrical\.(transient|impedance|capacitanceVoltage|capacitanceFrequency|voltageSweep|eqe)\.(\w+)$/.exec(
    path,
  );
  if (m) {
    const base: Record<string, Json> = {
      capacitanceVoltage: { frequencyHz: 1e5, startV: -0.5, stopV: 0.5, stepV: 0.1 },
      capacitanceFrequency: { voltageV: 0 },
      eqe: {},
    };
    el[m[1]!] = { ...(el[m[1]!] ?? base[m[1]!]), [key]: v };
    // a frequency range from start to stop whatever the value
    if (key === 'startHz') el[m[1]!].stopHz = Math.min(Math.max(v * 10, 1e-3), 1e12);
    if (key === 'stopHz') el[m[1]!].startHz = Math.max(v / 10, 1e-6);
    // the example's profile times fit its protocol only at its own rates
    if (m[1] === 'transient') el.transient.profileTimesS = [];
    return { device: d, path };
  }
  if (/^electrical\.\w+$/.test(path)) {
    el[key] = v;
    return { device: d, path };
  }
  if (path.startsWith('illumination.wavelength.')) {
    d.illumination.wavelength = { startNm: 300, endNm: 1600, stepNm: 1, [key]: v };
    return { device: d, path };
  }
  if (path === 'illumination.spectrum.wavelengthNm') {
    d.illumination.spectrum = { kind: 'monochromatic', wavelengthNm: v, irradianceWm2: 100 };
    return { device: d, path };
  }
  if (path.startsWith('illumination.spectrum.')) {
    d.illumination.spectrum = { kind: 'blackbody', temperatureK: 5800, [key]: v };
    return { device: d, path };
  }
  if (path.startsWith('texture.')) {
    d.texture = { roughnessFactor: 0.5, layer: 'glass', [key]: v };
    return { device: d, path };
  }
  if (/^illumination\.\w+$/.test(path)) {
    d.illumination[key] = v;
    return { device: d, path };
  }
  return undefined;
}

/** The values of an entry that break each of its rules, with the verdict the registry gives them. */
function badValues(p: Param): { value: number; verdict: Verdict }[] {
  const h = p.hard;
  const pl = p.plausible;
  const candidates: number[] = [];
  const step = (x: number) => Math.max(1, Math.abs(x));
  if (h.min !== undefined) candidates.push(h.minExclusive ? h.min : h.min - step(h.min));
  if (h.max !== undefined) candidates.push(h.maxExclusive ? h.max : h.integer ? h.max + 1 : h.max * 2 || 1);
  if (pl?.min !== undefined) {
    const lo = h.min ?? pl.min - step(pl.min);
    candidates.push(pl.min > 0 && lo >= 0 ? Math.max(pl.min / 10, (pl.min + lo) / 2) : (pl.min + lo) / 2);
  }
  if (pl?.max !== undefined) {
    const hi = h.max ?? pl.max + step(pl.max);
    candidates.push(pl.max > 0 ? Math.min(pl.max * 10, (pl.max + hi) / 2) : (pl.max + hi) / 2);
  }
  const out: { value: number; verdict: Verdict }[] = [];
  for (let c of candidates) {
    if (h.integer) c = Math.round(c);
    const verdict = judge(p, c);
    if (verdict && !out.some((o) => o.verdict.rule === verdict.rule)) out.push({ value: c, verdict });
  }
  return out;
}

interface Case {
  p: Param;
  value: number;
  verdict: Verdict;
  device: Json;
  path: string;
}

const deviceParams = PARAMS.filter((p) => p.place !== 'material');
const cases: Case[] = [];
const skipped: string[] = [];
for (const p of deviceParams)
  for (const { value, verdict } of badValues(p)) {
    const at = placed(p, value);
    if (at) cases.push({ p, value, verdict, ...at });
    else skipped.push(p.path);
  }

/** Implausible values the check refuses for a coupled reason on the same field (no warning to compare). */
const coupled = new Set<string>();

/** The issue a check gives for the case, and the registry's words it must carry. */
const registryWords = (c: Case, lang: Lang) => sayVerdict(c.p, c.verdict, c.value, lang);
const findIssue = (list: readonly CheckIssue[], c: Case) =>
  list.find((i) => i.path === c.path && i.message.params['param'] === c.p.path);

let web:
  | { webVerdict: (p: Param, v: unknown, lang: Lang) => Promise<{ errors: string[]; warnings: string[] }> }
  | undefined;

describe('every registry entry: the same verdict and words on every surface', () => {
  let t: { app: FastifyInstance; clock: TestClock; database: TestDatabase };
  let alice: TestUser;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const clock = new TestClock();
    // jobs are not started: a refused device never reaches the queue, an accepted one waits there
    const app = await buildCalcApp(database, { JOB_MAX_PER_USER: '100000' }, {}, clock);
    t = { app, clock, database };
    alice = await registerUser(t.app);
    const webFile = join(root, 'apps/web/src/lib/params.ts');
    if (existsSync(webFile)) web = await import(pathToFileURL(webFile).href);
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.database.drop();
  });

  it('has a case for every DeviceSpec entry with a bound, and places every one', () => {
    expect(skipped).toEqual([]);
    const bounded = deviceParams.filter((p) => badValues(p).length > 0).map((p) => p.path);
    expect(new Set(cases.map((c) => c.p.path))).toEqual(new Set(bounded));
    // the examples carry no implausible value: a warning is the case's own
    for (const f of ['perovskite-pin-ions-electrical.device.json', 'perovskite-silicon-tandem-electrical.device.json'])
      expect(checkDeviceSpec(load(f))).toMatchObject({ ok: true });
  });

  it('checkDeviceSpec and the CLI check (in-process) give the verdict in the registry words, in both languages', async () => {
    for (const c of cases) {
      const label = `${c.path} = ${c.value}`;
      const r = checkDeviceSpec(c.device);
      if (c.verdict.severity === 'warning' && !r.ok) {
        // implausible, and refused by a rule that couples it with other fields (a defect level
        // outside the gap): the refusal names the same field, the warning waits for the fix
        expect(
          r.issues.some((i) => i.path === c.path),
          `${label}: ${r.errors.join('; ')}`,
        ).toBe(true);
        coupled.add(`${c.path} = ${c.value}`);
        continue;
      }
      const list = r.ok ? r.warningIssues : r.issues;
      const issue = findIssue(list, c);
      expect(issue, label).toBeDefined();
      if (c.verdict.severity === 'error') expect(r.ok, label).toBe(false);
      expect(issue!.message.code, label).toBe(
        c.verdict.severity === 'error' ? 'check.param-limit' : 'check.param-implausible',
      );
      expect(issue!.message.text, label).toBe(registryWords(c, 'en'));
      expect(localizeCheckMessage(issue!, 'zh-CN'), label).toContain(registryWords(c, 'zh'));
      expect(localizeCheckMessage(issue!, 'en'), label).toContain(registryWords(c, 'en'));
      // the CLI: English by default, Chinese with --lang zh
      for (const lang of ['en', 'zh'] as const) {
        const cli = checkDeviceLines(c.device, lang);
        expect(cli.ok, label).toBe(r.ok);
        expect(cli[c.verdict.severity === 'error' ? 'errors' : 'warnings'], label).toContain(
          `${c.path}: ${registryWords(c, lang)}`,
        );
      }
      if (web) {
        for (const lang of ['en', 'zh'] as const) {
          const w = await web.webVerdict(c.p, c.value, lang);
          expect(w[c.verdict.severity === 'error' ? 'errors' : 'warnings'], `web ${label}`).toContain(
            registryWords(c, lang),
          );
        }
      }
    }
  });

  it('the server refuses (4105) or queues with warnings, in the registry words of the request language', async () => {
    // accepted devices wait in the queue (jobs are not started): a fresh user every 40 keeps each
    // under the per-user limit of queued calculations
    let user = alice;
    let queued = 0;
    for (const c of cases) {
      const label = `${c.path} = ${c.value}`;
      if (coupled.has(label)) continue;
      if (queued >= 40) {
        user = await registerUser(t.app);
        queued = 0;
      }
      for (const [lang, words] of [
        ['zh-CN', 'zh'],
        ['en', 'en'],
      ] as const) {
        const res = await post<{
          errors?: string[];
          issues?: CheckIssue[];
          warnings?: { path: string; code: string; msg: string }[];
        }>(
          t.app,
          '/calc/sys/calc/elec',
          { device: c.device },
          { headers: { ...signed(user.session, t.clock), 'x-lang': lang } },
        );
        if (res.code === '1000') queued++;
        if (c.verdict.severity === 'error') {
          expect([res.status, res.code], label).toEqual([400, '4105']);
          expect(res.data.errors, label).toContain(`${c.path}: ${registryWords(c, 'en')}`);
          const issue = findIssue(res.data.issues ?? [], c);
          expect(issue && localizeCheckMessage(issue, lang), label).toContain(registryWords(c, words));
          // the answer's message is the first problem in the request's language
          if (res.data.issues?.[0] === undefined || findIssue([res.data.issues[0]], c))
            expect(res.msg, label).toContain(registryWords(c, words));
        } else if (res.code === '4105' && res.data.issues === undefined) {
          // the server's own optics check beyond the device check (the n,k tables must cover the
          // wavelengths asked for) refuses a grid the registry only finds unusual
          expect((res.data as { field?: string }).field, `${label}: ${res.msg}`).toMatch(/^device/);
        } else {
          expect(res.code, `${label}: ${res.msg}`).toBe('1000');
          const w = res.data.warnings?.find((x) => x.path === c.path && x.code === 'check.param-implausible');
          expect(w?.msg, label).toContain(registryWords(c, words));
        }
      }
    }
  }, 300_000);

  it('the CLI process says the same (one spawn per verdict kind)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pvf-params-'));
    const refused = cases.find((c) => c.verdict.severity === 'error' && c.p.path === 'layers[].electrical.muNCm2PerVs');
    const warned = cases.find(
      (c) => c.verdict.severity === 'warning' && c.p.path === 'layers[].electrical.muNCm2PerVs',
    );
    for (const [c, code] of [
      [refused, 2],
      [warned, 0],
    ] as const) {
      expect(c).toBeDefined();
      const file = join(dir, 'device.json');
      writeFileSync(file, JSON.stringify(c!.device));
      const r = runCli('check', file, '--lang', 'zh');
      expect(r.code, r.err).toBe(code);
      expect(r.err).toContain(`${c!.path}: ${registryWords(c!, 'zh')}`);
    }
  }, 60_000);
});

describe('every material key: the material check says the registry words', () => {
  const base = (): Json => ({ name: 'Test material', category: 'electron', optical: { kind: 'constant', n: 2, k: 0 } });
  const SUBS: Record<string, Json> = {
    ions: { densityCm3: 1e17, diffusionCm2PerS: 1e-12 },
    exciton: { diffusionLengthNm: 10, lifetimeS: 1e-9 },
    ctDissociation: { separationNm: 1.5, decayRatePerS: 2e5 },
    tunnelOxide: { barrierElectronEV: 3.1, barrierHoleEV: 4.5, massElectronRel: 0.4, massHoleRel: 0.4 },
  };
  const materialEntries = PARAMS.filter((p) => p.material !== undefined);

  it('refuses beyond the hard limits and warns outside the plausible range, naming the field', () => {
    expect(materialEntries.length).toBeGreaterThan(30);
    for (const p of materialEntries) {
      const [sub, key] = p.material!.includes('.') ? p.material!.split('.') : [undefined, p.material!];
      for (const { value, verdict } of badValues(p)) {
        const m = base();
        m.electrical = sub ? { [sub]: { ...SUBS[sub!], [key!]: value } } : { [key!]: value };
        const field = `electrical.${p.material}`;
        const r = checkMaterialInput(m);
        const label = `${field} = ${value}`;
        const list = r.ok ? r.warnings : r.problems;
        const hit = list.find((x) => x.field === field);
        expect(r.ok, label).toBe(verdict.severity !== 'error');
        expect(hit?.msg, label).toEqual({
          'zh-CN': sayVerdict(p, verdict, value, 'zh'),
          en: sayVerdict(p, verdict, value, 'en'),
        });
      }
    }
  });
});
