import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HC_EV_NM } from '../../src/constants.js';
import {
  type DispersionModel,
  evaluateDispersion,
  interpolateNk,
  makeNkTable,
  materialNk,
  parseNkCsv,
  taucLorentzEps,
} from '../../src/materials/index.js';
import { readAsset, repoRoot } from '../optics/helpers.js';

type Medium = { wavelength_nm: number[]; n: number[]; k: number[] };
const caseLayer = (file: string, j: number): Medium => {
  const c = JSON.parse(readFileSync(join(repoRoot, 'assets/validation/cases/optics', file), 'utf8'));
  return (j < 0 ? c.input.substrate : c.input.layers[j].medium) as Medium;
};

/** Compares a model with a case table rounded to `digits` significant digits. */
function expectModelMatches(model: DispersionModel, m: Medium, digits: number) {
  const r = evaluateDispersion(model, m.wavelength_nm, 'test');
  const tol = 0.6 * 10 ** (1 - digits);
  m.wavelength_nm.forEach((_, i) => {
    expect(Math.abs(r.n[i]! - m.n[i]!)).toBeLessThanOrEqual(tol * Math.abs(m.n[i]!) + 1e-300);
    expect(Math.abs(r.k[i]! - m.k[i]!)).toBeLessThanOrEqual(tol * Math.abs(m.k[i]!) + 1e-12);
  });
}

describe('tabulated n,k', () => {
  const t = makeNkTable('demo', [400, 500, 700], [2, 2.5, 2.1], [0.5, 0.1, 0]);
  it('linear interpolation of n and k separately, exact at nodes', () => {
    const r = interpolateNk(t, [400, 450, 500, 600, 700], 'x');
    expect(Array.from(r.n)).toEqual([2, 2.25, 2.5, 2.3, 2.1]);
    expect(r.k[1]).toBeCloseTo(0.3, 15);
    expect(r.k[3]).toBeCloseTo(0.05, 15);
    expect(r.k[4]).toBe(0);
  });
  it('outside the range: an error naming the layer and material, unless extrapolation is asked', () => {
    expect(() => interpolateNk(t, [800], 'layers[3] "MAPbI3"')).toThrow(
      /layers\[3\] "MAPbI3": n,k of "demo" missing at 800 nm: the table covers 400-700 nm/,
    );
    expect(Array.from(interpolateNk(t, [300, 800], 'x', 'hold').k)).toEqual([0.5, 0]);
    const tr = interpolateNk(t, [300, 800], 'x', 'transparent');
    expect(Array.from(tr.n)).toEqual([2, 2.1]);
    expect(Array.from(tr.k)).toEqual([0, 0]);
  });
  it('rejects bad tables', () => {
    expect(() => makeNkTable('bad', [500, 400], [1, 1], [0, 0])).toThrow(
      /bad\.wavelengthNm\[1\]: wavelengths must increase/,
    );
    expect(() => makeNkTable('bad', [400, 500], [1, 1], [0, -1])).toThrow(/bad\.k\[1\]/);
    expect(() => parseNkCsv('lambda,n,k\n1,2,3')).toThrow(/header/);
  });
  it('reads every shipped table and reproduces the README spot values', () => {
    const index = JSON.parse(readAsset('data/nk/index.json')) as {
      materials: { id: string; file: string; n_at_600nm: number; k_at_600nm: number }[];
    };
    expect(index.materials.length).toBe(42);
    for (const m of index.materials) {
      const t2 = parseNkCsv(readAsset(`data/${m.file}`), m.id);
      const r = interpolateNk(t2, [600], m.id);
      expect(r.n[0]!).toBeCloseTo(m.n_at_600nm, 2);
    }
    const si = parseNkCsv(readAsset('data/nk/c_si.csv'), 'c_si');
    const k1000 = interpolateNk(si, [1000], 'c_si').k[0]!;
    expect((4 * Math.PI * k1000) / 1000e-7).toBeCloseTo(64.0, 1);
  });
  it('constant material', () => {
    expect(Array.from(materialNk({ kind: 'constant', n: 1.5, k: 0 }, [400, 500], 'x').n)).toEqual([1.5, 1.5]);
    expect(() => materialNk({ kind: 'constant', n: 0, k: 0 }, [400], 'layers[0] "glass".optical')).toThrow(
      /layers\[0\] "glass"\.optical\.n/,
    );
  });
});

