/**
 * External and internal quantum efficiency, for the optical engine: for each wavelength, the
 * generation profile per unit incident photon flux (cm^-3 s^-1 per cm^-2 s^-1, i.e. cm^-1) and the
 * incident flux; optional bias-light generation G_b and bias voltage V_b (default 0 V, short
 * circuit). The lab's lock-in measures the small extra current of a weak chopped probe on top of a
 * DC state. Under a bias light that is the derivative of the terminal current along the probe's
 * profile G_lambda(x) at the steady state x0 of (V_b, G_b),
 *     EQE = dJ / (q dPhi),
 * taken as the linear response of the discretised equations R(x; v, G) = 0 at x0:
 *     (dR/dx) dx = -(R(x0; v0, G_b + G_lambda Phi) - R(x0; v0, G_b))   (R is linear in G: exact)
 *     dJ = (dJ_anode/dx) dx                           (conduction at the anode's interval)
 * i.e. the first Newton step of the probe's system from x0, with its scalings (a minority carrier
 * the probe raises by decades is solved in density units). With a series resistance the internal
 * voltage follows the current, v = V_b + J Rs, so dJ_terminal = dJ / (1 - Rs dJ/dv), dJ/dv from
 * the same Jacobian with dR/dv on the right (the shunt's -1/Rsh included); Phi cancels. The
 * Jacobian at x0 holds the state's own recombination (bimolecular, space charge screening the
 * field), which lowers the EQE under a bias light and a forward bias as the measurement sees it.
 * One factorisation per wavelength and no iteration: no wavelength can fail where the base
 * converged. Laux, IEEE TED 32, 2028 (1985), for the small-signal analysis of the discretised
 * device equations (here at zero frequency, driven by generation).
 *
 * Without a bias light the derivative at the dark state is not what a lab measures: there n and p
 * are below what any real probe makes (in a wide-gap absorber a probe of 1e14 cm^-2 s^-1 raises
 * them by decades), and rates linearised at n ~ p ~ n_i are not the probe's (SRH's
 * np/(tau (n + p)) halves from one regime to the other). In the dark, and where a linear solve
 * fails (a singular Jacobian), the EQE is the finite difference at the probe's flux Phi (default
 * 1e14 cm^-2 s^-1, about 1e-4 of a sun's absorbed photons: a lab's order),
 *     EQE = (J(V_b; G_b + G_lambda Phi) - J(V_b; G_b)) / (q Phi),
 * with both states solved, each wavelength's starting from the previous one's: a neighbouring line
 * generates in nearly the same place, whereas from 0 V a probe absorbed in a contact layer at
 * reverse bias can stall.
 * IQE = EQE / (absorbed fraction), absorbed fraction = int G_lambda dx / Phi on the solver's mesh.
 *
 * A run that does not converge is reported, never turned into a number: the run without the probe
 * light failing throws DidNotConverge (no EQE can be formed); a wavelength failing is left out of
 * the lists and named in `failed` with its reason.
 */
import { Q_C } from '../../constants.js';
import type { EngineMessage } from '../../messages/index.js';
import { resultMessage } from '../../messages/results.js';
import { DDSystem } from '../discretisation/system.js';
import { intervalCurrent } from '../discretisation/terminal.js';
import type { ElectricalDevice, ElectricalGenerationSpec } from '../types.js';
import { DidNotConverge, pointBreakdown, simulateJV } from './jv.js';
import type { SolverStateHooks } from './states.js';

/**
 * EQE and IQE at the bias voltage under the bias light, one entry per wavelength line (the module's
 * header gives the equations); failed wavelengths are named with their reason.
 */
