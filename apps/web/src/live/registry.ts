import type { LiveConnection } from './connection';
import { type LiveStatus, liveEvents } from './events';

/** The one live connection of the tab (mounted by the /plat layout), for logout and the hooks. */
let current: LiveConnection | null = null;
let status: LiveStatus = 'idle';
liveEvents.on('status', (s) => {
  status = s;
});

export function setCurrentLive(c: LiveConnection | null): void {
  current = c;
}

export function currentLive(): LiveConnection | null {
  return current;
}

export function liveStatus(): LiveStatus {
  return status;
}

/** Logout (spec §4): close the connection for good before the session is cleared. */
export function stopLive(): void {
  current?.stop();
  current = null;
}
