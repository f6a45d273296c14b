import type { AdminUserItem, SessionData, UserAddon } from '@pvforge/contracts';
import type { UserRow } from '../db/schema.js';
import type { OpenedSession } from '../services/sessions.js';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The profile as the API shows it: never the hash, the disabled flag or internal times. */
export function presentUserAddon(row: UserRow): UserAddon {
  return {
    user_id: row.id,
    username: row.email,
    real_name: row.real_name,
    nickname: row.nickname,
    gender: row.gender,
    phone: row.phone,
    enterprise: row.enterprise,
    address: row.address,
    role: row.role,
    created_at: iso(row.created_at),
  };
}

export function presentAdminUser(row: UserRow): AdminUserItem {
  return { ...presentUserAddon(row), disabled: Boolean(row.disabled) };
}

export function presentSession(row: UserRow, session: OpenedSession): SessionData {
  return { user_id: row.id, mytoken: session.token, expire_time: session.expiresAt, role: row.role };
}

/** How a user appears to other users (chat, online list): the forum nickname, else the real name. */
export function publicName(row: Pick<UserRow, 'id' | 'nickname' | 'real_name'>): string {
  return row.nickname || row.real_name || `#${row.id}`;
}
