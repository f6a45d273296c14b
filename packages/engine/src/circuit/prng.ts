/**
 * Seeded pseudo-random numbers for reproducible global fit starts and tests.
 * Generator: mulberry32 (T. Ettinger, public-domain 32-bit generator; period 2^32), which is
 * ample for drawing start points. Gaussian deviates by the Box-Muller transform
 * (G. E. P. Box and M. E. Muller, Ann. Math. Stat. 29, 610 (1958)).
 */
export class Prng {
  private s: number;
  private spare: number | undefined;

  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform deviate in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Standard normal deviate. */
  normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}
