import { type CalcKind, DEVICE_FIT_DEFAULT_SECONDS, DEVICE_FIT_MAX_SECONDS } from '@pvforge/contracts';

/**
 * Past its own time budget a device fit starts no batch of runs; the one under way still ends, and
 * the result is put together. The wall-clock limit (the backstop that kills a hung thread) gives
 * it that much beyond the budget: two minutes and a tenth of the budget.
 */
const FIT_MARGIN_MS = 120_000;
const FIT_MARGIN_SHARE = 0.1;

/**
 * The wall-clock limit of one job: the configured one (JOB_TIME_LIMIT_MS, 5 minutes by default),
 * except for a device fit, which brings its own budget (options.maxSeconds, 600 s by default, an
 * hour at most) and gets that plus the margin, whatever the configured limit.
 */
export function jobTimeLimitMs(kind: CalcKind, input: unknown, configuredMs: number): number {
  if (kind !== 'fit') return configuredMs;
  const asked = (input as { options?: { maxSeconds?: unknown } } | null)?.options?.maxSeconds;
  const seconds = Math.min(
    DEVICE_FIT_MAX_SECONDS,
    typeof asked === 'number' && asked > 0 ? asked : DEVICE_FIT_DEFAULT_SECONDS,
  );
  return Math.round(seconds * 1000 * (1 + FIT_MARGIN_SHARE)) + FIT_MARGIN_MS;
}
