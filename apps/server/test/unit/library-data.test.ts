import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDeviceSpec, checkMaterialInput, materialToLayer } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { checkCalculationInput } from '../../src/jobs/validate.js';

/** The cited data of the public material library (assets/materials) and device library (assets/devices). */
const root = join(__dirname, '../../../..');
const matDir = join(root, 'assets/materials');
const devDir = join(root, 'assets/devices');
const nkIds = new Set<string>(
  (
    JSON.parse(readFileSync(join(root, 'assets/data/nk/index.json'), 'utf8')) as { materials: { id: string }[] }
  ).materials.map((m) => m.id),
);

type Material = {
  key: string;
  name: string;
  category: string;
  optical: { kind: string; materialId?: string };
  electrical: Record<string, unknown>;
  sources: Record<string, string>;
  references: Record<string, string>;
  notes?: string;
};

const materials: Material[] = readdirSync(matDir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(join(matDir, f), 'utf8')) as Material[]);
const devices = readdirSync(devDir)
  .filter((f) => f.endsWith('.device.json'))
  .map((f) => ({ file: f, spec: JSON.parse(readFileSync(join(devDir, f), 'utf8')) as Record<string, unknown> }));

const CATEGORIES = [
  'organic',
  'tetrahedral',
  'lead_perovskite',
  'lead_free_perovskite',
  'electron',
  'hole',
  'electrode_positive',
  'electrode_negative',
];
/** Sane physical ranges, in the units of the field names. */
const RANGES: Record<string, [number, number]> = {
  epsR: [1, 100],
  chiEV: [1, 8],
  egEV: [0.5, 10],
  ncCm3: [1e16, 1e22],
  nvCm3: [1e16, 1e22],
  muNCm2PerVs: [1e-8, 1e4],
  muPCm2PerVs: [1e-8, 1e4],
  ndCm3: [0, 1e22],
  naCm3: [0, 1e22],
  tauNS: [1e-15, 1e-1],
  tauPS: [1e-15, 1e-1],
  kRadCm3PerS: [0, 1e-8],
  cnCm6PerS: [0, 1e-26],
  cpCm6PerS: [0, 1e-26],
  workFunctionEV: [2, 7.5],
  'ions.densityCm3': [1e12, 1e21],
  'ions.diffusionCm2PerS': [1e-20, 1e-4],
  'ions.activationEnergyEV': [0.05, 2],
  'ions.sign': [-1, 1],
  'ions.referenceTemperatureK': [250, 350],
  'exciton.diffusionLengthNm': [0.1, 1000],
  'exciton.lifetimeS': [1e-13, 1e-3],
  'exciton.bindingEnergyEV': [0, 2],
  langevinPrefactor: [1e-5, 1],
  'ctDissociation.separationNm': [0.3, 10],
  'ctDissociation.decayRatePerS': [1e2, 1e12],
  'tunnelOxide.barrierElectronEV': [0.1, 6],
  'tunnelOxide.barrierHoleEV': [0.1, 6],
  'tunnelOxide.massElectronRel': [0.05, 2],
  'tunnelOxide.massHoleRel': [0.05, 2],
};

/** Every numeric parameter as a dotted path; a defect set is one field ('defects', checked on its own). */
function flat(e: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(e).flatMap(([k, v]) =>
    k === 'defects' && !prefix
      ? []
      : v !== null && typeof v === 'object'
        ? flat(v as Record<string, unknown>, `${prefix}${k}.`)
        : [[`${prefix}${k}`, v]],
  );
}

