import { useSyncExternalStore } from 'react';
import type { Session } from './cookies';
import { getSession, subscribeSession } from './store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
