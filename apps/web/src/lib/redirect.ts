/**
 * Redirect targets come from the address bar (?redirect=...), so only same-origin paths are
 * accepted; anything else could send a freshly logged-in user to another site.
 */
export const DEFAULT_AFTER_LOGIN = '/plat';

export function safeRedirect(raw: string | null | undefined, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (!raw) return fallback;
  const v = raw.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.includes('\\')) return fallback;
  // Control characters can smuggle a scheme past the checks above in some browsers.
  for (let i = 0; i < v.length; i++) {
    if (v.charCodeAt(i) < 0x20 || v.charCodeAt(i) === 0x7f) return fallback;
  }
  return v;
}

/** The public URL that asks for a login and then returns to `path` (spec §2, §6). */
export function loginRedirectUrl(path: string): string {
  return `/?redirect=${encodeURIComponent(path)}`;
}

/** True for paths that belong to the logged-in platform. */
export function isPlatPath(pathname: string): boolean {
  return pathname === '/plat' || pathname.startsWith('/plat/');
}

/** Admin-only areas (spec §6). */
export function isAdminPath(pathname: string): boolean {
  return /^\/plat\/(manage|settings)(\/|$)/.test(pathname);
}
