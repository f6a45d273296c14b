import { describe, expect, it } from 'vitest';
import { formatNumber } from '../src/components/device-editor/fields';
import { bandGeometry, stackGeometry } from '../src/components/device-editor/geometry';
import { inputRowsToJson, unwrapSpec } from '../src/components/device-editor/io';
import { textToTable } from '../src/components/device-editor/OpticalEditor';

const L = (name: string, thicknessNm: number) => ({ name, role: 'other' as const, thicknessNm });

describe('stack geometry', () => {
  it('is linear for comparable thicknesses and fills the height', () => {
    const { rects, log } = stackGeometry([L('a', 100), L('b', 300)], 200);
    expect(log).toBe(false);
    expect(rects[0]).toMatchObject({ y: 0, height: 50 });
    expect(rects[1]).toMatchObject({ y: 50, height: 150 });
  });

  it('goes log when a 1 mm glass meets 10 nm films, keeping every band readable', () => {
    const { rects, log } = stackGeometry([L('glass', 1e6), L('ITO', 150), L('PTAA', 10), L('Ag', 100)], 300);
    expect(log).toBe(true);
    const h = rects.map((r) => r.height);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(300, 6);
    // log10(1 + t): glass ~6, ITO ~2.18, PTAA ~1.04 -> glass about 5.8 times PTAA, not 100 000
    expect(h[0]! / h[2]!).toBeGreaterThan(4);
    expect(h[0]! / h[2]!).toBeLessThan(8);
    expect(Math.min(...h)).toBeGreaterThanOrEqual(14);
    for (let i = 1; i < rects.length; i++) expect(rects[i]!.y).toBeCloseTo(rects[i - 1]!.y + h[i - 1]!, 6);
  });

  it('raises tiny bands to the minimum', () => {
    const { rects } = stackGeometry([L('a', 1000), L('b', 1000), L('c', 1)], 100);
    expect(rects[2]!.height).toBeGreaterThanOrEqual(14);
    expect(rects.reduce((s, r) => s + r.height, 0)).toBeCloseTo(100, 6);
  });

  it('handles empty and invalid thicknesses', () => {
    expect(stackGeometry([], 100).rects).toEqual([]);
    const { rects } = stackGeometry([L('a', 0), L('b', Number.NaN)], 100);
    expect(rects.every((r) => Number.isFinite(r.height))).toBe(true);
  });
});

describe('band alignment geometry', () => {
  const layers = [
    { name: 'glass' },
    { name: 'PTAA', electrical: { chiEV: 2.25, egEV: 3.15 } },
    { name: 'MAPbI3', electrical: { chiEV: 3.9, egEV: 1.63 } },
    { name: 'PCBM', electrical: { chiEV: 4, egEV: 1.9 } },
  ];
  const contacts = {
    front: { kind: 'schottky' as const, workFunctionEV: 5.2 },
    back: { kind: 'ohmic' as const },
  };

  it('places Ec at -chi and Ev at -chi-Eg, higher energy higher up', () => {
    const g = bandGeometry(layers, contacts, 300, 200);
    expect(g.empty).toBe(false);
    expect(g.layers.map((l) => l.index)).toEqual([1, 2, 3]);
    const pvk = g.layers[1]!;
    expect(pvk.ec).toBeCloseTo(-3.9, 9);
    expect(pvk.ev).toBeCloseTo(-5.53, 9);
    expect(pvk.yEc).toBeLessThan(pvk.yEv);
    // the same energy maps to the same y; PTAA's Ec (-2.25) is above the perovskite's
    expect(g.layers[0]!.yEc).toBeLessThan(pvk.yEc);
    expect(g.yOf(-3.9)).toBeCloseTo(pvk.yEc, 9);
    // equal columns, side by side
    expect(g.layers[1]!.x).toBeCloseTo(g.layers[0]!.x + g.layers[0]!.width, 9);
    // the work function of the Schottky front contact is a level; the ohmic back contact has none
    const front = g.contacts.find((c) => c.side === 'front')!;
    expect(front.energy).toBe(-5.2);
    expect(front.y).toBeCloseTo(g.yOf(-5.2), 9);
    expect(g.contacts.find((c) => c.side === 'back')!.y).toBeUndefined();
    // all energies inside the drawing
    for (const l of g.layers) for (const y of [l.yEc, l.yEv]) expect(y).toBeGreaterThanOrEqual(0);
    for (const l of g.layers) expect(l.yEv).toBeLessThanOrEqual(200);
  });

  it('is empty without electrical layers', () => {
    expect(bandGeometry([{ name: 'glass' }], undefined, 300, 200).empty).toBe(true);
  });
});

describe('number display', () => {
  it('writes large and small numbers in scientific notation, the rest plainly', () => {
    expect(formatNumber(2.2e18)).toBe('2.2e18');
    expect(formatNumber(2e-7)).toBe('2e-7');
    expect(formatNumber(1e-5)).toBe('1e-5');
    expect(formatNumber(0.01)).toBe('0.01');
    expect(formatNumber(500)).toBe('500');
    expect(formatNumber(1000000)).toBe('1e6');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('import helpers', () => {
  it('joins the XLSX Input rows: one line per row, 32000-character rows continue', () => {
    expect(inputRowsToJson(['{', '  "a": 1', '}'])).toBe('{\n  "a": 1\n}');
    const long = 'x'.repeat(32000);
    expect(inputRowsToJson([long, 'y', 'z'])).toBe(`${long}y\nz`);
  });

  it('finds the DeviceSpec in a device entry or a wrapper', () => {
    expect(unwrapSpec({ id: 'x', spec: { schemaVersion: 1, layers: [] } })).toEqual({ schemaVersion: 1, layers: [] });
    expect(unwrapSpec({ schemaVersion: 1 })).toEqual({ schemaVersion: 1 });
  });

  it('parses an inline n,k table and refuses decreasing wavelengths', () => {
    expect(textToTable('300, 2, 0.1\n# c\n400 2.1 0')).toEqual({ wavelengthNm: [300, 400], n: [2, 2.1], k: [0.1, 0] });
    expect(textToTable('400, 2, 0\n300, 2, 0')).toBeUndefined();
    expect(textToTable('400, 2')).toBeUndefined();
  });
});
