/**
 * Sliding-window lockout. Given the failure times inside the window, newest first, the caller is
 * locked while `max` or more remain; the lock lifts when the max-th newest failure leaves the
 * window. Answers the milliseconds left, 0 when not locked.
 */
export function lockoutRemainingMs(
  failuresNewestFirst: readonly number[],
  now: number,
  max: number,
  windowMs: number,
): number {
  const inWindow = failuresNewestFirst.filter((t) => t > now - windowMs);
  if (inWindow.length < max) return 0;
  const pivot = inWindow[max - 1];
  if (pivot === undefined) return 0;
  return Math.max(0, pivot + windowMs - now);
}

/** Whole minutes to tell the user, never 0 while locked. */
export function minutesToWait(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 60_000));
}
