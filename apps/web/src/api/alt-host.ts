import { HOSTINFO_KEY, parseHostinfo } from './hostinfo';

/**
 * Spec §7: after a network failure at login, look for /hostinfo on the site. A usable, new address
 * is stored and becomes the API base from then on; the answer says whether anything changed.
 */
export async function lookupAlternateHost(): Promise<string | null> {
  try {
    const res = await fetch('/hostinfo', { cache: 'no-store' });
    if (!res.ok) return null;
    const host = parseHostinfo(await res.text(), res.headers.get('content-type'));
    if (!host || host === localStorage.getItem(HOSTINFO_KEY)) return null;
    localStorage.setItem(HOSTINFO_KEY, host);
    return host;
  } catch {
    return null;
  }
}
