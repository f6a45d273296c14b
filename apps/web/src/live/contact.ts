import type { SiteContact } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { siteApi, siteKeys } from '../api/site';

/**
 * The administrator contact shown when the compute server cannot be reached (spec §8). It comes
 * from the administrators' contact fields (/sys/site/contact), remembered in localStorage each
 * time they are read, because the server is unreachable at the moment the message is shown.
 * Before they were ever read: the build's VITE_ADMIN_CONTACT, else the default administrator
 * address of a fresh install (ADMIN_EMAIL's default).
 */
export const BUILD_CONTACT: string =
  (import.meta.env['VITE_ADMIN_CONTACT'] as string | undefined)?.trim() || 'admin@pvforge.local';

const KEY = 'pvforge.contact';

export function rememberContact(c: SiteContact): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ email: c.email, phone: c.phone }));
  } catch {
    // Storage full or disabled: the build's contact still answers.
  }
}

/** "email / phone" of the last contact fields read, or the build's contact. */
export function adminContact(): string {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { email?: unknown; phone?: unknown } | null;
    const parts = [v?.email, v?.phone].filter((x): x is string => typeof x === 'string' && x.trim() !== '');
    if (parts.length > 0) return parts.join(' / ');
  } catch {
    // A damaged entry: fall back.
  }
  return BUILD_CONTACT;
}

/** The contact fields, remembered for the give-up message whenever they are read. */
export function useSiteContact() {
  return useQuery({
    queryKey: siteKeys.contact,
    queryFn: async () => {
      const c = await siteApi.contact();
      rememberContact(c);
      return c;
    },
    staleTime: 5 * 60_000,
  });
}
