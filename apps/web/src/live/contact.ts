/**
 * The administrator contact shown when the compute server cannot be reached (spec §8). The server
 * is unreachable at that moment, so it comes with the build: VITE_ADMIN_CONTACT, else the default
 * administrator address of a fresh install (ADMIN_EMAIL's default).
 */
export const ADMIN_CONTACT: string =
  (import.meta.env['VITE_ADMIN_CONTACT'] as string | undefined)?.trim() || 'admin@pvforge.local';
