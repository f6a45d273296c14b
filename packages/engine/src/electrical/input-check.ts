/**
 * Input checks of the drift-diffusion solver. Every message names the layer (or contact,
 * interface) and the field, so that a user can find what to fix. A zero (or negative) lifetime,
 * mobility, density of states or permittivity in a non-electrode layer makes the equations
 * singular (spec §5); negative thicknesses are meaningless. Electrode layers are exempt: they are
 * not part of the drift-diffusion domain.
 */
import type { ElectricalDevice, ElectricalInputIssue, ElectricalLayer } from './types.js';

function finite(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

function checkLayer(l: ElectricalLayer, idx: number, out: ElectricalInputIssue[]): void {
  const where = l.name ? `layer "${l.name}"` : `layer ${idx + 1}`;
  const err = (field: string, what: string) =>
    out.push({ severity: 'error', where, field, message: `${where}: ${field} ${what}` });
  const positive: (keyof ElectricalLayer)[] = [
    'thickness_nm',
    'eps_r',
    'Nc_cm3',
    'Nv_cm3',
    'mu_n_cm2_Vs',
    'mu_p_cm2_Vs',
    'Eg_eV',
  ];
  for (const f of positive) {
    const v = l[f];
    if (!finite(v)) err(f, `must be a finite number (got ${String(v)})`);
    else if (f === 'thickness_nm' && v < 0) err(f, `must not be negative (got ${v})`);
    else if (v <= 0) err(f, `must be positive in a non-electrode layer (got ${v})`);
  }
  if (!finite(l.chi_eV)) err('chi_eV', `must be a finite number (got ${String(l.chi_eV)})`);
  for (const f of ['Nd_cm3', 'Na_cm3', 'k_rad_cm3_s', 'Cn_cm6_s', 'Cp_cm6_s'] as const) {
    const v = l[f];
    if (v === undefined && f !== 'Nd_cm3' && f !== 'Na_cm3') continue;
    if (!finite(v)) err(f, `must be a finite number (got ${String(v)})`);
    else if (v < 0) err(f, `must not be negative (got ${v})`);
  }
  const s = l.srh;
  if (s) {
    if ('tau_n_s' in s) {
      for (const f of ['tau_n_s', 'tau_p_s'] as const) {
        const v = s[f];
        if (!finite(v) || v <= 0) err(`srh.${f}`, `must be a positive lifetime in a non-electrode layer (got ${v})`);
      }
    } else {
      for (const f of ['Nt_cm3', 'sigma_n_cm2', 'sigma_p_cm2'] as const) {
        const v = s[f];
        if (!finite(v) || v < 0) err(`srh.${f}`, `must be a non-negative number (got ${v})`);
      }
      if (s.vth_cm_s !== undefined && (!finite(s.vth_cm_s) || s.vth_cm_s <= 0))
        err('srh.vth_cm_s', `must be positive (got ${s.vth_cm_s})`);
    }
    if (s.Et_minus_Ei_eV !== undefined && !finite(s.Et_minus_Ei_eV))
      err('srh.Et_minus_Ei_eV', 'must be a finite number');
  }
  const m = l.mesh;
  if (m?.intervals !== undefined && (!Number.isInteger(m.intervals) || m.intervals < 2))
    err('mesh.intervals', `must be an integer >= 2 (got ${m.intervals})`);
  if (m?.grading !== undefined && (!finite(m.grading) || m.grading < 0))
    err('mesh.grading', `must be a non-negative number (got ${m.grading})`);
}

/** Returns the issues of a device description (errors and warnings); an empty list means usable. */
export function checkElectricalDevice(d: ElectricalDevice): ElectricalInputIssue[] {
  const out: ElectricalInputIssue[] = [];
  const err = (where: string, field: string, what: string) =>
    out.push({ severity: 'error', where, field, message: `${where}: ${field} ${what}` });
  if (!Array.isArray(d.layers) || d.layers.length === 0) {
    err('device', 'layers', 'must list at least one layer');
    return out;
  }
  const semi = d.layers.map((l, i) => ({ l, i })).filter((x) => !x.l.electrode);
  if (semi.length === 0) err('device', 'layers', 'must contain at least one non-electrode layer');
  const first = semi[0]?.i ?? 0;
  const last = semi[semi.length - 1]?.i ?? 0;
  d.layers.forEach((l, i) => {
    if (l.electrode) {
      if (i > first && i < last)
        err(`layer "${l.name}"`, 'electrode', 'an electrode layer may only be the first or last layers of the stack');
      if (finite(l.thickness_nm) && l.thickness_nm < 0)
        err(`layer "${l.name}"`, 'thickness_nm', `must not be negative (got ${l.thickness_nm})`);
      return;
    }
    checkLayer(l, i, out);
  });
  for (const side of ['left', 'right'] as const) {
    const c = d.contacts?.[side];
    const where = `contacts.${side}`;
    if (!c) {
      err(where, 'kind', 'is missing');
      continue;
    }
    if (c.kind === 'schottky' && !finite(c.workFunction_eV))
      err(where, 'workFunction_eV', 'is required for a Schottky contact');
    for (const f of ['S_n_cm_s', 'S_p_cm_s'] as const) {
      const v = c[f];
      if (v !== undefined && v !== null && (!finite(v) || v < 0))
        err(where, f, `must be a non-negative number or null (infinite) (got ${v})`);
    }
  }
  if (d.contacts && d.contacts.anode !== 'left' && d.contacts.anode !== 'right')
    err('contacts', 'anode', `must be "left" or "right" (got ${String(d.contacts.anode)})`);
  (d.interfaces ?? []).forEach((it, i) => {
    if (!it) return;
    const where = `interface ${i + 1}`;
    for (const f of ['S_n_cm_s', 'S_p_cm_s', 'Nt_cm2', 'sigma_n_cm2', 'sigma_p_cm2'] as const) {
      const v = it[f];
      if (v !== undefined && (!finite(v) || v < 0)) err(where, f, `must be a non-negative number (got ${v})`);
    }
    for (const f of ['v_n_cm_s', 'v_p_cm_s'] as const) {
      const v = it.thermionic?.[f];
      if (v !== undefined && (!finite(v) || v <= 0))
        err(where, `thermionic.${f}`, `must be a positive velocity (got ${v})`);
    }
  });
  if (!finite(d.T_K) || d.T_K <= 0) err('device', 'T_K', `must be a positive temperature (got ${d.T_K})`);
  if (d.Rs_ohm_cm2 !== undefined && (!finite(d.Rs_ohm_cm2) || d.Rs_ohm_cm2 < 0))
    err('device', 'Rs_ohm_cm2', `must be a non-negative number (got ${d.Rs_ohm_cm2})`);
  if (d.Rsh_ohm_cm2 !== undefined && d.Rsh_ohm_cm2 !== null && (!finite(d.Rsh_ohm_cm2) || d.Rsh_ohm_cm2 <= 0))
    err('device', 'Rsh_ohm_cm2', `must be a positive number or null (no shunt) (got ${d.Rsh_ohm_cm2})`);
  if (!Array.isArray(d.voltage_V) || d.voltage_V.length === 0)
    err('device', 'voltage_V', 'must list at least one voltage');
  else if (d.voltage_V.some((v) => !finite(v))) err('device', 'voltage_V', 'must contain finite numbers only');
  const g = d.generation;
  if (g.kind === 'uniform' && !(finite(g.G_cm3_s) && g.G_cm3_s >= 0))
    err('generation', 'G_cm3_s', `must be a non-negative number (got ${g.G_cm3_s})`);
  if (g.kind === 'per-layer' && g.G_cm3_s.some((v) => !(finite(v) && v >= 0)))
    err('generation', 'G_cm3_s', 'must contain non-negative numbers only');
  if (g.kind === 'beer-lambert' && !(finite(g.photonFlux_cm2_s) && g.photonFlux_cm2_s >= 0))
    err('generation', 'photonFlux_cm2_s', `must be a non-negative number (got ${g.photonFlux_cm2_s})`);
  if (g.kind === 'per-layer' && g.G_cm3_s.length !== semi.length)
    err(
      'generation',
      'G_cm3_s',
      `must give one rate per non-electrode layer (${semi.length}), got ${g.G_cm3_s.length}`,
    );
  if (g.kind === 'beer-lambert' && g.alpha_cm.length !== semi.length)
    err('generation', 'alpha_cm', `must give one absorption coefficient per non-electrode layer (${semi.length})`);
  if (g.kind === 'profile' && g.x_nm.length !== g.G_cm3_s.length)
    err('generation', 'G_cm3_s', 'must have as many values as x_nm');
  const st = d.options?.statistics;
  if (st !== undefined && st !== 'boltzmann' && st !== 'fermi-dirac')
    err('options', 'statistics', `must be "boltzmann" or "fermi-dirac" (got ${String(st)})`);
  return out;
}