describe('material library data (assets/materials)', () => {
  it('has at least 45 materials with unique keys and known categories', () => {
    expect(materials.length).toBeGreaterThanOrEqual(45);
    const keys = materials.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of materials) {
      expect(m.key, m.key).toMatch(/^[a-z0-9_]+$/);
      expect(m.name.length, m.key).toBeGreaterThan(0);
      expect(CATEGORIES, m.key).toContain(m.category);
    }
    for (const c of CATEGORIES)
      expect(
        materials.some((m) => m.category === c),
        c,
      ).toBe(true);
  });

  it('every electrical value is numeric and in a sane physical range', () => {
    for (const m of materials) {
      for (const [f, v] of flat(m.electrical)) {
        const r = RANGES[f];
        expect(r, `${m.key}.${f}: unknown field`).toBeDefined();
        expect(typeof v, `${m.key}.${f}`).toBe('number');
        expect(Number.isFinite(v), `${m.key}.${f}`).toBe(true);
        expect(v as number, `${m.key}.${f}`).toBeGreaterThanOrEqual(r![0]);
        expect(v as number, `${m.key}.${f}`).toBeLessThanOrEqual(r![1]);
      }
      const e = m.electrical as Record<string, unknown>;
      if (e.ions) {
        for (const k of ['densityCm3', 'diffusionCm2PerS', 'sign']) expect(k in (e.ions as object), m.key).toBe(true);
        expect([1, -1], m.key).toContain((e.ions as { sign: number }).sign);
      }
      if (e.exciton)
        for (const k of ['diffusionLengthNm', 'lifetimeS']) expect(k in (e.exciton as object), m.key).toBe(true);
    }
  });

  it('typical defect sets: absorbers carry them, each valid for the material and cited', () => {
    const withDefects = materials.filter((m) => Array.isArray((m.electrical as { defects?: unknown }).defects));
    expect(withDefects.map((m) => m.key)).toEqual(expect.arrayContaining(['mapbi3', 'cigs', 'masni3', 'spiro_ometad']));
    for (const m of withDefects) {
      const r = checkMaterialInput(m as unknown as Record<string, unknown>);
      expect(r.ok ? [] : r.problems.map((p) => p.msg.en), m.key).toEqual([]);
      const ref = m.sources['defects'];
      expect(ref, `${m.key}: no source for its defects`).toBeTruthy();
      expect(m.references[ref!]!.length, `${m.key}: reference ${ref}`).toBeGreaterThan(20);
      // picking the material gives the layer its defects
      const layer = materialToLayer(m as unknown as Parameters<typeof materialToLayer>[0], 500);
      expect(layer.electrical?.defects, m.key).toEqual((m.electrical as { defects: unknown }).defects);
    }
  });

  it('every defect set passes the device check in a layer made of the material', () => {
    // The public p-i-n cell with the material's layer in place of the one of its role: the material's
    // own values and defects over the cell's, so that the defects are judged against the gap the
    // layer would have. A level outside that gap or a bad field fails checkDeviceSpec.
    const cell = devices.find((d) => d.file === 'perovskite-pin-defects-electrical.device.json')!.spec;
    const roleOf = (category: string) => (category === 'hole' ? 'htl' : category === 'electron' ? 'etl' : 'absorber');
    const withDefects = materials.filter((m) => Array.isArray((m.electrical as { defects?: unknown }).defects));
    for (const m of withDefects) {
      const layer = materialToLayer(m as unknown as Parameters<typeof materialToLayer>[0], 300);
      const layers = (cell.layers as { role?: string; electrical?: Record<string, unknown> }[]).map((l) =>
        l.role === roleOf(m.category) ? { ...l, electrical: { ...l.electrical, ...layer.electrical } } : l,
      );
      expect(
        layers.some((l) => l.electrical?.['defects'] === layer.electrical?.defects),
        m.key,
      ).toBe(true);
      const r = checkDeviceSpec({ ...cell, layers });
      expect(r.ok ? [] : r.errors, m.key).toEqual([]);
    }
  });

  it('every electrical and optical field has a source whose reference exists', () => {
    for (const m of materials) {
      const fields = ['optical', ...flat(m.electrical).map(([f]) => f)];
      for (const f of fields) {
        const ref = m.sources[f];
        expect(ref, `${m.key}: no source for ${f}`).toBeTruthy();
        expect(m.references[ref!], `${m.key}: reference ${ref} of ${f} missing`).toBeTruthy();
        expect(m.references[ref!]!.length, `${m.key}: reference ${ref}`).toBeGreaterThan(20);
      }
    }
  });

  it('optical models are valid and every table id exists in assets/data/nk/index.json', () => {
    for (const m of materials) {
      const probe = checkDeviceSpec({
        schemaVersion: 1,
        name: m.key,
        ambient: { kind: 'constant', n: 1, k: 0 },
        layers: [{ name: m.key, thicknessNm: 100, role: 'other', optical: m.optical }],
        substrate: { kind: 'constant', n: 1, k: 0 },
      });
      expect(probe.ok ? [] : probe.errors, m.key).toEqual([]);
      if (m.optical.kind === 'table')
        expect(nkIds.has(m.optical.materialId!), `${m.key}: ${m.optical.materialId}`).toBe(true);
    }
  });

  it('every absorber, transport-layer and electrode n,k table is used by a material', () => {
    const used = new Set(materials.flatMap((m) => (m.optical.kind === 'table' ? [m.optical.materialId!] : [])));
    // Substrate glasses and the MgF2 coating fit none of the eight material categories; devices use them directly.
    const substrates = new Set(['glass_soda_lime', 'glass_bk7', 'fused_silica', 'mgf2']);
    const missing = [...nkIds].filter((id) => !used.has(id) && !substrates.has(id));
    expect(missing).toEqual([]);
  });
});

