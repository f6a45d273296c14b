import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MailSendBody, OutboxBody, OutboxData } from '@pvforge/contracts';
import { answerOf, NullAnswer, success } from '../http/answer.js';
import { presentOutbox } from '../presenters/content.js';
import type { Services } from '../services/container.js';

export function mailRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/mail/send',
      {
        config: { access: 'public', fields: { email: 'forgot.email' } },
        schema: {
          tags: ['account'],
          summary: 'Ask for a password-reset mail; the answer is the same whether the address is registered or not',
          body: MailSendBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await s.resets.request(request.body.email, request.ip);
        return success(request, null);
      },
    );

    app.post(
      '/sys/mail/outbox',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Recent outgoing mail and its delivery status (without bodies)',
          body: OutboxBody,
          response: { 200: answerOf(OutboxData) },
        },
      },
      async (request) => {
        const rows = await s.outbox.recent(request.body.limit ?? 50);
        return success(request, { list: rows.map(presentOutbox) });
      },
    );
  };
}
