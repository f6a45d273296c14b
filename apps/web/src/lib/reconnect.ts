import { UI_TIMING } from '@pvforge/contracts';

/** Live-connection reconnect delay (spec §4/§9): attempts squared seconds, capped at 60 s. */
export function reconnectDelayMs(attempts: number): number {
  const a = Math.max(0, Math.floor(attempts));
  return Math.min(a * a, UI_TIMING.reconnectMaxDelayS) * 1000;
}

/** After more than three consecutive failures the client gives up and ends the session. */
export function shouldGiveUp(consecutiveFailures: number): boolean {
  return consecutiveFailures > UI_TIMING.reconnectGiveUpAfter;
}
