/** Roles, spec section 3 and 6. */
export const ROLE = { admin: 1, user: 3 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** A missing or unknown role counts as an ordinary user (spec section 4). */
export function normalizeRole(value: unknown): Role {
  const n = typeof value === 'string' ? Number(value) : value;
  return n === ROLE.admin ? ROLE.admin : ROLE.user;
}

/** Who may call a route. */
export type Access = 'public' | 'user' | 'admin';

export const GENDER = { male: 1, female: 0 } as const;
