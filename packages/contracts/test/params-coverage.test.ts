import { PARAMS, paramAt } from '@pvforge/params';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DeviceSpec, MaterialElectrical } from '../src/index.js';

/**
 * No parameter without a registry entry: every number a DeviceSpec or a library material can hold
 * has its description in @pvforge/params, so a field added to a schema without one fails here.
 * Left out, and why: the optical models' dispersion coefficients and tabulated n,k (a material's
 * optical constants, judged by the optics' own rules), a user spectrum's table (judged as a
 * table: spectrumIssues) and a generation profile's table (judged as a table by the solver's check
 * and its coverage rule).
 */
const NOT_PARAMETERS = [
  /^(ambient|substrate)\./,
  /^layers\[\]\.optical\./,
  /^illumination\.spectrum\.\w+\[\]$/,
  /^electrical\.generation\.\w+\[\]$/,
];

type Node = TSchema & {
  type?: string;
  const?: unknown;
  properties?: Record<string, Node>;
  items?: Node | Node[];
  anyOf?: Node[];
};

/** The numeric leaves of a schema as registry patterns (`layers[].electrical.epsR`); literal choices are not numbers. */
function numericPaths(s: Node, at: string, out: Set<string>): Set<string> {
  if ((s.type === 'number' || s.type === 'integer') && s.const === undefined) out.add(at);
  for (const [k, v] of Object.entries(s.properties ?? {})) numericPaths(v, at ? `${at}.${k}` : k, out);
  const items = s.items === undefined ? [] : Array.isArray(s.items) ? s.items : [s.items];
  for (const i of items) numericPaths(i, `${at}[]`, out);
  for (const u of s.anyOf ?? []) numericPaths(u, at, out);
  return out;
}

describe('parameter registry coverage', () => {
  const devicePaths = [...numericPaths(DeviceSpec as Node, '', new Set())]
    .map((p) => p.replace(/^electrical\.contacts\.(front|back)\./, 'electrical.contacts.*.'))
    .filter((p) => p !== 'schemaVersion' && !NOT_PARAMETERS.some((r) => r.test(p)));

  it('every number of a DeviceSpec has a registry entry', () => {
    expect(devicePaths.length).toBeGreaterThan(100);
    expect([...new Set(devicePaths)].filter((p) => paramAt(p) === undefined)).toEqual([]);
  });

  it('every registry entry of a DeviceSpec field is a field the schema has', () => {
    const known = new Set(devicePaths);
    const stray = PARAMS.filter((p) => p.place !== 'material' && !known.has(p.path)).map((p) => p.path);
    expect(stray).toEqual([]);
  });

  it('every number a library material carries maps to exactly one entry', () => {
    const materialKeys = [...numericPaths(MaterialElectrical as Node, '', new Set())].map((p) =>
      p.replace(/^defects\[\]\./, 'defects.'),
    );
    const missing = materialKeys
      .filter((k) => !k.startsWith('defects.'))
      .filter((k) => PARAMS.filter((p) => p.material === k).length !== 1);
    expect(missing).toEqual([]);
  });
});
