/**
 * The start of a server or worker waits for its database instead of exiting: PostgreSQL that is
 * restarting, failing over or not yet up (a machine's boot, a container started before its
 * database) refuses connections for seconds to minutes, and a process that exits then needs a
 * supervisor to try again. A start step that fails with a database outage (db/outage.ts) is run
 * again after 0.5, 1, 2, 4, 8, 15, 15, ... s until `waitMs` has passed; any other failure (a wrong
 * password, a broken migration, a full disk) ends the start at once, since waiting would not help.
 * Each step must be safe to run again (migrations run each in a transaction, seeding checks what
 * exists, recovery of interrupted jobs is idempotent).
 */
import { outagePart } from './outage.js';

export interface StartRetryOptions {
  /** How long to keep trying, ms. */
  waitMs: number;
  /** Told before each wait: the failure, the attempt that failed and the wait, ms. */
  onRetry: (err: unknown, attempt: number, delayMs: number) => void;
  /** Waits ms (tests pass their own clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;

export async function untilDatabaseAnswers<T>(step: () => Promise<T>, opts: StartRetryOptions): Promise<T> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = opts.now ?? Date.now;
  const until = now() + opts.waitMs;
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (outagePart(err) !== 'database') throw err;
      const left = until - now();
      if (left <= 0) throw err;
      const wait = Math.min(delay, left);
      opts.onRetry(err, attempt, wait);
      await sleep(wait);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}
