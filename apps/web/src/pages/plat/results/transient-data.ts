/**
 * What the transient and impedance views draw, derived from the stored result (result-data.ts
 * reads it): the light-off stretches of J(t), |Z| and the phase of a Bode plot, -Z'' of a Nyquist
 * plot. Pure, unit-tested in apps/web/test/transient-results.test.ts.
 */
import type { ImpedanceView } from './result-data';

/**
 * The stretches of a run with the light off, as x ranges of t (s): from the last sample with the
 * light on (a switch acts just after its sample) to the last sample of the stretch.
 */
export function lightOffRanges(t: readonly number[], light: readonly number[]): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const n = Math.min(t.length, light.length);
  let start: number | undefined;
  for (let i = 0; i < n; i++) {
    const off = light[i] === 0;
    if (off && start === undefined) start = i === 0 ? t[0]! : t[i - 1]!;
    if (!off && start !== undefined) {
      out.push({ from: start, to: t[i - 1]! });
      start = undefined;
    }
  }
  if (start !== undefined && n > 0) out.push({ from: start, to: t[n - 1]! });
  return out.filter((r) => r.to > r.from);
}

/** |Z| (Ohm cm^2) and the phase of Z in degrees at each frequency. */
export function bode(z: Pick<ImpedanceView, 're' | 'im'>): { abs: number[]; phaseDeg: number[] } {
  const n = Math.min(z.re.length, z.im.length);
  const abs: number[] = [];
  const phaseDeg: number[] = [];
  for (let i = 0; i < n; i++) {
    abs.push(Math.hypot(z.re[i]!, z.im[i]!));
    phaseDeg.push((Math.atan2(z.im[i]!, z.re[i]!) * 180) / Math.PI);
  }
  return { abs, phaseDeg };
}

/** -Z'' (Ohm cm^2): a Nyquist plot draws it against Z' so that the capacitive arcs point up. */
export function minusImaginary(z: Pick<ImpedanceView, 'im'>): number[] {
  return z.im.map((v) => -v);
}

/** Index of the profile whose time is nearest to t. */
export function nearestProfile(times: readonly number[], t: number): number {
  let best = 0;
  for (let i = 1; i < times.length; i++) if (Math.abs(times[i]! - t) < Math.abs(times[best]! - t)) best = i;
  return best;
}
