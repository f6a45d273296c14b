/**
 * Small-signal impedance spectroscopy: the linear response of the device to a sinusoidal voltage
 * about a steady state (ions equilibrated), computed in the frequency domain from the same
 * discretised equations as the transient solver (no sinusoids in time, no fitting):
 *     R(x) + d/dt S(x) = 0   ->   (J + i w C) dx = -(dR/dv) dv,   J = dR/dx, C = dS/dx at x0
 * (phasors ~ exp(+i w t); storage.ts for S; ions in box form, so their number is conserved at
 * every frequency). The complex block-tridiagonal system is solved as a real one with 2m x 2m
 * blocks: (J + i w C)(a + i b) = r  <=>  [J, -wC; wC, J][a; b] = [r; 0].
 * The terminal current is conduction plus displacement at the anode's interval (terminal.ts):
 *     dJ = dJcond/dx dx - i w dD,
 * the device admittance Y = dJ/dV (generation-positive J), and with the passive convention of
 * FORMAT-dd-notes.md ("Impedance": I = -J flows into the anode) Z_device = -1/Y; the terminal
 * impedance adds the external elements: Z = Rs + (Z_device || Rsh).
 * Low-frequency limit: -1/(dJ/dV) of the quasi-static J-V; high-frequency limit: the ions are
 * frozen and the capacitance Im(1/Z)/w tends to the cell's parallel (geometric) capacitance.
 * References: Laux, IEEE TED 32, 2028 (1985) (sinusoidal steady-state analysis of semiconductor
 * devices); Riquelme et al., Phys. Chem. Chem. Phys. 22, 24599 (2020), and IonMonger 2.0 (Clarke
 * et al., J. Comput. Electron. 22, 364 (2023)) for perovskite impedance with mobile ions.
 */
import type { EngineMessage } from '../../messages/index.js';
import { resultMessage } from '../../messages/results.js';
import { BlockTridiagonal } from '../discretisation/block-tridiagonal.js';
import { displacement } from '../discretisation/fluxes.js';
import { WallClockExceeded } from '../discretisation/newton.js';
import { storage } from '../discretisation/storage.js';
import { DDSystem } from '../discretisation/system.js';
import { intervalCurrent } from '../discretisation/terminal.js';
import { FN, FP, U } from '../discretisation/unknowns.js';
import type { ElectricalDevice } from '../types.js';
import { ContinuationSolver, DidNotConverge } from './jv.js';

export interface ImpedancePoint {
  frequency_Hz: number;
  /** Terminal impedance, Ohm cm^2 (passive convention, phasors exp(+i w t)). */
  Z_re_ohm_cm2: number;
  Z_im_ohm_cm2: number;
  /** Im(1/Z) / w, F/cm^2 (negative where the response is inductive). */
  C_F_cm2: number;
}

export interface ImpedanceResult {
  converged: boolean;
  /** Why the spectrum stopped early (messages/results.ts). */
  error?: EngineMessage;
  /** Terminal voltage of the steady state, V, and its current, mA/cm^2 (generation positive). */
  V_dc: number;
  J_dc_mA_cm2: number;
  points: ImpedancePoint[];
  stats: { elapsed_ms: number; newtonIterations: number };
}

/** The impedance of a device at terminal voltage V_dc and the given frequencies (Hz). */
export function impedanceSpectrum(device: ElectricalDevice, V_dc: number, frequencies_Hz: number[]): ImpedanceResult {
  const o = device.options ?? {};
  const clock = o.clock ?? (() => Date.now());
  const started = clock();
  const deadline = started + (o.wallClockLimit_ms ?? 300000);
  const sys = new DDSystem(device);
  const cs = new ContinuationSolver(sys, deadline, clock);
  let J_dc: number;
  try {
    cs.start();
    J_dc = steadyAt(cs, device, V_dc);
  } catch (e) {
    if (e instanceof DidNotConverge || e instanceof WallClockExceeded)
      return {
        converged: false,
        error: resultMessage.impedanceSteadyState(V_dc, e.msg),
        V_dc,
        J_dc_mA_cm2: Number.NaN,
        points: [],
        stats: { elapsed_ms: clock() - started, newtonIterations: cs.totalIterations },
      };
    throw e;
  }
  const r = smallSignal(sys, cs.x, cs.v, frequencies_Hz, deadline, clock);
  return {
    converged: r.points.length === frequencies_Hz.length && !r.error,
    ...(r.error
      ? { error: r.error }
      : r.points.length < frequencies_Hz.length
        ? { error: resultMessage.impedanceWallClock() }
        : {}),
    V_dc,
    J_dc_mA_cm2: J_dc,
    points: r.points,
    stats: { elapsed_ms: clock() - started, newtonIterations: cs.totalIterations },
  };
}

