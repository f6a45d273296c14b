import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FORUM_IMAGE_KEY_PATTERN,
  FORUM_LIMITS,
  ForumBoardsBody,
  ForumBoardsData,
  ForumIdBody,
  ForumImageData,
  ForumModerateBody,
  ForumMyPostsBody,
  ForumMyPostsData,
  ForumReplyCreateBody,
  ForumReplyUpdateBody,
  ForumReportBody,
  ForumReportsBody,
  ForumReportsData,
  ForumThread,
  ForumThreadBody,
  ForumThreadCreateBody,
  ForumThreadsBody,
  ForumThreadsData,
  ForumThreadUpdateBody,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AuditRepository } from '../db/repositories/audit.js';
import { IMAGE_REFUSALS } from '../forum/image.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError } from '../http/errors.js';
import { Attachments } from '../services/attachments.js';
import type { Services } from '../services/container.js';
import { ForumService } from '../services/forum.js';
import { Notifier } from '../services/notifier.js';
import { readUpload } from '../uploads/multipart.js';

const IdAnswer = answerOf(Type.Object({ id: Type.Integer() }));

/** The uploaded image's bytes (multipart `file`), refused with 4606 (naming `file`) when absent or too large. */
async function imageUpload(request: FastifyRequest): Promise<Buffer> {
  const refuse = (r: 'empty' | 'too-large') =>
    new AppError('4606', { detail: IMAGE_REFUSALS[r][request.lang] }, { field: 'file' });
  if (!request.isMultipart()) throw refuse('empty');
  return readUpload(
    async () => {
      const part = await request.file({ limits: { fileSize: FORUM_LIMITS.imageMaxBytes, files: 1, fields: 2 } });
      if (!part) throw refuse('empty');
      return await part.toBuffer();
    },
    { tooLarge: () => refuse('too-large'), fields: ['file'] },
  );
}

/**
 * The forum (issue 14, docs/forum.md). Reading and posting need a logged-in user; editing and
 * deleting a post need its author or an administrator (checked in ForumService); moderation and
 * the report queue need an administrator. Images are served without a signature (an <img> cannot
 * send one) under an unguessable 128-bit key.
 */
