import { THROTTLE } from '@pvforge/contracts';
import { lockoutRemainingMs, minutesToWait } from '../auth/throttle.js';
import type { Clock } from '../clock.js';
import type { LoginFailuresRepository } from '../db/repositories/login-failures.js';
import { AppError } from '../http/errors.js';

/**
 * Failed logins live in the database, so the lockout survives restarts and holds across
 * instances sharing one database. An account locks after THROTTLE.maxFailures failures from any
 * address (guessing one password); a client address locks for every account only after
 * THROTTLE.addressMaxFailures across accounts (a spray), so that one mistyping user behind a
 * shared address locks only their own account, not their colleagues'.
 */
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly clock: Clock,
  ) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const since = now - THROTTLE.windowMs;
    const [byEmail, byIp] = await Promise.all([
      this.failures.timesForEmail(email, since, THROTTLE.maxFailures),
      this.failures.timesForIp(ip, since, THROTTLE.addressMaxFailures),
    ]);
    const remaining = Math.max(
      lockoutRemainingMs(byEmail, now, THROTTLE.maxFailures, THROTTLE.windowMs),
      lockoutRemainingMs(byIp, now, THROTTLE.addressMaxFailures, THROTTLE.windowMs),
    );
    if (remaining > 0) throw new AppError('2006', { minutes: minutesToWait(remaining) });
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.clock.now();
    await this.failures.record(email, ip, now);
    // Old rows serve no window any more; trimming here keeps the table small without a timer.
    await this.failures.purgeBefore(now - 2 * THROTTLE.windowMs);
  }

  async clearAccount(email: string): Promise<void> {
    await this.failures.clearEmail(email);
  }
}
