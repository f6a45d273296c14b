import type { ChatConversationsData, ChatFindData, ChatHistoryData, ChatSendData } from '@pvforge/contracts';
import { call } from './client';

/** User-to-user messages (docs/live.md "Chat and conversations"): the caller's own conversations. */
export const chatApi = {
  send: (to: number, msg: string, style: { color?: string; bg?: string } = {}) =>
    call<ChatSendData>('/sys/chat/send', { body: { to, msg, ...style } }),
  conversations: (page = 1, size = 50) =>
    call<ChatConversationsData>('/sys/chat/conversations', { body: { page, size } }),
  history: (peer: number, before?: number) =>
    call<ChatHistoryData>('/sys/chat/history', { body: { peer, size: 50, ...(before ? { before } : {}) } }),
  read: (peer: number) => call<null>('/sys/chat/read', { body: { peer } }),
  /** Users called exactly `name` (privacy: no partial matches), to start a conversation. */
  find: (name: string) => call<ChatFindData>('/sys/chat/find', { body: { name } }),
};

/** Under ['msgs'], so whatever refreshes the in-site messages (a live notice, a new chat) refreshes these too. */
export const chatKeys = {
  conversations: ['msgs', 'chat', 'conversations'] as const,
  history: (peer: number) => ['msgs', 'chat', 'history', peer] as const,
};
