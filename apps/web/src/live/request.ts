import type { LiveMessage } from '@pvforge/contracts';
import { liveEvents } from './events';
import { currentLive } from './registry';

/** The server's answer to a request: ok, offline, forbidden, invalid, limited; 'unsent' when not connected, 'timeout' when none came. */
export type LiveOutcome = string;

let seq = 0;

/**
 * Sends an act that the server answers with an 'ack' (k, kill, 999) and resolves with the ack's
 * status, matched by a msgid of its own.
 */
export function liveRequest(message: Omit<LiveMessage, 'msgid'>, timeoutMs = 8000): Promise<LiveOutcome> {
  const msgid = `q${Date.now().toString(36)}${++seq}`;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = liveEvents.on('message', (m) => {
      if (m.act !== 'ack' || m.msgid !== msgid) return;
      off();
      clearTimeout(timer);
      resolve(m.msg ?? 'invalid');
    });
    if (!currentLive()?.send({ ...message, msgid } as LiveMessage)) {
      off();
      resolve('unsent');
      return;
    }
    timer = setTimeout(() => {
      off();
      resolve('timeout');
    }, timeoutMs);
  });
}
