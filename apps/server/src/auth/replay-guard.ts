/**
 * Each request signature is accepted once. A signature (X-Sign: <ms>.<HMAC(token, "<uid>.<ms>")>)
 * is valid while <ms> is within the allowed skew of the server's clock; without a memory of the
 * ones already seen, a request captured on the way (a proxy's log, a shared machine) could be sent
 * again unchanged for five minutes. The guard remembers every accepted (uid, ms, signature) until
 * its ms leaves the window, and answers false for a repeat. Clients sign each request at a later
 * ms than the last (packages/contracts/src/sign.ts), so a genuine client never repeats one.
 *
 * With Redis (REDIS_URL) the memory is shared by every instance (SET NX with an expiry); without,
 * it is this process's, as everything else of a single-instance deployment. Redis away: this
 * process's memory stands in, so that signed requests keep working through an outage.
 */
import type { Redis } from 'ioredis';

export interface ReplayGuard {
  /** True the first time this signature is seen within its window; false for a repeat. */
  firstUse(uid: number, ms: number, hex: string, now: number): Promise<boolean>;
}

/** Sweep expired entries once the map has grown by this many since the last sweep. */
const SWEEP_EVERY = 1024;

export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  private sinceSweep = 0;
  constructor(private readonly skewMs: number) {}

  async firstUse(uid: number, ms: number, hex: string, now: number): Promise<boolean> {
    return this.use(uid, ms, hex, now);
  }

  use(uid: number, ms: number, hex: string, now: number): boolean {
    const key = `${uid}.${ms}.${hex}`;
    const until = this.seen.get(key);
    if (until !== undefined && until >= now) return false;
    this.seen.set(key, ms + this.skewMs);
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      for (const [k, t] of this.seen) if (t < now) this.seen.delete(k);
    }
    return true;
  }
}

export class RedisReplayGuard implements ReplayGuard {
  private readonly fallback: MemoryReplayGuard;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly skewMs: number,
  ) {
    this.fallback = new MemoryReplayGuard(skewMs);
  }

  async firstUse(uid: number, ms: number, hex: string, now: number): Promise<boolean> {
    // this process's memory too: a repeat is refused here even while Redis is away
    if (!this.fallback.use(uid, ms, hex, now)) return false;
    const ttl = Math.max(1, ms + this.skewMs - now + 1000);
    try {
      const set = await this.redis.set(`${this.prefix}:sig:${uid}.${ms}.${hex}`, '1', 'PX', ttl, 'NX');
      return set === 'OK';
    } catch {
      return true;
    }
  }
}