export function forumRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const forum = new ForumService(
      s.db.kysely,
      s.clock,
      new Attachments(s.calculations, s.devices),
      new Notifier(s.db.kysely, s.clock, app.live),
    );
    const audit = new AuditRepository(s.db.kysely);
    const tags = ['forum'];
    const me = (request: FastifyRequest) => authOf(request).user;

    app.post(
      '/sys/forum/boards',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Boards of a forum (academic, feedback) with their thread counts',
          body: ForumBoardsBody,
          response: { 200: answerOf(ForumBoardsData) },
        },
      },
      async (request) => success(request, { list: await forum.boards(request.body.forum, request.lang) }),
    );

    app.post(
      '/sys/forum/threads',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Threads of a forum or board, pinned first then by latest reply; search matches title and text',
          body: ForumThreadsBody,
          response: { 200: answerOf(ForumThreadsData) },
        },
      },
      async (request) => {
        const { forum: kind, boardId, search, page = 1, size = 20 } = request.body;
        return success(
          request,
          await forum.threads(me(request), { forum: kind, boardId, search }, { page, size }, request.lang),
        );
      },
    );

    app.post(
      '/sys/forum/thread',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A thread with one page of its replies',
          body: ForumThreadBody,
          response: { 200: answerOf(ForumThread) },
        },
      },
      async (request) => {
        const { id, page = 1, size = 20 } = request.body;
        return success(request, await forum.thread(me(request), id, { page, size }, request.lang));
      },
    );

    app.post(
      '/sys/forum/thread/create',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Open a thread: title, rich-text body (sanitised), attachments of own calculations or visible devices',
          body: ForumThreadCreateBody,
          response: { 200: IdAnswer },
        },
      },
      async (request) => success(request, { id: await forum.createThread(me(request), request.body) }),
    );

    app.post(
      '/sys/forum/thread/update',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Edit a thread (its author or an administrator)',
          body: ForumThreadUpdateBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await forum.updateThread(me(request), request.body);
        return success(request, null);
      },
    );

    app.post(
      '/sys/forum/thread/delete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a thread (its author or an administrator)',
          body: ForumIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await forum.deleteThread(me(request), request.body.id);
        return success(request, null);
      },
    );

    app.post(
      '/sys/forum/reply/create',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Reply (optionally quoting a reply); the thread's author is told by message and live notification",
          body: ForumReplyCreateBody,
          response: { 200: IdAnswer },
        },
      },
      async (request) => success(request, { id: await forum.reply(me(request), request.body) }),
    );

    app.post(
      '/sys/forum/reply/update',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Edit a reply (its author or an administrator)',
          body: ForumReplyUpdateBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await forum.updateReply(me(request), request.body);
        return success(request, null);
      },
    );

    app.post(
      '/sys/forum/reply/delete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a reply (its author or an administrator)',
          body: ForumIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await forum.deleteReply(me(request), request.body.id);
        return success(request, null);
      },
    );

    app.post(
      '/sys/forum/myposts',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's threads or replies, newest first",
          body: ForumMyPostsBody,
          response: { 200: answerOf(ForumMyPostsData) },
        },
      },
      async (request) => {
        const { type, page = 1, size = 20 } = request.body;
        return success(request, await forum.myPosts(me(request), type, { page, size }, request.lang));
      },
    );

    app.post(
      '/sys/forum/report',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Report a thread or reply to the administrators (once per post)',
          body: ForumReportBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const { type, id, reason } = request.body;
        await forum.report(me(request), type, id, reason);
        return success(request, null);
      },
    );

    app.post(
      '/sys/forum/image',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Upload an image (multipart `file`): PNG, JPEG, GIF or WebP, at most 1 MB, 4096 px a side, 12 megapixels',
          consumes: ['multipart/form-data'],
          response: { 200: answerOf(ForumImageData) },
        },
      },
      async (request) =>
        success(request, await forum.uploadImage(me(request), await imageUpload(request), request.lang)),
    );

    app.get(
      '/sys/forum/image/:key',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'An uploaded forum image, by its unguessable key',
          params: Type.Object({ key: Type.String({ pattern: FORUM_IMAGE_KEY_PATTERN }) }),
        },
      },
      async (request, reply) => {
        const img = await forum.image(request.params.key);
        if (!img) throw new AppError('4004');
        return reply
          .header('content-type', img.mime)
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('content-disposition', 'inline')
          .send(Buffer.from(img.bytes));
      },
    );

    // --- moderation (administrators) -----------------------------------------------------------
    app.post(
      '/sys/forum/moderate',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Pin, unpin, lock, unlock (threads), hide, unhide, delete (threads and replies) (administrator)',
          body: ForumModerateBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const { type, id, action } = request.body;
        await forum.moderate(me(request), type, id, action);
        await audit.record({
          adminId: me(request).id,
          action: `forum.${action}`,
          target: `${type}:${id}`,
          now: s.clock.now(),
        });
        return success(request, null);
      },
    );

    app.post(
      '/sys/forum/reports',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Reported posts, newest first (administrator)',
          body: ForumReportsBody,
          response: { 200: answerOf(ForumReportsData) },
        },
      },
      async (request) => {
        const { status, page = 1, size = 20 } = request.body;
        return success(request, await forum.reports(status, { page, size }));
      },
    );

    app.post(
      '/sys/forum/report/resolve',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Mark a report handled without acting on the post (administrator)',
          body: ForumIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await forum.resolveReport(me(request), request.body.id);
        await audit.record({
          adminId: me(request).id,
          action: 'forum.resolve-report',
          target: `report:${request.body.id}`,
          now: s.clock.now(),
        });
        return success(request, null);
      },
    );
  };
}
