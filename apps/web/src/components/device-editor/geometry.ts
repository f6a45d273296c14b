import type { ContactElectricalSpec, DeviceLayerSpec } from '@pvforge/contracts';

/**
 * Drawing geometry of the stack and of the band alignment (pure; SVG coordinates, y down).
 * Unit-tested in apps/web/test/editor-geometry.test.ts.
 */
export interface StackRect {
  index: number;
  name: string;
  role: string;
  thicknessNm: number;
  y: number;
  height: number;
}

/** Thickness ratio above which the stack is drawn on a log scale (glass 1 mm beside 10 nm films). */
export const LOG_RATIO = 30;
const MIN_PX = 14;

/**
 * The layers as horizontal bands from top (light side) to bottom, filling `height` px. Linear in
 * thickness when the thickest layer is at most LOG_RATIO times the thinnest, else each band is
 * proportional to log10(1 + t / 1 nm), so a 1 mm glass gets about 6 times the height of a 10 nm film
 * rather than 100 000 times. Every band is at least 14 px (room for its label).
 */
export function stackGeometry(
  layers: readonly Pick<DeviceLayerSpec, 'name' | 'role' | 'thicknessNm'>[],
  height: number,
): { rects: StackRect[]; log: boolean } {
  const t = layers.map((l) => (l.thicknessNm > 0 && Number.isFinite(l.thicknessNm) ? l.thicknessNm : 1));
  if (t.length === 0) return { rects: [], log: false };
  const log = Math.max(...t) / Math.min(...t) > LOG_RATIO;
  const w = t.map((x) => (log ? Math.log10(1 + x) : x));
  const minPx = Math.min(MIN_PX, height / t.length);
  const sum = w.reduce((a, b) => a + b, 0);
  // Bands below the minimum are raised to it; the others share what is left in proportion.
  let raw = w.map((x) => (x / sum) * height);
  const small = raw.map((h) => h < minPx);
  const fixed = small.filter(Boolean).length * minPx;
  const restSum = w.reduce((a, x, i) => (small[i] ? a : a + x), 0);
  if (fixed > 0 && restSum > 0) raw = w.map((x, i) => (small[i] ? minPx : (x / restSum) * (height - fixed)));
  let y = 0;
  const rects = layers.map((l, i) => {
    const r = { index: i, name: l.name, role: l.role, thicknessNm: l.thicknessNm, y, height: raw[i]! };
    y += raw[i]!;
    return r;
  });
  return { rects, log };
}

export interface BandLayer {
  index: number;
  name: string;
  x: number;
  width: number;
  /** Conduction and valence band edges, eV below vacuum (negative numbers: E = -chi, -chi - Eg). */
  ec: number;
  ev: number;
  yEc: number;
  yEv: number;
}

export interface BandContact {
  side: 'front' | 'back';
  kind: ContactElectricalSpec['kind'];
  /** -workFunction (eV) of a Schottky contact; an ohmic contact sits at the adjacent layer's Fermi level, not drawn as a level. */
  energy?: number;
  y?: number;
  x: number;
}

export interface BandGeometry {
  layers: BandLayer[];
  contacts: BandContact[];
  /** Energy (eV, relative to vacuum) -> y px, and the tick energies to label. */
  yOf: (e: number) => number;
  ticks: number[];
  empty: boolean;
}

/**
 * Flat-band alignment of the electrical layers (no bending: the Anderson rule from electron
 * affinity and band gap), each layer drawn as a column of equal width, with the contacts' work
 * functions as levels at both ends. Energies are measured from the vacuum level (0 at the top).
 */
export function bandGeometry(
  layers: readonly Pick<DeviceLayerSpec, 'name' | 'electrical'>[],
  contacts: { front?: ContactElectricalSpec; back?: ContactElectricalSpec } | undefined,
  width: number,
  height: number,
  pad = { left: 36, right: 36, top: 10, bottom: 18 },
): BandGeometry {
  const dom = layers
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.electrical && Number.isFinite(l.electrical.chiEV) && Number.isFinite(l.electrical.egEV));
  const energies: number[] = [];
  for (const { l } of dom) {
    const chi = l.electrical!.chiEV!;
    energies.push(-chi, -chi - l.electrical!.egEV!);
  }
  for (const c of [contacts?.front, contacts?.back])
    if (c?.kind === 'schottky' && c.workFunctionEV) energies.push(-c.workFunctionEV);
  if (energies.length === 0) return { layers: [], contacts: [], yOf: () => 0, ticks: [], empty: true };
  const top = Math.ceil(Math.max(...energies) * 2 + 0.5) / 2;
  const bottom = Math.floor(Math.min(...energies) * 2 - 0.5) / 2;
  const span = top - bottom || 1;
  const plotH = height - pad.top - pad.bottom;
  const yOf = (e: number) => pad.top + ((top - e) / span) * plotH;
  const colW = dom.length ? (width - pad.left - pad.right) / dom.length : 0;
  const bandLayers = dom.map(({ l, i }, k) => {
    const ec = -l.electrical!.chiEV!;
    const ev = ec - l.electrical!.egEV!;
    return { index: i, name: l.name, x: pad.left + k * colW, width: colW, ec, ev, yEc: yOf(ec), yEv: yOf(ev) };
  });
  const contact = (side: 'front' | 'back', c: ContactElectricalSpec | undefined): BandContact[] => {
    if (!c) return [];
    const x = side === 'front' ? pad.left : width - pad.right;
    if (c.kind === 'schottky' && c.workFunctionEV)
      return [{ side, kind: c.kind, energy: -c.workFunctionEV, y: yOf(-c.workFunctionEV), x }];
    return [{ side, kind: c.kind, x }];
  };
  const ticks: number[] = [];
  for (let e = top; e >= bottom - 1e-9; e -= span > 4 ? 1 : 0.5) ticks.push(Math.round(e * 10) / 10);
  return {
    layers: bandLayers,
    contacts: [...contact('front', contacts?.front), ...contact('back', contacts?.back)],
    yOf,
    ticks,
    empty: false,
  };
}