describe('dispersion models reproduce independently generated tables (case notes)', () => {
  it('Sellmeier: SCHOTT N-BK7 (formula 2), 10 digits', () => {
    // full-precision SCHOTT catalogue coefficients (the case note prints them rounded)
    const model: DispersionModel = {
      kind: 'sellmeier',
      a: 0,
      terms: [
        { b: 1.03961212, cUm2: 0.00600069867 },
        { b: 0.231792344, cUm2: 0.0200179144 },
        { b: 1.01046945, cUm2: 103.560653 },
      ],
    };
    expectModelMatches(model, caseLayer('fresnel-air-bk7-normal.json', -1), 10);
    // SCHOTT nd = 1.5168 at 587.56 nm
    expect(evaluateDispersion(model, [587.5618], 'x').n[0]!).toBeCloseTo(1.5168, 4);
  });
  it('Tauc-Lorentz (Jellison-Modine): a-Si:H, 8 digits', () => {
    expectModelMatches(
      { kind: 'oscillators', epsInf: 1, terms: [{ type: 'tauc-lorentz', aEv: 210, e0Ev: 3.6, cEv: 2.4, egEv: 1.7 }] },
      caseLayer('lossy-film-asi-50nm-on-bk7.json', 0),
      8,
    );
  });
  it('Drude + Tauc-Lorentz: FTO, 8 digits', () => {
    expectModelMatches(
      {
        kind: 'oscillators',
        epsInf: 2.7,
        terms: [
          { type: 'drude', plasmaEv: 1.3, gammaEv: 0.11 },
          { type: 'tauc-lorentz', aEv: 80, e0Ev: 4.8, cEv: 1.5, egEv: 3.5 },
        ],
      },
      caseLayer('cell-perovskite-nip-glass-fto-tio2-mapi-spiro-au.json', 1),
      8,
    );
  });
  it('Drude: PEDOT:PSS, 8 digits', () => {
    expectModelMatches(
      { kind: 'oscillators', epsInf: 2.48669, terms: [{ type: 'drude', plasmaEv: 0.898742, gammaEv: 0.739565 }] },
      caseLayer('cell-perovskite-pin-glass-ambient-profile.json', 1),
      8,
    );
  });
  it('Lorentz oscillators: PC61BM and spiro-OMeTAD, 8 digits', () => {
    const lor = (f: number, e0Ev: number, gammaEv: number) => ({ type: 'lorentz' as const, f, e0Ev, gammaEv });
    expectModelMatches(
      {
        kind: 'oscillators',
        epsInf: 3.2,
        terms: [lor(0.22, 3.65, 0.55), lor(0.12, 4.7, 0.8), lor(0.03, 2.75, 0.45), lor(0.004, 2.25, 0.3)],
      },
      caseLayer('cell-perovskite-pin-glass-ambient-profile.json', 3),
      8,
    );
    expectModelMatches(
      {
        kind: 'oscillators',
        epsInf: 2.55,
        terms: [
          lor(0.06, 3.05, 0.32),
          lor(0.25, 3.4, 0.4),
          lor(0.1, 4.1, 0.6),
          lor(0.006, 2.4, 0.35),
          lor(0.015, 1.3, 0.6),
        ],
      },
      caseLayer('cell-perovskite-nip-glass-fto-tio2-mapi-spiro-au.json', 4),
      8,
    );
  });
  it('Tauc-Lorentz eps1 is the Kramers-Kronig transform of eps2 (numerical check)', () => {
    const [A, E0, C, Eg] = [100, 3.5, 2, 1.5];
    const eps2 = (e: number) => {
      const o = [0, 0];
      taucLorentzEps(e, A, E0, C, Eg, o);
      return o[1]!;
    };
    // eps1(E) = (2/pi) P int_Eg^inf x eps2(x) / (x^2 - E^2) dx, midpoint rule with the pole subtracted
    for (const E of [1, 2.2, 4]) {
      const o = [0, 0];
      taucLorentzEps(E, A, E0, C, Eg, o);
      let s = 0;
      const h = 1e-3;
      const f = (x: number) => (x * eps2(x) - E * eps2(E)) / (x * x - E * E);
      for (let x = Eg + h / 2; x < 400; x += h) s += f(x) * h;
      // tail beyond 400 eV: eps2 ~ A E0 C / x^3, integrand ~ A E0 C / x^4
      s += (A * E0 * C) / (3 * 400 ** 3);
      // the subtracted pole term: E eps2(E) P int_Eg^X dx/(x^2 - E^2), in closed form
      const X = 400;
      const pole = (eps2(E) / 2) * (Math.log(Math.abs((X - E) / (X + E))) - Math.log(Math.abs((Eg - E) / (Eg + E))));
      const kk = (2 / Math.PI) * (s + pole);
      expect(Math.abs(kk - o[0]!)).toBeLessThan(2e-3 * Math.max(1, Math.abs(o[0]!)));
    }
  });
  it('Cauchy, and errors name the field', () => {
    const r = evaluateDispersion({ kind: 'cauchy', a: 1.45, bUm2: 0.00354, cUm4: 0 }, [500], 'x');
    expect(r.n[0]!).toBeCloseTo(1.45 + 0.00354 / 0.25, 14);
    expect(() =>
      evaluateDispersion({ kind: 'cauchy', a: Number.NaN, bUm2: 0 }, [500], 'layers[1] "ARC".optical'),
    ).toThrow(/layers\[1\] "ARC"\.optical\.a/);
    expect(HC_EV_NM).toBeCloseTo(1239.8419843320025, 10);
  });
});
