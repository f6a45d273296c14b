import { outagePart } from '../db/outage.js';

/**
 * A calculation's outcome is written once, after minutes of work: if the database is away at
 * that moment (PostgreSQL restarting, DATA_DIR full), the write is tried again until it is back,
 * so the result is kept and the record does not stay "running" until the next restart. Pauses
 * grow from 200 ms to 5 s. Errors that are not an outage throw at once; so does the last failure
 * after `giveUpMs`, or once `stopping()` says the process is shutting down (the record is then
 * left "running" and recovered at the next start, as for any interrupted job).
 */
export async function writeThroughOutage<T>(
  write: () => Promise<T>,
  opts: { giveUpMs?: number; stopping?: () => boolean; onRetry?: (err: unknown) => void } = {},
): Promise<T> {
  const giveUpAt = Date.now() + (opts.giveUpMs ?? 60 * 60_000);
  for (let pause = 200; ; pause = Math.min(5000, pause * 2)) {
    try {
      return await write();
    } catch (err) {
      if (!outagePart(err) || Date.now() + pause > giveUpAt || opts.stopping?.()) throw err;
      opts.onRetry?.(err);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
