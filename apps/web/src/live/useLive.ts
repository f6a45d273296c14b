import type { LiveMessage } from '@pvforge/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type Listener, type LiveEvents, type LiveStatus, liveEvents } from './events';
import { currentLive, liveStatus } from './registry';

const subscribeStatus = (cb: () => void) => liveEvents.on('status', cb);

export interface LiveApi {
  /** idle, connecting, open, waiting (to reconnect), kicked, gave-up, stopped. */
  status: LiveStatus;
  /** Sends a message on the open connection; false when there is none. */
  send(message: LiveMessage): boolean;
  /** Chat (999); returns the msgid of the server's ack, or undefined when not connected. */
  chat(to: number | string, msg: string, style?: { color?: string; bg?: string }): string | undefined;
}

/** The live connection for pages (the connection itself is opened by the /plat layout). */
export function useLive(): LiveApi {
  const status = useSyncExternalStore(subscribeStatus, liveStatus, liveStatus);
  return {
    status,
    send: (m) => currentLive()?.send(m) ?? false,
    chat: (to, msg, style) => currentLive()?.chat(to, msg, style),
  };
}

/**
 * Subscribes a component to one live event while mounted, e.g. the simulation screens:
 * useLiveEvent('progress', (p) => p.jobId === id && setPercent(p.percent)).
 */
export function useLiveEvent<K extends keyof LiveEvents>(event: K, handler: Listener<LiveEvents[K]>): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => liveEvents.on(event, (payload) => ref.current(payload)), [event]);
}
