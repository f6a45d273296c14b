import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';
import { UserAddon } from './account.js';

/** POST /sys/user/list (administrator): paging and an optional search over e-mail and name. */
export const UserListBody = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  q: Type.Optional(Type.String({ maxLength: 50 })),
});
export type UserListBody = Static<typeof UserListBody>;

export const AdminUserItem = Type.Object({
  ...UserAddon.properties,
  disabled: Type.Boolean(),
});
export type AdminUserItem = Static<typeof AdminUserItem>;

export const UserListData = Type.Object({ list: Type.Array(AdminUserItem), total: Type.Integer() });
export type UserListData = Static<typeof UserListData>;

/** POST /sys/mail/outbox (administrator): the most recent outgoing mails, without their bodies. */
export const OutboxBody = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export const OutboxItem = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed'), Type.Literal('logged')]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  sent_at: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxItem = Static<typeof OutboxItem>;
export const OutboxData = Type.Object({ list: Type.Array(OutboxItem) });
export type OutboxData = Static<typeof OutboxData>;

/** Administration of one user (issue 14, docs/administration.md). */
export const AdminUserIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }) });
export const AdminUserRoleBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }),
  role: Type.Union([Type.Literal(1), Type.Literal(3)]),
});
export const AdminUserDisableBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }),
  disabled: Type.Boolean(),
});
export const AdminUserDetail = Type.Object({
  user: AdminUserItem,
  calculations: Type.Integer(),
  devices: Type.Integer(),
  threads: Type.Integer(),
  balanceYuan: Type.Number(),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;
