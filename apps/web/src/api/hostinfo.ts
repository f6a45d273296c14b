/**
 * Spec §7: when login fails on the network, the site may publish an alternate server address in a
 * small text file named "hostinfo". Our own server answers unknown paths with the SPA's index.html,
 * so only a bare http(s) origin is accepted; HTML or anything else means "no alternate server".
 */
export const HOSTINFO_KEY = 'hostinfo';

export function parseHostinfo(text: string, contentType: string | null): string | null {
  if (contentType?.includes('html')) return null;
  const v = text.trim();
  if (!v || v.length > 300) return null;
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s<>"']*)?$/.test(v)) return null;
  return v.replace(/\/+$/, '');
}

/** The API base for an alternate server address (or the same-origin default). */
export function apiBaseFor(alternate: string | null): string {
  if (!alternate) return '/calc';
  return alternate.endsWith('/calc') ? alternate : `${alternate}/calc`;
}
