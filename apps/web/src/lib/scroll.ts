/** Ease-in-out cubic on t in [0, 1]; used by the back-to-top animation. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Scroll position at `elapsed` ms of a `duration` ms scroll from `from` to 0. */
export function scrollPositionAt(from: number, elapsed: number, duration: number): number {
  if (duration <= 0) return 0;
  return Math.round(from * (1 - easeInOutCubic(elapsed / duration)));
}
