import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChatConversationsBody,
  ChatConversationsData,
  ChatFindBody,
  ChatFindData,
  ChatHistoryBody,
  ChatHistoryData,
  ChatReadBody,
  ChatSendBody,
  ChatSendData,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { publicName } from '../presenters/user.js';

/**
 * User-to-user in-site messages (issue 16; docs/live.md "Chat and conversations"). Every route
 * needs a logged-in user and only ever reads or changes the caller's own conversations; an
 * administrator has no wider view here. Sending is the live act 999's twin: the same service
 * stores and relays both (app.live.chat), with one per-minute limit across the two.
 */
export function chatRoutes(): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['message'];
    const me = (request: FastifyRequest) => authOf(request).user;
    const chat = () => app.live.chat;

    app.post(
      '/sys/chat/send',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Send a plain-text message (≤ 500 characters; optional color, bg) to user `to`: stored, and relayed live as act 999',
          body: ChatSendBody,
          response: { 200: answerOf(ChatSendData) },
        },
      },
      async (request) => {
        const u = me(request);
        const b = request.body;
        return success(
          request,
          await chat().send(
            { id: u.id, name: publicName(u) },
            { to: Number(b.to), msg: b.msg, color: b.color, bg: b.bg },
          ),
        );
      },
    );

    app.post(
      '/sys/chat/conversations',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's conversations, most recent first, with unread counts and the total unread",
          body: ChatConversationsBody,
          response: { 200: answerOf(ChatConversationsData) },
        },
      },
      async (request) => {
        const { page = 1, size = 20 } = request.body;
        return success(request, await chat().conversations(me(request).id, { page, size }));
      },
    );

    app.post(
      '/sys/chat/find',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Users whose public name (forum nickname, else real name) is exactly `name`, to start a conversation: id, name and whether online; never a list of users',
          body: ChatFindBody,
          response: { 200: answerOf(ChatFindData) },
        },
      },
      async (request) => {
        const found = await chat().findByName(me(request).id, request.body.name);
        const online = await Promise.all(found.map((p) => app.live.isOnline(p.uid)));
        return success(request, { list: found.map((p, i) => ({ ...p, online: online[i] ?? false })) });
      },
    );

    app.post(
      '/sys/chat/history',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Messages between the caller and `peer`, oldest first; `before` pages back',
          body: ChatHistoryBody,
          response: { 200: answerOf(ChatHistoryData) },
        },
      },
      async (request) => {
        const { peer, before, size = 30 } = request.body;
        return success(request, await chat().history(me(request).id, Number(peer), { before, size }));
      },
    );

    app.post(
      '/sys/chat/read',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Mark the messages `peer` sent the caller read',
          body: ChatReadBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await chat().markRead(me(request).id, Number(request.body.peer));
        return success(request, null);
      },
    );
  };
}
