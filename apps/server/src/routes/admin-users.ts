import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserDetail,
  AdminUserDisableBody,
  AdminUserIdBody,
  AdminUserItem,
  AdminUserRoleBody,
  fenToYuan,
  ROLE,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import { AuditRepository } from '../db/repositories/audit.js';
import { LedgerRepository } from '../db/repositories/library.js';
import type { UserRow } from '../db/schema.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError } from '../http/errors.js';
import { presentAdminUser } from '../presenters/user.js';
import type { Services } from '../services/container.js';

/**
 * Administration of users (issue 14, spec §6; docs/administration.md): view one, change the role,
 * disable and enable, end every session (force logout), send a password-reset mail. The list and
 * search are /sys/user/list. Administrators cannot disable or demote themselves (so the site keeps
 * one), and every action goes to the audit log.
 */
export function adminUserRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const audit = new AuditRepository(s.db.kysely);
    const tags = ['admin'];
    const me = (request: FastifyRequest) => authOf(request).user;
    const target = async (id: number): Promise<UserRow> => {
      const u = await s.users.findById(id);
      if (!u) throw new AppError('4004');
      return u;
    };
    const log = (request: FastifyRequest, action: string, id: number, detail = '') =>
      audit.record({ adminId: me(request).id, action, target: `user:${id}`, detail, now: s.clock.now() });
    const count = async (table: 'calculations' | 'devices' | 'forum_threads', userId: number) => {
      const r = await s.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    /** Ends the user's sessions and closes their live connections. */
    const endSessions = async (userId: number) => {
      await s.sessions.revokeAll(userId);
      app.live?.kick(userId);
    };

    app.post(
      '/sys/admin/user/detail',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'One user with their activity and balance (administrator)',
          body: AdminUserIdBody,
          response: { 200: answerOf(AdminUserDetail) },
        },
      },
      async (request) => {
        const u = await target(request.body.id);
        const [calculations, devices, threads, balance] = await Promise.all([
          count('calculations', u.id),
          count('devices', u.id),
          count('forum_threads', u.id),
          new LedgerRepository(s.db.kysely).balanceFen(u.id),
        ]);
        return success(request, {
          user: presentAdminUser(u),
          calculations,
          devices,
          threads,
          balanceYuan: fenToYuan(balance),
        });
      },
    );

    app.post(
      '/sys/admin/user/role',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Make a user an administrator (1) or an ordinary user (3) (administrator)',
          body: AdminUserRoleBody,
          response: { 200: answerOf(AdminUserItem) },
        },
      },
      async (request) => {
        const { id, role } = request.body;
        if (id === me(request).id && role !== ROLE.admin) throw new AppError('2013');
        await target(id);
        await s.users.setAdminFields(id, { role }, s.clock.now());
        // Open sessions carry the old role in the browser: end them so the next login reads the new one.
        await endSessions(id);
        await log(request, 'user.role', id, String(role));
        return success(request, presentAdminUser(await target(id)));
      },
    );

    app.post(
      '/sys/admin/user/disable',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Disable (every session ends) or enable an account (administrator)',
          body: AdminUserDisableBody,
          response: { 200: answerOf(AdminUserItem) },
        },
      },
      async (request) => {
        const { id, disabled } = request.body;
        if (id === me(request).id) throw new AppError('2013');
        await target(id);
        await s.users.setAdminFields(id, { disabled: disabled ? 1 : 0 }, s.clock.now());
        if (disabled) await endSessions(id);
        await log(request, disabled ? 'user.disable' : 'user.enable', id);
        return success(request, presentAdminUser(await target(id)));
      },
    );

    app.post(
      '/sys/admin/user/logout',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'End every session of a user and close their live connections (administrator)',
          body: AdminUserIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await target(request.body.id);
        await endSessions(request.body.id);
        await log(request, 'user.logout', request.body.id);
        return success(request, null);
      },
    );

    app.post(
      '/sys/admin/user/resetMail',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Send the user a password-reset e-mail (administrator)',
          body: AdminUserIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const u = await target(request.body.id);
        if (u.disabled) throw new AppError('2011');
        await s.resets.request(u.email, request.ip);
        await log(request, 'user.reset-mail', u.id);
        return success(request, null);
      },
    );
  };
}
