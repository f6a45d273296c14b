/**
 * Graded layers: a parameter P of a layer of thickness d that changes linearly with depth x from
 * the front face (SCAPS-1D's linear grading of a composition-graded layer):
 *
 *   P(x) = P_front + (P_back - P_front) x / d,   0 <= x <= d,
 *
 * for P among eps_r, chi, Eg, Nc, Nv, mu_n, mu_p, Nd, Na (fields.ts GRADABLE_KEYS). The discretisation
 * evaluates P at each node (band parameters, densities of states, doping, n_i^2, SRH n1/p1) and at
 * each interval's midpoint (eps_r and the mobilities, which live on intervals); the
 * Scharfetter-Gummel fluxes take band edges that differ at the two ends of an interval
 * (discretisation/fluxes.ts), so the band-edge gradient enters the currents as the effective field
 * it is. A defect level keeps its distance from the band edge (or intrinsic level) it was given
 * from, so it follows the local band edges.
 * Reference: M. Burgelman, J. Marlein, "Analysis of graded band gap solar cells with SCAPS",
 * Proc. 23rd EU PVSEC (2008) 2151; docs/physics/drift-diffusion.md ("Graded layers").
 */
import { GRADABLE_KEYS, layerFieldByKey } from '../fields.js';
import type { ElectricalLayer, GradedSolverKey } from '../types.js';

/** The graded parameters by solver name. */
const GRADED_SOLVER_KEYS = GRADABLE_KEYS.map((k) => layerFieldByKey(k)!.solver as GradedSolverKey);

/** True when the layer changes with depth. */
export function isGraded(l: ElectricalLayer): boolean {
  return l.graded !== undefined && Object.keys(l.graded.back).length > 0;
}

/**
 * The layer as seen at relative depth t (0 at the front face, 1 at the back face): the graded
 * parameters at that depth, the others the layer's own. An ungraded layer is returned as is.
 */
export function layerAt(l: ElectricalLayer, t: number): ElectricalLayer {
  if (!isGraded(l)) return l;
  const f = Math.min(Math.max(t, 0), 1);
  const out: ElectricalLayer = { ...l };
  const back = l.graded!.back;
  for (const k of GRADED_SOLVER_KEYS) {
    const b = back[k];
    if (b === undefined) continue;
    const a = l[k] ?? 0;
    // the two faces exactly (no rounding of a + (b - a))
    out[k] = f === 0 ? a : f === 1 ? b : a + (b - a) * f;
  }
  return out;
}

/**
 * Depth below the vacuum level of a layer's conduction edge, valence edge and intrinsic level, eV
 * (E_i = (E_c + E_v)/2 + (kT/2) ln(Nv/Nc), Vt = kT/q): what a defect level is referred to.
 */
export function referenceDepthsEV(
  l: Pick<ElectricalLayer, 'chi_eV' | 'Eg_eV' | 'Nc_cm3' | 'Nv_cm3'>,
  Vt: number,
): { conduction: number; valence: number; intrinsic: number } {
  const shift = l.Nc_cm3 > 0 && l.Nv_cm3 > 0 ? 0.5 * Vt * Math.log(l.Nv_cm3 / l.Nc_cm3) : 0;
  return { conduction: l.chi_eV, valence: l.chi_eV + l.Eg_eV, intrinsic: l.chi_eV + l.Eg_eV / 2 - shift };
}

/**
 * The defects of a graded layer at one depth: each level moved by as much as its reference moved
 * from the front face (where the map placed it) to `local`.
 */
export function defectsAt(front: ElectricalLayer, local: ElectricalLayer, Vt: number): ElectricalLayer['defects'] {
  if (!front.defects || local === front) return front.defects;
  const a = referenceDepthsEV(front, Vt);
  const b = referenceDepthsEV(local, Vt);
  return front.defects.map((d) =>
    d.reference ? { ...d, level_below_vacuum_eV: d.level_below_vacuum_eV + b[d.reference] - a[d.reference] } : d,
  );
}
