import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';
import { UserId } from './common.js';

/**
 * User-to-user in-site messages (issue 16; docs/live.md "Chat and conversations"). A chat message
 * (live act 999, or POST /sys/chat/send) is kept in the database, so a conversation outlives the
 * 36 s notification and reaches a recipient who was offline. Text is plain: the server strips tags
 * and control characters; `color` and `bg` are the spec §3 live-message fields, kept per message.
 */
export const CHAT_LIMITS = {
  /** Characters of one message after sanitising (also the live act 999 limit). */
  textMaxChars: 500,
  /** Messages one user may send per minute, over the live connection and the API together. */
  perMinute: 30,
} as const;

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a CSS colour name: forms that cannot carry anything else. */
export const CHAT_COLOUR_PATTERN = '^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,20})$';

const Colour = Type.String({ pattern: CHAT_COLOUR_PATTERN, maxLength: 20 });

export const UserMessage = Type.Object({
  id: Type.Integer(),
  from: Type.Integer({ description: 'sender user id' }),
  to: Type.Integer({ description: 'recipient user id' }),
  msg: Type.String(),
  color: Type.Optional(Type.String()),
  bg: Type.Optional(Type.String()),
  createdAt: Type.Integer(),
  /** Whether the recipient has read it. */
  read: Type.Boolean(),
});
export type UserMessage = Static<typeof UserMessage>;

export const ChatSendBody = Type.Object({
  to: UserId,
  msg: Type.String({ minLength: 1, maxLength: 2000, description: 'plain text; kept to 500 characters' }),
  color: Type.Optional(Colour),
  bg: Type.Optional(Colour),
});
export type ChatSendBody = Static<typeof ChatSendBody>;

export const ChatSendData = Type.Object({
  message: UserMessage,
  /** The recipient had a live connection open and was told at once; otherwise they see it on their next visit. */
  delivered: Type.Boolean(),
});
export type ChatSendData = Static<typeof ChatSendData>;

export const ChatPeer = Type.Object({
  uid: Type.Integer(),
  /** Forum nickname, else real name: what the platform shows of a user to others. */
  name: Type.String(),
});
export type ChatPeer = Static<typeof ChatPeer>;

export const ChatConversation = Type.Object({
  peer: ChatPeer,
  last: UserMessage,
  /** Messages from the peer the caller has not read. */
  unread: Type.Integer(),
});
export type ChatConversation = Static<typeof ChatConversation>;

export const ChatConversationsBody = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ChatConversationsBody = Static<typeof ChatConversationsBody>;

export const ChatConversationsData = Type.Object({
  list: Type.Array(ChatConversation),
  total: Type.Integer(),
  unread: Type.Integer({ description: "the caller's unread messages over every conversation" }),
});
export type ChatConversationsData = Static<typeof ChatConversationsData>;

export const ChatHistoryBody = Type.Object({
  peer: UserId,
  /** Messages older than this id (paging back); absent: the newest. */
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export type ChatHistoryBody = Static<typeof ChatHistoryBody>;

export const ChatHistoryData = Type.Object({
  peer: ChatPeer,
  /** Oldest first. */
  list: Type.Array(UserMessage),
  /** Older messages exist (ask again with before = list[0].id). */
  more: Type.Boolean(),
});
export type ChatHistoryData = Static<typeof ChatHistoryData>;

export const ChatReadBody = Type.Object({ peer: UserId });
export type ChatReadBody = Static<typeof ChatReadBody>;

/**
 * Finding someone to write to (issue 29). Privacy: only by their whole public name (forum nickname,
 * else real name; case and surrounding spaces ignored), so nobody can list the users; the answer
 * holds the public name and id only, never an e-mail, phone or institution.
 */
export const CHAT_FIND_LIMITS = { nameMinChars: 2, nameMaxChars: 30, results: 10 } as const;

export const ChatFindBody = Type.Object({
  name: Type.String({ minLength: CHAT_FIND_LIMITS.nameMinChars, maxLength: CHAT_FIND_LIMITS.nameMaxChars }),
});
export type ChatFindBody = Static<typeof ChatFindBody>;

export const ChatFindData = Type.Object({
  list: Type.Array(Type.Object({ ...ChatPeer.properties, online: Type.Boolean() })),
});
export type ChatFindData = Static<typeof ChatFindData>;
