import type { AdminUserDetail, AdminUserItem, AuditListData, UserListData } from '@pvforge/contracts';
import { call } from './client';

/** Administration of users and the audit log (docs/administration.md). */
export const adminApi = {
  users: (page: number, size: number, q: string) =>
    call<UserListData>('/sys/user/list', { body: { page, size, ...(q ? { q } : {}) } }),
  detail: (id: number) => call<AdminUserDetail>('/sys/admin/user/detail', { body: { id } }),
  role: (id: number, role: 1 | 3) => call<AdminUserItem>('/sys/admin/user/role', { body: { id, role } }),
  disable: (id: number, disabled: boolean) =>
    call<AdminUserItem>('/sys/admin/user/disable', { body: { id, disabled } }),
  logout: (id: number) => call<null>('/sys/admin/user/logout', { body: { id } }),
  resetMail: (id: number) => call<null>('/sys/admin/user/resetMail', { body: { id } }),
  audit: (page: number, size: number, action?: string) =>
    call<AuditListData>('/sys/admin/audit', { body: { page, size, ...(action ? { action } : {}) } }),
};