/** Continues cs to terminal voltage V (series resistance included); returns J there, mA/cm^2. */
function steadyAt(cs: ContinuationSolver, device: ElectricalDevice, V: number): number {
  const Rs = device.Rs_ohm_cm2 ?? 0;
  cs.goTo(V + cs.current() * 1e-3 * Rs);
  // with Rs the internal voltage is V + J Rs (fixed point, g' >= 1)
  for (let k = 0; k < 60 && Rs > 0; k++) {
    const target = V + cs.current() * 1e-3 * Rs;
    if (Math.abs(target - cs.v) < 1e-10) break;
    cs.goTo(target);
  }
  return cs.current();
}

/**
 * The small-signal response at a converged steady state x0 (internal voltage v0, V): the terminal
 * impedance at each frequency. Defects respond with their own time constants: the steady Jacobian
 * holds their quasi-static response (occupation in equilibrium with n and p), and each level k
 * adds, at angular frequency w, the difference to its dynamic one,
 *     df = (c_n (1 - f) dn - c_p f dp) / (i w + D),   D = c_n (n + n1) + c_p (p + p1),
 * entering the electron capture (-N c_n (n + n1) df), the hole capture (+N c_p (p + p1) df) and
 * the charge (-N df): a defect slower than the signal stops following it (its capacitance steps
 * down at w = D, what admittance spectroscopy reads). Interface sheets respond the same way, with
 * D summed over both sides; neutral levels stay quasi-static (defects.ts). Walter et al., J. Appl.
 * Phys. 80, 4411 (1996) for admittance spectroscopy of defects.
 */
export function smallSignal(
  sys: DDSystem,
  x0: Float64Array,
  v0: number,
  frequencies_Hz: number[],
  deadline: number,
  clock: () => number,
): { points: ImpedancePoint[]; error?: EngineMessage } {
  const device = sys.device;
  const Rs = device.Rs_ohm_cm2 ?? 0;
  const Rsh = device.Rsh_ohm_cm2 ?? null;
  const { m, N, Vt, t0 } = sys;
  // the Jacobian of the box-form equations at the steady state, and the storage derivative
  const rows = sys.ionRows;
  sys.ionRows = 'box';
  sys.assemble(x0, v0 / Vt, false);
  const J = { A: sys.mat.A.slice(), B: sys.mat.B.slice(), C: sys.mat.C.slice() };
  sys.carriers.evaluate(sys, x0, m);
  const dS = new Float64Array(m * m * N);
  storage(sys, sys.carriers, x0, m, new Float64Array(m * N), dS);
  const traps = trapResponse(sys, x0);
  // dR/dv: the anode's Dirichlet rows read x - target(v), target u0 + v for u, -v for the quasi-Fermi levels
  const A = sys.anodeNode;
  const anode = device.contacts.anode === 'left' ? sys.left : sys.right;
  const dRdv = new Float64Array(m * N);
  dRdv[m * A + U] = -1;
  if (anode.dirichletN) dRdv[m * A + FN] = 1;
  if (anode.dirichletP) dRdv[m * A + FP] = 1;
  // dJcond/dx at the anode's interval, and the displacement there
  const k = sys.anodeInterval;
  const jA = new Float64Array(m);
  const jB = new Float64Array(m);
  intervalCurrent(sys, sys.carriers, x0, m, k, 0, 0, jA, jB);
  const cP = displacement(sys, x0, m, k).dDdu;
  sys.ionRows = rows;
  const toMa = sys.sgn * sys.J0 * 0.1;
  const M = 2 * m;
  const mat = new BlockTridiagonal(N, M);
  const rhs = new Float64Array(M * N);
  const sol = new Float64Array(M * N);
  const points: ImpedancePoint[] = [];
  for (const f of frequencies_Hz) {
    if (clock() > deadline) break;
    const w = 2 * Math.PI * f * t0;
    mat.clear();
    rhs.fill(0);
    for (let i = 0; i < N; i++) {
      const o = m * m * i;
      const O = M * M * i;
      for (let r = 0; r < m; r++) {
        for (let c = 0; c < m; c++) {
          const jr = m * r + c;
          // [J, -wC; wC, J]
          mat.A[O + M * r + c] = J.A[o + jr]!;
          mat.A[O + M * (r + m) + (c + m)] = J.A[o + jr]!;
          mat.C[O + M * r + c] = J.C[o + jr]!;
          mat.C[O + M * (r + m) + (c + m)] = J.C[o + jr]!;
          mat.B[O + M * r + c] = J.B[o + jr]!;
          mat.B[O + M * (r + m) + (c + m)] = J.B[o + jr]!;
          mat.B[O + M * r + (c + m)] = -w * dS[o + jr]!;
          mat.B[O + M * (r + m) + c] = w * dS[o + jr]!;
        }
        rhs[M * i + r] = -dRdv[m * i + r]!;
      }
    }
    for (const t of traps) t.add(mat, M, w);
    mat.scaleRows(rhs);
    if (!mat.solve(rhs, sol)) return { points, error: resultMessage.impedanceSingular(f) };
    // dJ per scaled volt: conduction through the interval, displacement -i w cP (du_k+1 - du_k)
    let re = 0;
    let im = 0;
    for (let c = 0; c < m; c++) {
      re += jA[c]! * sol[M * k + c]! + jB[c]! * sol[M * (k + 1) + c]!;
      im += jA[c]! * sol[M * k + m + c]! + jB[c]! * sol[M * (k + 1) + m + c]!;
    }
    const dDre = cP * (sol[M * (k + 1) + U]! - sol[M * k + U]!);
    const dDim = cP * (sol[M * (k + 1) + m + U]! - sol[M * k + m + U]!);
    // -i w (dDre + i dDim) = w dDim - i w dDre
    re += w * dDim;
    im -= w * dDre;
    // admittance dJ/dV in A/cm^2 per volt (generation positive): the unknowns respond per scaled volt
    const Yre = (toMa * re * 1e-3) / Vt;
    const Yim = (toMa * im * 1e-3) / Vt;
    // device impedance Z = -1/Y (passive convention), then the shunt in parallel and Rs in series
    let [Zre, Zim] = inverse(-Yre, -Yim);
    if (Rsh) {
      const [yr, yi] = inverse(Zre, Zim);
      [Zre, Zim] = inverse(yr + 1 / Rsh, yi);
    }
    Zre += Rs;
    const [, Gim] = inverse(Zre, Zim);
    points.push({ frequency_Hz: f, Z_re_ohm_cm2: Zre, Z_im_ohm_cm2: Zim, C_F_cm2: Gim / (2 * Math.PI * f) });
  }
  return { points };
}

