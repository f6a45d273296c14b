/**
 * Continuation in the contacts' work functions, for devices whose start (equilibrium, then the
 * light switched on at V = 0) Newton cannot reach directly.
 *
 * The hard case is an ohmic contact on an undoped wide-gap transport layer (PTAA, C60 of the public
 * library): the contact takes the layer's intrinsic Fermi level as its work function (contacts.ts),
 * so the carrier it should collect is nearly absent there (n_i = sqrt(Nc Nv) exp(-Eg / 2 Vt), about
 * 1e-7 cm^-3 for Eg = 3.15 eV) and the light's carriers must pile up by tens of decades before they
 * leave. Newton from the dark state fails even at 1e-12 of the light.
 *
 * The same device with carrier-selective contacts starts easily, and its solution is a good guess
 * for a device whose contacts differ a little. So: solve the device with
 *   W_anode   = E_v,adjacent - delta = chi + Eg - delta,
 *   W_cathode = E_c,adjacent + delta = chi + delta          (delta = SELECTIVE_OFFSET_EV),
 * then move the work functions linearly to the given ones, W(t) = W_sel + t (W - W_sel), t: 0 -> 1,
 * under the full light at V = 0, with adaptive steps in t (grown after a success, halved on a
 * failure). At t = 1 the system is exactly the given one, so the solution is the given device's:
 * only the path to it differs (Allgower & Georg, Introduction to Numerical Continuation Methods,
 * SIAM 2003, ch. 1: natural-parameter continuation).
 */
import type { DDSystem } from '../discretisation/system.js';

/** Distance of the selective start contacts from the band edge of the carrier they collect, eV. */
export const SELECTIVE_OFFSET_EV = 0.1;
/** Smallest step in t before the continuation gives up. */
const MIN_STEP = 1e-3;

/** The carrier-selective work functions (eV) of the left and right contacts of a system. */
export function selectiveWorkFunctions(sys: DDSystem): { left: number; right: number } {
  // the faces the contacts touch (a graded layer's face values)
  const first = sys.sideLayers[1]!;
  const last = sys.sideLayers[2 * (sys.N - 1)]!;
  const anodeLeft = sys.device.contacts.anode === 'left';
  const anodeW = (l: typeof first) => l.chi_eV + l.Eg_eV - SELECTIVE_OFFSET_EV;
  const cathodeW = (l: typeof first) => l.chi_eV + SELECTIVE_OFFSET_EV;
  return anodeLeft ? { left: anodeW(first), right: cathodeW(last) } : { left: cathodeW(first), right: anodeW(last) };
}

export interface ContactContinuationHooks {
  /** Solves the start (equilibrium and light at V = 0) from the initial guess of the current contacts; undefined when it does not converge. */
  start: () => { x: Float64Array; iterations: number } | undefined;
  /** Newton at V = 0 from x (modified in place) with the current contacts. */
  solve: (x: Float64Array) => { ok: boolean; iterations: number; timedOut: boolean };
  /** Called when a Newton run hits the wall-clock deadline (throws). */
  timeout: () => never;
}

/**
 * The solution at V = 0 of the system with its own contacts, reached from carrier-selective ones,
 * or undefined when the selective start or the continuation fails (the caller reports its own
 * error). The system's contacts are the given ones again on return, whatever happens.
 */
export function startThroughContacts(
  sys: DDSystem,
  hooks: ContactContinuationHooks,
): { x: Float64Array; iterations: number } | undefined {
  const given = { left: sys.left, right: sys.right };
  const from = selectiveWorkFunctions(sys);
  const to = { left: given.left.W_eV, right: given.right.W_eV };
  if (Math.abs(from.left - to.left) < 1e-9 && Math.abs(from.right - to.right) < 1e-9) return undefined;
  let iterations = 0;
  try {
    sys.setContactWorkFunctions(from.left, from.right);
    const s = hooks.start();
    if (!s) return undefined;
    let x = s.x;
    iterations += s.iterations;
    let t = 0;
    let dt = 0.1;
    while (t < 1) {
      const next = Math.min(1, t + dt);
      if (next === 1) {
        sys.left = given.left;
        sys.right = given.right;
      } else
        sys.setContactWorkFunctions(
          from.left + next * (to.left - from.left),
          from.right + next * (to.right - from.right),
        );
      const trial = x.slice();
      const out = hooks.solve(trial);
      iterations += out.iterations;
      if (out.timedOut) hooks.timeout();
      if (out.ok) {
        x = trial;
        t = next;
        dt = Math.min(dt * 1.5, 0.25);
      } else {
        dt /= 2;
        if (dt < MIN_STEP) return undefined;
      }
    }
    return { x, iterations };
  } finally {
    sys.left = given.left;
    sys.right = given.right;
  }
}
