/**
 * The units of a measured capacitance, as a lab's files give them, and their detection: per area
 * (F, mF, uF, nF or pF per cm^2) or of the whole device (F, uF, nF, pF; divided by the device's area
 * in cm^2). A device fit takes nF/cm^2 (job.ts). Read from a column header when it names one
 * ("C (pF)", "Cp [F/cm2]"); otherwise from the values' magnitude against the device's own geometric
 * capacitance (device-fit.ts, deviceCapacitanceScale): a real capacitance lies between a tenth of it
 * (an RC roll-off) and 1e5 times it (chemical or ionic capacitance), mostly between it and a few
 * thousand times it, and the unit is the one that brings the largest value nearest 30 times it
 * (the middle of that span in decades: 5 µF/cm² of an ionic plateau on a 30 nF/cm² cell stays nF,
 * 9e4 of a 90 nF/cm² curve is pF/cm²). The CLI (fit-device) and the web fit page read
 * files through these, and say what they took.
 */

export type CapacitanceUnit = 'F/cm2' | 'mF/cm2' | 'uF/cm2' | 'nF/cm2' | 'pF/cm2' | 'F' | 'uF' | 'nF' | 'pF';

/** Each unit: its factor to nF (per cm^2 when perArea), and how it is written. */
export const CAPACITANCE_UNITS: Record<CapacitanceUnit, { toNF: number; perArea: boolean; label: string }> = {
  'F/cm2': { toNF: 1e9, perArea: true, label: 'F/cm²' },
  'mF/cm2': { toNF: 1e6, perArea: true, label: 'mF/cm²' },
  'uF/cm2': { toNF: 1e3, perArea: true, label: 'µF/cm²' },
  'nF/cm2': { toNF: 1, perArea: true, label: 'nF/cm²' },
  'pF/cm2': { toNF: 1e-3, perArea: true, label: 'pF/cm²' },
  F: { toNF: 1e9, perArea: false, label: 'F' },
  uF: { toNF: 1e3, perArea: false, label: 'µF' },
  nF: { toNF: 1, perArea: false, label: 'nF' },
  pF: { toNF: 1e-3, perArea: false, label: 'pF' },
};

/** How far below and above the geometric capacitance a capacitance may lie (see the module comment). */
export const CAPACITANCE_BELOW_GEOMETRIC = 0.1;
export const CAPACITANCE_ABOVE_GEOMETRIC = 1e5;
/** Where a detected unit puts the largest capacitance, in units of the geometric one (see the module comment). */
const TYPICAL_OVER_GEOMETRIC = 30;

/** The capacitance unit a column header names, if any: "C (pF)", "C [nF/cm^2]", "Cp (F cm-2)". */
export function capacitanceUnitFromHeader(header: string): CapacitanceUnit | undefined {
  const m = /(?:^|[\s([{/,;])([mµuμnp]?)F\b\s*(?:(\/|per\s*)\s*cm\s*(?:\^?2|²)|cm\s*(?:\^?-2|⁻²))?/.exec(header);
  if (!m) return undefined;
  const prefix = m[1] === 'µ' || m[1] === 'μ' ? 'u' : m[1]!;
  const perArea = m[0].includes('cm');
  const unit = `${prefix}F${perArea ? '/cm2' : ''}`;
  return Object.hasOwn(CAPACITANCE_UNITS, unit) ? (unit as CapacitanceUnit) : undefined;
}

/**
 * The unit of capacitances whose largest magnitude is maxAbs, against the device's geometric
 * capacitance (nF/cm^2): among the per-area units, or, when the device's area is given, among the
 * units of the whole device. undefined when no unit brings them into the plausible window.
 */
export function detectCapacitanceUnit(
  maxAbs: number,
  geometricNFPerCm2: number | undefined,
  areaCm2?: number,
): CapacitanceUnit | undefined {
  const perArea = !(areaCm2 !== undefined && areaCm2 > 0);
  const units = (Object.keys(CAPACITANCE_UNITS) as CapacitanceUnit[]).filter(
    (u) => CAPACITANCE_UNITS[u].perArea === perArea,
  );
  if (!(maxAbs > 0)) return undefined;
  if (geometricNFPerCm2 === undefined || !(geometricNFPerCm2 > 0)) return perArea ? 'nF/cm2' : 'nF';
  const ratio = (u: CapacitanceUnit) =>
    (maxAbs * CAPACITANCE_UNITS[u].toNF) / (perArea ? 1 : areaCm2!) / geometricNFPerCm2;
  const dist = (u: CapacitanceUnit) => Math.abs(Math.log10(ratio(u) / TYPICAL_OVER_GEOMETRIC));
  return units
    .filter((u) => ratio(u) >= CAPACITANCE_BELOW_GEOMETRIC && ratio(u) <= CAPACITANCE_ABOVE_GEOMETRIC)
    .sort((a, b) => dist(a) - dist(b))[0];
}

/** Capacitances in a unit, in nF/cm^2 (the whole device's divided by its area, cm^2). */
export function toNFPerCm2(values: readonly number[], unit: CapacitanceUnit, areaCm2?: number): number[] {
  const u = CAPACITANCE_UNITS[unit];
  const area = u.perArea ? 1 : areaCm2;
  if (area === undefined || !(area > 0)) throw new RangeError(`a capacitance in ${u.label} needs the device's area`);
  return values.map((v) => (v * u.toNF) / area);
}

/** A frequency unit a column header names: Hz, kHz, MHz, or an angular frequency in rad/s. */
export function frequencyFactorFromHeader(header: string): { factor: number; unit: string } | undefined {
  if (/rad\s*\/\s*s|rad\s*s\s*\^?-1|ω|omega/i.test(header)) return { factor: 1 / (2 * Math.PI), unit: 'rad/s' };
  const m = /\b([kKM]?)Hz\b/.exec(header);
  if (!m) return undefined;
  return m[1] === 'M' ? { factor: 1e6, unit: 'MHz' } : m[1] ? { factor: 1e3, unit: 'kHz' } : { factor: 1, unit: 'Hz' };
}
