/**
 * A running job's progress, passed on at most once per interval with the latest value: an
 * electrical run reports every bias point (60-100 messages in two seconds) and a transient every
 * time step (over a hundred a second). Two consumers use it: the database record (each write is
 * a statement on the server's main thread, which the worker threads share the cores with; the
 * record is what a page reloaded mid-run shows) and the live messages to the user's browser (a
 * page re-rendering for every step of a long transient fell behind on a loaded machine, so that
 * a cancel confirmed there took effect on screen only many seconds later). A write that arrives
 * after the job ended changes nothing (the update is conditional on the job still running; the
 * live sender checks the job itself). `extra` rides along with the latest value (a device fit's
 * state for its live messages); coalescing keeps only the newest, which is whole in itself.
 */
export interface ProgressWrites<X = undefined> {
  push(percent: number, detail: string | undefined, extra?: X): void;
  /** No more writes (the job ended). */
  stop(): void;
}

export const PROGRESS_WRITE_INTERVAL_MS = 500;
/** Live progress: five messages a second move a progress bar smoothly. */
export const PROGRESS_LIVE_INTERVAL_MS = 200;

export function coalescedProgressWrites<X = undefined>(
  write: (percent: number, detail: string | undefined, extra: X | undefined) => Promise<void>,
  intervalMs = PROGRESS_WRITE_INTERVAL_MS,
  now: () => number = () => performance.now(),
): ProgressWrites<X> {
  let last = Number.NEGATIVE_INFINITY;
  let pending: { percent: number; detail: string | undefined; extra: X | undefined } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const flush = () => {
    timer = undefined;
    if (stopped || !pending) return;
    const p = pending;
    pending = undefined;
    last = now();
    void write(p.percent, p.detail, p.extra).catch(() => undefined);
  };
  return {
    push(percent, detail, extra) {
      if (stopped) return;
      pending = { percent, detail, extra };
      const wait = last + intervalMs - now();
      if (wait <= 0) flush();
      else if (!timer) {
        timer = setTimeout(flush, wait);
        timer.unref();
      }
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