export function quantumEfficiency(
  device: ElectricalDevice,
  lines: { wavelength_nm: number; x_nm: number[]; Gper_photon_cm: number[] }[],
  options: { photonFlux_cm2_s?: number; bias?: ElectricalGenerationSpec; biasV?: number } = {},
): {
  wavelength_nm: number[];
  EQE: number[];
  IQE: number[];
  failed: { wavelength_nm: number; error: EngineMessage }[];
} {
  const phi = options.photonFlux_cm2_s ?? 1e14;
  const bias = options.bias ?? { kind: 'dark' };
  const biasV = options.biasV ?? 0;
  if (!Number.isFinite(biasV)) throw new Error(`quantumEfficiency: bias voltage ${biasV} V is not a finite number`);
  // The base state is solved at the bias voltage only (no sweep to Voc, no extra profiles). Under a
  // bias light each wavelength is then a linear solve at it. In the dark each probe's state is
  // solved, starting from the previous wavelength's (a neighbouring line generates nearly where
  // and as much as this one), else the usual start; should a linear solve fail, a probe under a
  // bias light starts from the base's state (a weak probe on a lit state moves it little).
  let baseState: { x: Float64Array; vInternalV: number } | undefined;
  const at = (gen: ElectricalGenerationSpec): ElectricalDevice => ({
    ...device,
    generation: gen,
    voltage_V: [biasV],
    options: {
      ...device.options,
      standardProfiles: false,
      extendToVoc: false,
      profileBiases_V: [],
      inputWarnings: false,
    },
  });
  const run = (gen: ElectricalGenerationSpec, states: SolverStateHooks = {}) => simulateJV(at(gen), states);
  const base = run(bias, {
    onState: (s) => {
      if (s.V === biasV) baseState = { x: s.x, vInternalV: s.vInternalV };
    },
  });
  let lastProbe: { x: Float64Array; vInternalV: number } | undefined;
  const probeStart: SolverStateHooks = {
    initialStates: () => {
      const from = bias.kind === 'dark' ? lastProbe : baseState;
      return from ? [from] : [];
    },
    onState: (st) => {
      if (st.V === biasV) lastProbe = { x: st.x, vInternalV: st.vInternalV };
    },
  };
  const J0 = base.J_mA_cm2[0];
  const G0 = base.recombination.generation[0];
  if (!base.converged || J0 === undefined || G0 === undefined)
    throw new DidNotConverge(
      biasV,
      Number.NaN,
      resultMessage.eqeBaseFailed(base.error ?? resultMessage.noPointSolved()),
    );
  const response =
    bias.kind !== 'dark' && baseState ? linearResponse(at(bias), baseState.x, baseState.vInternalV) : undefined;
  const out = {
    wavelength_nm: [] as number[],
    EQE: [] as number[],
    IQE: [] as number[],
    failed: [] as { wavelength_nm: number; error: EngineMessage }[],
  };
  const biasG = (xnm: number): number => {
    if (bias.kind === 'dark') return 0;
    if (bias.kind === 'uniform') return bias.G_cm3_s;
    if (bias.kind === 'function') return bias.G(xnm);
    throw new Error('quantumEfficiency: bias light must be dark, uniform, a function of x or one value per mesh node');
  };
  // the probe's generation: bias plus probe at every node, so that the base and the probe run see the
  // same bias light node by node (a per-node bias, as the optics gives it, stays per node)
  const withProbe = (probe: (xnm: number) => number): ElectricalGenerationSpec => {
    if (bias.kind !== 'mesh') return { kind: 'function', G: (x) => biasG(x) + probe(x) };
    return { kind: 'mesh', G_cm3_s: base.mesh.x_nm.map((x, i) => bias.G_cm3_s[i]! + probe(x)) };
  };
  for (const line of lines) {
    const xs = line.x_nm;
    const gs = line.Gper_photon_cm.map((g) => g * phi);
    const interp = (x: number): number => {
      if (x <= xs[0]!) return gs[0]!;
      for (let k = 1; k < xs.length; k++) {
        if (x <= xs[k]!) {
          const t = (x - xs[k - 1]!) / (xs[k]! - xs[k - 1]!);
          return gs[k - 1]! + t * (gs[k]! - gs[k - 1]!);
        }
      }
      return gs[gs.length - 1]!;
    };
    const gen = withProbe(interp);
    let step = response?.(at(gen));
    if (!step) {
      const r = run(gen, probeStart);
      const J = r.J_mA_cm2[0];
      const G = r.recombination.generation[0];
      if (!r.converged || J === undefined || G === undefined) {
        out.failed.push({ wavelength_nm: line.wavelength_nm, error: r.error ?? resultMessage.noPointSolved() });
        continue;
      }
      step = { dJ_mA_cm2: J - J0, dGen_mA_cm2: G - G0 };
    }
    const dJ = step.dJ_mA_cm2 * 1e-3; // A/cm^2
    // absorbed photons as the solver integrated them on its mesh (q int G, mA/cm^2)
    const dG = step.dGen_mA_cm2 * 1e-3;
    out.wavelength_nm.push(line.wavelength_nm);
    out.EQE.push(dJ / (Q_C * phi));
    out.IQE.push(dG > 0 ? dJ / dG : Number.NaN);
  }
  return out;
}

