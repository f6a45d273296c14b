import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuditListBody,
  AuditListData,
  FaqIdBody,
  FaqSaveBody,
  NewsAdminListBody,
  NewsIdBody,
  NewsListData,
  NewsSaveBody,
  type Notice,
  NoticeIdBody,
  NoticeListBody,
  NoticeListData,
  NoticeReadBody,
  NoticeSaveBody,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AuditRepository } from '../db/repositories/audit.js';
import { NoticesRepository } from '../db/repositories/notices.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError } from '../http/errors.js';
import { presentNews } from '../presenters/content.js';
import type { Services } from '../services/container.js';

/**
 * Notices (every user reads them, with their own unread state; administrators publish, edit and
 * withdraw), the administration of news and achievements (edit, withdraw; the public /news shows
 * only what is not withdrawn), and the audit log of administrators' actions (docs/administration.md).
 */
export function noticeRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const notices = new NoticesRepository(s.db.kysely);
    const audit = new AuditRepository(s.db.kysely);
    const me = (request: FastifyRequest) => authOf(request).user;
    const log = (request: FastifyRequest, action: string, target: string, detail = '') =>
      audit.record({ adminId: me(request).id, action, target, detail, now: s.clock.now() });
    const present = (n: Awaited<ReturnType<NoticesRepository['list']>>['list'][number]): Notice => ({
      id: Number(n.id),
      title: n.title,
      body: n.body,
      titleEn: n.title_en,
      bodyEn: n.body_en,
      publishedAt: Number(n.published_at),
      updatedAt: Number(n.updated_at),
      read: n.read_at !== null,
      withdrawn: n.withdrawn_at !== null,
    });
    let tags = ['notice'];

    app.post(
      '/sys/notice/list',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Published notices, newest first, with the caller's read state and unread count",
          body: NoticeListBody,
          response: { 200: answerOf(NoticeListData) },
        },
      },
      async (request) => {
        const { page = 1, size = 20 } = request.body;
        const r = await notices.list(me(request).id, { page, size }, false);
        return success(request, { list: r.list.map(present), total: r.total, unread: r.unread });
      },
    );

    app.post(
      '/sys/notice/read',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Mark one notice (`id`) or all (`all: true`) read for the caller',
          body: NoticeReadBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const userId = me(request).id;
        const now = s.clock.now();
        if (request.body.all === true) await notices.markRead(await notices.unreadIds(userId), userId, now);
        else if (request.body.id !== undefined) {
          const n = await notices.get(request.body.id);
          if (!n || n.withdrawn_at !== null) throw new AppError('4801');
          await notices.markRead([request.body.id], userId, now);
        } else throw new AppError('4802', undefined, { field: 'id' });
        return success(request, null);
      },
    );

    app.post(
      '/sys/notice/manage',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every notice, withdrawn ones included (administrator)',
          body: NoticeListBody,
          response: { 200: answerOf(NoticeListData) },
        },
      },
      async (request) => {
        const { page = 1, size = 20 } = request.body;
        const r = await notices.list(me(request).id, { page, size }, true);
        return success(request, { list: r.list.map(present), total: r.total, unread: r.unread });
      },
    );

    app.post(
      '/sys/notice/save',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Publish a notice, or edit one (`id`); a withdrawn notice edited stays withdrawn (administrator)',
          body: NoticeSaveBody,
          response: { 200: answerOf(Type.Object({ id: Type.Integer() })) },
        },
      },
      async (request) => {
        const { id, title, body } = request.body;
        const now = s.clock.now();
        if (!title.trim() || !body.trim()) throw new AppError('4605');
        const titleEn = request.body.titleEn?.trim() ?? '';
        const bodyEn = request.body.bodyEn?.trim() ? (request.body.bodyEn ?? '') : '';
        if (!titleEn !== !bodyEn) throw new AppError('4803', undefined, { field: titleEn ? 'bodyEn' : 'titleEn' });
        const texts = { title: title.trim(), body, title_en: titleEn, body_en: bodyEn };
        if (id === undefined) {
          const newId = await notices.insert({ ...texts, by: me(request).id, now });
          await log(request, 'notice.publish', `notice:${newId}`, texts.title);
          // Everyone online hears of it at once (bell, message list); the others see it unread on
          // their next visit, since the unread count is computed from the notices themselves.
          app.live.toAll({
            act: 'newMsg',
            msgid: `n${newId}`,
            msg: texts.title,
            msgEn: titleEn,
            type: 'notice',
            link: `/plat/msg?notice=${newId}`,
          });
          return success(request, { id: newId });
        }
        if (!(await notices.update(id, { ...texts, updated_at: now }))) throw new AppError('4801');
        await log(request, 'notice.edit', `notice:${id}`, texts.title);
        return success(request, { id });
      },
    );

    app.post(
      '/sys/notice/withdraw',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Withdraw a notice: users no longer see it (administrator)',
          body: NoticeIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const now = s.clock.now();
        if (!(await notices.update(request.body.id, { withdrawn_at: now, updated_at: now })))
          throw new AppError('4801');
        await log(request, 'notice.withdraw', `notice:${request.body.id}`);
        return success(request, null);
      },
    );

    tags = ['site'];
    app.post(
      '/sys/news/manage',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every news item and achievement, withdrawn ones included (administrator)',
          body: NewsAdminListBody,
          response: {
            200: answerOf(
              Type.Object({
                list: Type.Array(
                  Type.Object({ ...NewsListData.properties.list.items.properties, withdrawn: Type.Boolean() }),
                ),
                total: Type.Integer(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const { page = 1, size = 20 } = request.body;
        const r = await notices.newsAll({ page, size });
        return success(request, {
          list: r.list.map((n) => ({ ...presentNews(n), withdrawn: n.withdrawn_at !== null })),
          total: r.total,
        });
      },
    );

    app.post(
      '/sys/news/save',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Publish a news item or achievement, or edit one (`id`) (administrator)',
          body: NewsSaveBody,
          response: { 200: answerOf(Type.Object({ id: Type.Integer() })) },
        },
      },
      async (request) => {
        const { id, ...fields } = request.body;
        if (id === undefined) {
          const newId = await notices.insertNews({ ...fields, created_at: s.clock.now() });
          await log(request, 'news.publish', `news:${newId}`, fields.title_zh);
          return success(request, { id: newId });
        }
        if (!(await notices.updateNews(id, fields))) throw new AppError('4004');
        await log(request, 'news.edit', `news:${id}`, fields.title_zh);
        return success(request, { id });
      },
    );

    app.post(
      '/sys/news/withdraw',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Withdraw a news item from the public site (administrator)',
          body: NewsIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        if (!(await notices.updateNews(request.body.id, { withdrawn_at: s.clock.now() }))) throw new AppError('4004');
        await log(request, 'news.withdraw', `news:${request.body.id}`);
        return success(request, null);
      },
    );

    app.post(
      '/sys/faq/save',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Add an FAQ entry, or edit one (`id`); /help and /plat/cs/faq show the same list (administrator)',
          body: FaqSaveBody,
          response: { 200: answerOf(Type.Object({ id: Type.Integer() })) },
        },
      },
      async (request) => {
        const { id, ...fields } = request.body;
        if (id === undefined) {
          const row = await s.db.kysely.insertInto('faq').values(fields).returning('id').executeTakeFirstOrThrow();
          await log(request, 'faq.add', `faq:${row.id}`, fields.question_zh);
          return success(request, { id: Number(row.id) });
        }
        const r = await s.db.kysely.updateTable('faq').set(fields).where('id', '=', id).executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw new AppError('4004');
        await log(request, 'faq.edit', `faq:${id}`, fields.question_zh);
        return success(request, { id });
      },
    );

    app.post(
      '/sys/faq/delete',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Remove an FAQ entry (administrator)',
          body: FaqIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const r = await s.db.kysely.deleteFrom('faq').where('id', '=', request.body.id).executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) throw new AppError('4004');
        await log(request, 'faq.delete', `faq:${request.body.id}`);
        return success(request, null);
      },
    );

    app.post(
      '/sys/admin/audit',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: "Administrators' actions, newest first (administrator)",
          body: AuditListBody,
          response: { 200: answerOf(AuditListData) },
        },
      },
      async (request) => {
        const { action, page = 1, size = 20 } = request.body;
        const r = await audit.list({ action }, { page, size });
        return success(request, {
          list: r.list.map((a) => ({
            id: Number(a.id),
            adminId: a.admin_id === null ? null : Number(a.admin_id),
            adminName: a.admin_name || a.admin_email || '',
            action: a.action,
            target: a.target,
            detail: a.detail,
            createdAt: Number(a.created_at),
          })),
          total: r.total,
        });
      },
    );
  };
}