/**
 * Per node side with defects, what the dynamic occupation adds to the small-signal matrix at
 * scaled angular frequency w (see smallSignal): with g = c_n (1 - f) dn - c_p f dp linear in
 * (du, dfn, dfp) and kappa = 1/(i w + D) - 1/D = -i w / (D (i w + D)), the rows of electrons,
 * holes and Poisson get w_box N [c_n (n + n1), c_p (p + p1), -1] kappa g (the residual rows hold
 * -U_n, +U_p and +rho, dU_n/df = -N c_n (n + n1), dU_p/df = N c_p (p + p1)); as a real system the
 * complex entry K = Kr + i Ki adds [[Kr, -Ki], [Ki, Kr]].
 */
function trapResponse(
  sys: DDSystem,
  x: Float64Array,
): { add: (mat: BlockTridiagonal, M: number, w: number) => void }[] {
  const out: { add: (mat: BlockTridiagonal, M: number, w: number) => void }[] = [];
  const { m, N, hs } = sys;
  const car = sys.carriers;
  car.evaluate(sys, x, m);
  // bulk levels, flat: per level its node, D, the row coefficients (FN, FP, U) and g (u, fn, fp)
  let count = 0;
  for (let i = 0; i < N; i++) {
    const uniform = sys.uniformNode[i] === 1;
    for (let side = 0; side < (uniform ? 1 : 2); side++) {
      const L = sys.defectLevels[2 * i + side];
      if (L) count += L.nt.length;
    }
  }
  const nodes = new Int32Array(count);
  const v = new Float64Array(7 * count);
  let q = 0;
  for (let i = 0; i < N; i++) {
    const uniform = sys.uniformNode[i] === 1;
    for (let side = 0; side < (uniform ? 1 : 2); side++) {
      const s = 2 * i + side;
      const L = sys.defectLevels[s];
      const wb = uniform ? hs[s]! + hs[s + 1]! : hs[s]!;
      if (!L || wb === 0) continue;
      const n = car.nS[s]!;
      const p = car.pS[s]!;
      // dn/d(u, fn, fp) = (n', n', 0), dp/d(u, fn, fp) = (-p', 0, -p')
      const dn = car.dnS[s]!;
      const dp = -car.dpS[s]!;
      for (let k = 0; k < L.nt.length; k++) {
        // a neutral level cannot hold a charge that changes: quasi-static (defects.ts)
        if (L.kind[k] === 0) continue;
        const cn = L.cn[k]!;
        const cp = L.cp[k]!;
        const D = cn * (n + L.n1[k]!) + cp * (p + L.p1[k]!);
        const f = (cn * n + cp * L.p1[k]!) / D;
        const Nt = L.nt[k]! * wb;
        // residual rows: electrons F -= U_n, holes F += U_p, Poisson F += rho
        const o = 7 * q;
        nodes[q++] = i;
        v[o] = D;
        v[o + 1] = Nt * cn * (n + L.n1[k]!);
        v[o + 2] = Nt * cp * (p + L.p1[k]!);
        v[o + 3] = -Nt;
        v[o + 4] = cn * (1 - f) * dn - cp * f * dp;
        v[o + 5] = cn * (1 - f) * dn;
        v[o + 6] = -cp * f * dp;
      }
    }
  }
  const used = q;
  if (used > 0) {
    const rows = [FN, FP, U];
    out.push({
      add(mat, M, w) {
        const B = mat.B;
        for (let l = 0; l < used; l++) {
          const o = 7 * l;
          const D = v[o]!;
          const den = D * D + w * w;
          const kr = (-w * w) / (D * den);
          const ki = -w / den;
          const O = M * M * nodes[l]!;
          for (let r = 0; r < 3; r++) {
            const coef = v[o + 1 + r]!;
            const row = rows[r]!;
            for (let c = 0; c < 3; c++) {
              const g = coef * v[o + 4 + c]!;
              const Kr = kr * g;
              const Ki = ki * g;
              B[O + M * row + c]! += Kr;
              B[O + M * (row + m) + (c + m)]! += Kr;
              B[O + M * row + (c + m)]! -= Ki;
              B[O + M * (row + m) + c]! += Ki;
            }
          }
        }
      },
    });
  }
  // interface sheets: the same response, f exchanging with both sides (defects.ts), the rows and
  // columns of the sheet's two nodes (one node when the interface is a single node)
  for (const S of sys.sheets) {
    const { nodeL, nodeR, sideL, sideR } = S;
    const nL = car.nS[sideL]!;
    const pL = car.pS[sideL]!;
    const nR = car.nS[sideR]!;
    const pR = car.pS[sideR]!;
    // the columns behind nL, pL, nR, pR: (node, unknown, derivative)
    const nCols: [number, number, number][] = [
      [nodeL, U, car.dnS[sideL]!],
      [nodeL, FN, car.dnS[sideL]!],
      [nodeR, U, car.dnS[sideR]!],
      [nodeR, FN, car.dnS[sideR]!],
    ];
    const pCols: [number, number, number][] = [
      [nodeL, U, -car.dpS[sideL]!],
      [nodeL, FP, -car.dpS[sideL]!],
      [nodeR, U, -car.dpS[sideR]!],
      [nodeR, FP, -car.dpS[sideR]!],
    ];
    const levels: { D: number; rows: [number, number, number][]; g: [number, number, number][] }[] = [];
    for (let k = 0; k < S.nt.length; k++) {
      if (S.kind[k] === 0) continue;
      const Nt = S.nt[k]!;
      const cn = S.cn[k]!;
      const cp = S.cp[k]!;
      const num = cn * (nL + nR) + cp * (S.p1L[k]! + S.p1R[k]!);
      const D = cn * (nL + nR + S.n1L[k]! + S.n1R[k]!) + cp * (pL + pR + S.p1L[k]! + S.p1R[k]!);
      const f = num / D;
      // dF/df of each row: electrons F -= U_n,s, holes F += U_p,s, Poisson F += rho (split on two nodes)
      const rows: [number, number, number][] = [
        [nodeL, FN, Nt * cn * (nL + S.n1L[k]!)],
        [nodeR, FN, Nt * cn * (nR + S.n1R[k]!)],
        [nodeL, FP, Nt * cp * (pL + S.p1L[k]!)],
        [nodeR, FP, Nt * cp * (pR + S.p1R[k]!)],
      ];
      if (nodeL === nodeR) rows.push([nodeL, U, -Nt]);
      else rows.push([nodeL, U, -Nt / 2], [nodeR, U, -Nt / 2]);
      const g: [number, number, number][] = [
        ...nCols.map(([node, c, d]) => [node, c, cn * (1 - f) * d] as [number, number, number]),
        ...pCols.map(([node, c, d]) => [node, c, -cp * f * d] as [number, number, number]),
      ];
      levels.push({ D, rows, g });
    }
    if (levels.length === 0) continue;
    out.push({
      add(mat, M, w) {
        for (const { D, rows, g } of levels) {
          const den = D * D + w * w;
          const kr = (-w * w) / (D * den);
          const ki = -w / den;
          for (const [rn, row, coef] of rows)
            for (const [cnode, c, gv] of g) {
              const blk = cnode === rn ? mat.B : cnode === rn + 1 ? mat.C : mat.A;
              const O = M * M * rn;
              const Kr = coef * kr * gv;
              const Ki = coef * ki * gv;
              blk[O + M * row + c]! += Kr;
              blk[O + M * (row + m) + (c + m)]! += Kr;
              blk[O + M * row + (c + m)]! -= Ki;
              blk[O + M * (row + m) + c]! += Ki;
            }
        }
      },
    });
  }
  return out;
}

/** 1 / (a + i b). */
function inverse(a: number, b: number): [number, number] {
  const d = a * a + b * b;
  return [a / d, -b / d];
}