/**
 * The linear response at the converged base state (x0, internal voltage v0 in V) of the device `base`
 * describes: given the device with the probe's generation added, the change of the terminal
 * current and of the generation current (mA/cm^2) the probe makes, or undefined when the Jacobian
 * cannot be solved (the caller then solves the probe's state).
 */
function linearResponse(
  base: ElectricalDevice,
  x0: Float64Array,
  v0: number,
): ((probe: ElectricalDevice) => { dJ_mA_cm2: number; dGen_mA_cm2: number } | undefined) | undefined {
  const sysB = new DDSystem(base);
  const { m, Vt } = sysB;
  const vs = v0 / Vt;
  const k = sysB.anodeInterval;
  const jA = new Float64Array(m);
  const jB = new Float64Array(m);
  const dx = new Float64Array(x0.length);
  /** dJ (mA/cm^2, generation positive) of the step dx, by the anode interval's conduction current. */
  const currentOf = (sys: DDSystem, d: Float64Array): number => {
    intervalCurrent(sys, sys.carriers, x0, m, k, 0, 0, jA, jB);
    let s = 0;
    for (let c = 0; c < m; c++) s += jA[c]! * d[m * k + c]! + jB[c]! * d[m * (k + 1) + c]!;
    return sys.sgn * s * sys.J0 * 0.1;
  };
  const gen0 = pointBreakdown(sysB, x0, v0).generation;
  // with a series resistance, dJ/dv (mA/cm^2 per V, shunt included): the response to dR/dv, taken
  // as a central difference of the contacts' rows (linear in v)
  const Rs = base.Rs_ohm_cm2 ?? 0;
  let dJdv = 0;
  if (Rs > 0) {
    const h = 1e-3;
    sysB.assemble(x0, vs + h, false);
    const up = sysB.F.slice();
    sysB.assemble(x0, vs - h, false);
    const down = sysB.F.slice();
    sysB.assemble(x0, vs, true);
    const rs = sysB.mat.rowScale;
    const rhs = Float64Array.from(up, (q, r) => (-(q - down[r]!) / (2 * h)) * rs[r]!);
    if (!sysB.linearSolve(rhs, dx)) return undefined;
    const Rsh = base.Rsh_ohm_cm2;
    dJdv = currentOf(sysB, dx) / Vt - (Rsh ? 1e3 / Rsh : 0);
  }
  return (probe) => {
    const sys = new DDSystem(probe);
    if (sys.N !== sysB.N || sys.m !== m) return undefined;
    // the probe's residual at x0 is what its generation adds (the base's is zero there): the Newton
    // step from x0 is the linear response
    sys.assemble(x0, vs, true);
    for (let r = 0; r < sys.F.length; r++) sys.F[r] = -sys.F[r]!;
    if (!sys.linearSolve(sys.F, dx)) return undefined;
    const dDevice = currentOf(sys, dx);
    if (!Number.isFinite(dDevice)) return undefined;
    // v = V_b + J Rs: the internal voltage follows the current (J in A/cm^2)
    const dJ = dDevice / (1 - Rs * 1e-3 * dJdv);
    return { dJ_mA_cm2: dJ, dGen_mA_cm2: pointBreakdown(sys, x0, v0).generation - gen0 };
  };
}
