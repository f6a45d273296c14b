import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConsultCreateBody,
  ConsultIdBody,
  ConsultListBody,
  ConsultListData,
  ConsultReplyBody,
  ConsultTicket,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { Attachments } from '../services/attachments.js';
import { ConsultService } from '../services/consult.js';
import type { Services } from '../services/container.js';
import { Notifier } from '../services/notifier.js';

/**
 * Consultation tickets (spec §2 cs/consult; issue 14, docs/consultation.md). Users open, read,
 * answer and close their own; administrators list, read, answer and close all of them.
 */
export function consultRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const consult = new ConsultService(
      s.db.kysely,
      s.clock,
      new Attachments(s.calculations, s.devices),
      new Notifier(s.db.kysely, s.clock, app.live),
    );
    const tags = ['consult'];
    const me = (request: FastifyRequest) => authOf(request).user;

    app.post(
      '/sys/consult/create',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Open a consultation: category, subject, text, attachments of own calculations or visible devices',
          body: ConsultCreateBody,
          response: { 200: answerOf(Type.Object({ id: Type.Integer() })) },
        },
      },
      async (request) => success(request, { id: await consult.open(me(request), request.body) }),
    );

    app.post(
      '/sys/consult/mine',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's consultations, latest activity first",
          body: ConsultListBody,
          response: { 200: answerOf(ConsultListData) },
        },
      },
      async (request) => {
        const { status, page = 1, size = 20 } = request.body;
        return success(request, await consult.mine(me(request), status, { page, size }));
      },
    );

    app.post(
      '/sys/consult/detail',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A consultation with its messages (its user or an administrator)',
          body: ConsultIdBody,
          response: { 200: answerOf(ConsultTicket) },
        },
      },
      async (request) => success(request, await consult.detail(me(request), request.body.id)),
    );

    app.post(
      '/sys/consult/reply',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Add a message (its user: state 'open'; an administrator: 'answered', the user is told)",
          body: ConsultReplyBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await consult.reply(me(request), request.body);
        return success(request, null);
      },
    );

    app.post(
      '/sys/consult/close',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Close a consultation (its user or an administrator)',
          body: ConsultIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await consult.close(me(request), request.body.id);
        return success(request, null);
      },
    );

    app.post(
      '/sys/consult/list',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every consultation, by state, latest activity first (administrator)',
          body: ConsultListBody,
          response: { 200: answerOf(ConsultListData) },
        },
      },
      async (request) => {
        const { status, page = 1, size = 20 } = request.body;
        return success(request, await consult.all(status, { page, size }));
      },
    );
  };
}