describe('public device library (assets/devices)', () => {
  it('every device passes checkDeviceSpec and names its stack', () => {
    expect(devices.length).toBeGreaterThanOrEqual(9);
    for (const d of devices) {
      const r = checkDeviceSpec(d.spec);
      expect(r.ok ? [] : r.errors, d.file).toEqual([]);
      for (const l of d.spec.layers as { optical: { kind: string; materialId?: string } }[])
        if (l.optical.kind === 'table')
          expect(nkIds.has(l.optical.materialId!), `${d.file}: ${l.optical.materialId}`).toBe(true);
    }
  });

  it('every device is accepted for queuing as it ships: its optics and, with an electrical block, its electrics', () => {
    // what the server checks before queuing (n,k coverage of the wavelength range included): a user
    // who opens an example and submits it must not be refused
    for (const d of devices) {
      const kinds = 'electrical' in d.spec ? (['opt', 'elec'] as const) : (['opt'] as const);
      for (const kind of kinds) {
        const r = checkCalculationInput(kind, d.spec);
        expect(r.ok ? [] : r.errors, `${d.file} (${kind})`).toEqual([]);
      }
    }
  });

  it('has each required device type, the electrical ones with an electrical block and a citation', () => {
    const required: [string, boolean][] = [
      ['perovskite-nip-electrical.device.json', true],
      ['perovskite-pin-electrical.device.json', true],
      ['perovskite-pin-ions-electrical.device.json', true],
      ['organic-bhj-p3ht-pcbm-electrical.device.json', true],
      ['silicon-perc-electrical.device.json', true],
      ['silicon-topcon-electrical.device.json', true],
      ['organic-bilayer-pm6-c60-exciton-diffusion.device.json', true],
      ['cdte-electrical.device.json', true],
      ['cigs-electrical.device.json', true],
      ['perovskite-pin-defects-electrical.device.json', true],
      ['cigs-tails-electrical.device.json', true],
      ['perovskite-silicon-tandem-electrical.device.json', true],
    ];
    for (const [file, electrical] of required) {
      const d = devices.find((x) => x.file === file);
      expect(d, file).toBeDefined();
      expect('electrical' in d!.spec, file).toBe(electrical);
      const desc = String(d!.spec.description ?? '');
      expect(desc.length, file).toBeGreaterThan(100);
      // a citation: a journal-style year in parentheses or a DOI / repository
      expect(/\(\d{4}\)|doi\.org|github\.com/.test(desc), file).toBe(true);
    }
  });
});
