import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DDSystem } from '../../src/electrical/discretisation/system.js';
import { ContinuationSolver } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalLayer } from '../../src/electrical/types.js';
import type { BenchCase } from '../../src/validation/types.js';

export const CASES_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'validation', 'cases', 'dd');

export function loadCases(): BenchCase[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(CASES_DIR, f), 'utf8')) as BenchCase);
}

export function loadCase(id: string): BenchCase {
  return JSON.parse(readFileSync(join(CASES_DIR, `${id}.json`), 'utf8')) as BenchCase;
}

export const VT300 = (1.380649e-23 * 300) / 1.602176634e-19;

/** Silicon layer (Nc, Nv, Eg as in the analytic cases). */
export function siLayer(name: string, thickness_nm: number, over: Partial<ElectricalLayer>): ElectricalLayer {
  return {
    name,
    thickness_nm,
    eps_r: 11.7,
    chi_eV: 4.05,
    Eg_eV: 1.12,
    Nc_cm3: 2.8e19,
    Nv_cm3: 1.04e19,
    mu_n_cm2_Vs: 1000,
    mu_p_cm2_Vs: 400,
    Nd_cm3: 0,
    Na_cm3: 0,
    ...over,
  };
}

/** A symmetric p-i-n cell with one intrinsic absorber and selective Schottky contacts. */
export function pinDevice(over: Partial<ElectricalDevice> = {}): ElectricalDevice {
  return {
    layers: [
      {
        name: 'absorber',
        thickness_nm: 300,
        eps_r: 10,
        chi_eV: 4,
        Eg_eV: 1.5,
        Nc_cm3: 1e19,
        Nv_cm3: 1e19,
        mu_n_cm2_Vs: 1,
        mu_p_cm2_Vs: 1,
        Nd_cm3: 0,
        Na_cm3: 0,
      },
    ],
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.4 },
      right: { kind: 'schottky', workFunction_eV: 4.1 },
      anode: 'left',
    },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e21 },
    voltage_V: [0],
    ...over,
  };
}

/**
 * Compares every entry of the analytic Jacobian of sys at (x, v) in the given node columns with a
 * Richardson-extrapolated central finite difference of the residual (error O(h^4), h = 1e-3 in
 * units of Vt). An entry passes when
 *     |analytic - fd| <= rtol |fd| + 1e-10 max|row| + 50 eps |F_row| / h:
 * the floors only absorb the rounding noise of the difference quotient (entries ten decades below
 * the largest of their row, or below what the residual's own rounding can resolve), so any
 * derivative term that matters fails when it is wrong or missing. Rows are not scaled (scaleRows
 * false). Returns the worst entry as a multiple of its allowance and where it is.
 */
export function jacobianMismatch(
  sys: DDSystem,
  x: Float64Array,
  v: number,
  nodes: Iterable<number>,
  rtol = 1e-6,
): { worst: number; at: string } {
  const m = sys.m;
  const mm = m * m;
  sys.assemble(x, v, false);
  const A = sys.mat.A.slice();
  const B = sys.mat.B.slice();
  const C = sys.mat.C.slice();
  const rowMax = new Float64Array(m * sys.N);
  for (let i = 0; i < sys.N; i++)
    for (let r = 0; r < m; r++)
      for (let c = 0; c < m; c++) {
        const o = mm * i + m * r + c;
        rowMax[m * i + r] = Math.max(rowMax[m * i + r]!, Math.abs(A[o]!), Math.abs(B[o]!), Math.abs(C[o]!));
      }
  const residualAt = (col: number, dx: number): Float64Array => {
    const xp = x.slice();
    xp[col]! += dx;
    sys.assemble(xp, v, false);
    return sys.F.slice();
  };
  let worst = 0;
  let at = '';
  const h = 1e-3;
  for (const j of nodes) {
    for (let c = 0; c < m; c++) {
      const col = m * j + c;
      const p1 = residualAt(col, h);
      const m1 = residualAt(col, -h);
      const p2 = residualAt(col, h / 2);
      const m2 = residualAt(col, -h / 2);
      for (let i = Math.max(0, j - 1); i <= Math.min(sys.N - 1, j + 1); i++) {
        for (let r = 0; r < m; r++) {
          const row = m * i + r;
          const d1 = (p1[row]! - m1[row]!) / (2 * h);
          const d2 = (p2[row]! - m2[row]!) / h;
          const fd = (4 * d2 - d1) / 3;
          const blk = i === j ? B : i === j + 1 ? A : C;
          const an = blk[mm * i + m * r + c]!;
          const noise = (50 * Number.EPSILON * Math.max(Math.abs(p1[row]!), Math.abs(m1[row]!))) / h;
          const allowed = rtol * Math.abs(fd) + 1e-10 * rowMax[row]! + noise;
          const ratio = Math.abs(an - fd) / (allowed || 1e-300);
          if (ratio > worst) {
            worst = ratio;
            at = `row ${r} of node ${i}, d/d(var ${c} of node ${j}): analytic ${an}, finite difference ${fd}`;
          }
        }
      }
    }
  }
  return { worst, at };
}

/**
 * The converged state of sys at internal voltage V (under its generation), perturbed so that no
 * residual vanishes by symmetry: a state where the physics of a realistic operating point (not an
 * arbitrary vector) sets the size of every Jacobian term.
 */
export function perturbedSolution(sys: DDSystem, V: number): Float64Array {
  const cs = new ContinuationSolver(sys, Number.POSITIVE_INFINITY, () => 0);
  cs.start();
  cs.goTo(V);
  const x = cs.x.slice();
  for (let i = 0; i < sys.N; i++) {
    x[sys.m * i]! += 0.02 * Math.sin(3 * i);
    x[sys.m * i + 1]! += 0.05 * Math.sin(i);
    x[sys.m * i + 2]! += 0.05 * Math.cos(i);
  }
  return x;
}
