/**
 * The input rules of a monolithic tandem DeviceSpec (electrical.tandem and each layer's subcell),
 * run by the DeviceSpec's electrical check (device/check.ts) so that every entry point rejects the
 * same devices with the same messages, each naming the field:
 *   - `subcell` only on layers with electrical parameters, and on all of them once the device is a
 *     tandem; the electrical layers run top, then junction (optional), then bottom, front to back,
 *     each subcell contiguous; optical-only layers (a recombination ITO) may lie between subcells
 *     unless the whole stack is solved as one device (then the usual contiguity rule applies);
 *   - the tandem needs the optical generation (one optical calculation of the whole stack feeds
 *     both subcells);
 *   - what the tandem run does not compute (EQE, transients, impedance) is refused, not ignored;
 *   - the thickness sweep names a top-cell layer and ends above where it starts.
 * Each number's own value (a start thickness > 0, 2 to 41 points) is judged by its registry entry
 * (device/field-rules.ts), before these rules: it is not said again here.
 */
import { param } from '@pvforge/params';
import type { ElectricalDeviceSpecLike, TandemSubcellName } from '../device/types.js';
import { type CheckIssue, checkLine, checkIssue as issue } from '../messages/device-check.js';

/** Most points of the current-matching thickness sweep (each is one optical calculation): the registry's. */
export const MAX_THICKNESS_SWEEP_POINTS: number = param('electrical.tandem.thicknessSweep.points').hard.max ?? 41;

const SUBCELLS: readonly TandemSubcellName[] = ['top', 'junction', 'bottom'];

/** Errors of the tandem part as English lines (checkTandemIssues). */
export function checkTandem(spec: ElectricalDeviceSpecLike): string[] {
  return checkTandemIssues(spec).map(checkLine);
}

/** Errors of the tandem part; [] when the device is no tandem (no electrical.tandem, no subcell) or is fine. */
export function checkTandemIssues(spec: ElectricalDeviceSpecLike): CheckIssue[] {
  const el = spec.electrical;
  const out: CheckIssue[] = [];
  const at = (j: number) => `layers[${j}] "${spec.layers[j]!.name}"`;
  const tandem = el?.tandem;
  // an optical calculation reads neither the layers' electrical parameters nor their subcells
  if (!el) return out;
  if (!tandem) {
    spec.layers.forEach((l, j) => {
      if (l.subcell !== undefined)
        out.push(
          issue(
            `${at(j)}.subcell`,
            'check.subcell-not-tandem',
            {},
            'only for tandems: the device has no electrical.tandem block',
          ),
        );
    });
    return out;
  }
  let order = 0;
  const count = { top: 0, junction: 0, bottom: 0 };
  spec.layers.forEach((l, j) => {
    if (l.subcell !== undefined && !SUBCELLS.includes(l.subcell)) {
      out.push(
        issue(
          `${at(j)}.subcell`,
          'check.subcell-choice',
          { got: JSON.stringify(l.subcell) },
          `must be "top", "junction" or "bottom" (got ${JSON.stringify(l.subcell)})`,
        ),
      );
      return;
    }
    if (!l.electrical) {
      if (l.subcell !== undefined)
        out.push(
          issue(
            `${at(j)}.subcell`,
            'check.subcell-not-electrical',
            {},
            'only layers with electrical parameters belong to a subcell',
          ),
        );
      return;
    }
    if (l.subcell === undefined) {
      out.push(
        issue(
          `${at(j)}.subcell`,
          'check.subcell-missing',
          {},
          'missing: every electrical layer of a tandem is "top", "junction" or "bottom"',
        ),
      );
      return;
    }
    const k = SUBCELLS.indexOf(l.subcell);
    if (k < order)
      out.push(
        issue(
          `${at(j)}.subcell`,
          'check.subcell-order',
          { subcell: l.subcell, after: SUBCELLS[order]! },
          `"${l.subcell}" after a "${SUBCELLS[order]}" layer: front to back the layers run top, junction, bottom`,
        ),
      );
    order = Math.max(order, k);
    count[l.subcell]++;
  });
  // each subcell is one contiguous run of electrical layers; optical-only layers (a recombination
  // ITO) may lie only between subcells, and only when the whole stack is not solved as one device
  for (const which of SUBCELLS) {
    const idx = spec.layers.flatMap((l, j) => (l.electrical && l.subcell === which ? [j] : []));
    for (let j = (idx[0] ?? 0) + 1; j < (idx[idx.length - 1] ?? 0); j++)
      if (!spec.layers[j]!.electrical)
        out.push(
          issue(
            `${at(j)}.electrical`,
            'check.subcell-not-contiguous',
            { subcell: which },
            `missing: the layers of the ${which} cell must be contiguous (this layer lies inside it)`,
          ),
        );
  }
  for (const which of ['top', 'bottom'] as const)
    if (count[which] === 0)
      out.push(issue('electrical.tandem', 'check.subcell-none', { subcell: which }, `no layer has subcell "${which}"`));
  const genKind = el.generation?.kind ?? (spec.illumination ? 'optical' : 'dark');
  if (genKind !== 'optical')
    out.push(
      issue(
        'electrical.generation',
        'check.tandem-generation',
        { got: genKind },
        `a tandem needs generation "optical" (got "${genKind}"): the optics of the whole stack gives each subcell its generation`,
      ),
    );
  if (el.eqe)
    out.push(
      issue(
        'electrical.eqe',
        'check.tandem-unsupported',
        {},
        'not supported for tandems yet (remove it, or run each subcell as its own device)',
      ),
    );
  if (el.transient)
    out.push(issue('electrical.transient', 'check.tandem-unsupported', {}, 'not supported for tandems yet'));
  if (el.impedance)
    out.push(issue('electrical.impedance', 'check.tandem-unsupported', {}, 'not supported for tandems yet'));
  if (tandem.fullStack !== undefined && typeof tandem.fullStack !== 'boolean')
    out.push(issue('electrical.tandem.fullStack', 'check.boolean', {}, 'must be true or false'));
  const sw = tandem.thicknessSweep;
  if (sw) {
    const p = 'electrical.tandem.thicknessSweep';
    const j = spec.layers.findIndex((l) => l.name === sw.layer);
    if (j < 0)
      out.push(issue(`${p}.layer`, 'check.no-layer-named', { name: sw.layer }, `no layer named "${sw.layer}"`));
    else if (spec.layers[j]!.subcell !== 'top')
      out.push(
        issue(
          `${p}.layer`,
          'check.not-top-layer',
          { name: sw.layer },
          `"${sw.layer}" is not a layer of the top cell (subcell "top")`,
        ),
      );
    // the order of the two ends, when both are numbers (one that is not is the registry's verdict)
    if (Number.isFinite(sw.fromNm) && Number.isFinite(sw.toNm) && !(sw.toNm > sw.fromNm))
      out.push(
        issue(
          `${p}.toNm`,
          'check.not-above-from',
          { got: String(sw.toNm) },
          `must be larger than fromNm (got ${sw.toNm})`,
        ),
      );
    // absence is no value the registry judges: the sweep needs all three
    for (const k of ['fromNm', 'toNm', 'points'] as const)
      if (sw[k] === undefined) out.push(issue(`${p}.${k}`, 'check.missing', {}, 'missing'));
  }
  return out;
}
