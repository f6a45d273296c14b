import type { DeviceSpec } from '@pvforge/contracts';
import type { ReportItem } from './report.js';

/**
 * A layer that takes its radiative coefficient from its own absorption (kRadFrom: 'absorption')
 * has no k_rad of its own to write: SCAPS and SIMsalabim take a fixed value. The caller, which can
 * run the engine on the library's tables, gives the computed value of each such layer (layer index
 * -> cm^3/s, the van Roosbroeck-Shockley value a PVForge run uses); the export writes it, and says
 * so. A layer without a computed value keeps what was entered, and the exporter's own report says
 * that kRadFrom is not written.
 */
export type ComputedKRad = Readonly<Record<number, number>>;

export function withComputedKRad(
  device: DeviceSpec,
  computed: ComputedKRad | undefined,
): { device: DeviceSpec; items: ReportItem[] } {
  const items: ReportItem[] = [];
  if (!computed) return { device, items };
  const layers = device.layers.map((l, j) => {
    const e = l.electrical;
    const k = computed[j];
    if (e?.kRadFrom !== 'absorption' || k === undefined || !Number.isFinite(k) || k < 0) return l;
    const { kRadFrom: _from, ...rest } = e!;
    const path = `layers[${j}].electrical.kRadCm3PerS`;
    const value = k.toExponential(3);
    items.push({
      status: 'approximated',
      name: path,
      path,
      value: k,
      message: {
        code: 'export.krad-from-absorption',
        params: { path, layer: l.name, value },
        text: `${path}: "${l.name}" takes its radiative coefficient from its absorption; the value a PVForge run computes from it, ${value} cm³/s, is written as a fixed coefficient`,
      },
    });
    return { ...l, electrical: { ...rest, kRadCm3PerS: k } };
  });
  return { device: { ...device, layers }, items };
}
