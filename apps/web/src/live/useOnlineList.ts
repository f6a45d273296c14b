import { UI_TIMING } from '@pvforge/contracts';
import { useCallback, useEffect, useState } from 'react';
import { currentLive } from './registry';
import { useLive, useLiveEvent } from './useLive';

export interface OnlineEntry {
  uid: number;
  name: string;
}

/**
 * Who is online, as the server lets this user see it (administrators: everyone; others: the people
 * they exchanged messages with): asked with the request form of 'report' while mounted, again
 * every 30 s, whenever the connection (re)opens, when a message arrives and after one is sent.
 */
export function useOnlineList(): { list: OnlineEntry[]; connected: boolean; refresh: () => void } {
  const { status } = useLive();
  const [list, setList] = useState<OnlineEntry[]>([]);
  useLiveEvent('report', (l) => setList(l.filter((e) => Number.isSafeInteger(e.uid))));
  const refresh = useCallback(() => {
    currentLive()?.send({ act: 'report', msgid: 'online-list' });
  }, []);
  // A first message makes a new contact: ask again rather than wait for the next round.
  useLiveEvent('chat', refresh);
  useEffect(() => {
    if (status !== 'open') return;
    refresh();
    const id = setInterval(refresh, UI_TIMING.loginCheckIntervalMs);
    return () => clearInterval(id);
  }, [status, refresh]);
  return { list, connected: status === 'open', refresh };
}
