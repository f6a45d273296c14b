import {
  CHAT_FIND_LIMITS,
  CHAT_LIMITS,
  type ChatConversationsData,
  type ChatHistoryData,
  type ChatPeer,
  type ChatSendData,
  type LiveMessage,
  ROLE,
  type UserMessage,
} from '@pvforge/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { type UserMessageRow, UserMessagesRepository } from '../db/repositories/user-messages.js';
import type { UsersRepository } from '../db/repositories/users.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { colourOf, sanitiseText } from '../live/protocol.js';
import { publicName } from '../presenters/user.js';

/** What the service needs of the live hub: delivery to a user's sockets and presence. */
export interface ChatLive {
  toUser(userId: number, message: LiveMessage): void;
  isOnline(userId: number): Promise<boolean>;
}

export interface ChatInput {
  to: number;
  msg: unknown;
  color?: unknown;
  bg?: unknown;
  /** The client's id of the message (live act 999), echoed on the relayed message. */
  msgid?: string | undefined;
}

const MINUTE_MS = 60_000;

export function presentUserMessage(r: UserMessageRow): UserMessage {
  return {
    id: Number(r.id),
    from: Number(r.sender_id),
    to: Number(r.recipient_id),
    msg: r.body,
    ...(r.color ? { color: r.color } : {}),
    ...(r.bg ? { bg: r.bg } : {}),
    createdAt: Number(r.created_at),
    read: r.read_at !== null,
  };
}

/**
 * User-to-user messages, one implementation for both ways in: the live act 999 (the hub) and
 * POST /sys/chat/send. A message is stored first (the record), then relayed as act 999 to every
 * socket of the recipient on any instance (best effort: an offline recipient finds it unread).
 */
export class UserMessageService {
  private readonly repo: UserMessagesRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly live: ChatLive,
  ) {
    this.repo = new UserMessagesRepository(db);
  }

  /**
   * Sanitises (plain text, 500 characters; colours only in safe forms), checks the recipient and
   * the sender's rate, stores, relays. Refusals are AppErrors 4501-4504.
   */
  async send(from: { id: number; name: string }, input: ChatInput): Promise<ChatSendData> {
    const body = sanitiseText(input.msg, CHAT_LIMITS.textMaxChars);
    if (!body) throw new AppError('4503');
    if (input.to === from.id) throw new AppError('4502');
    const recipient = await this.users.findById(input.to);
    if (!recipient || recipient.disabled) throw new AppError('4501');
    const now = this.clock.now();
    if ((await this.repo.sentSince(from.id, now - MINUTE_MS)) >= CHAT_LIMITS.perMinute) {
      throw new AppError('4504', { max: CHAT_LIMITS.perMinute });
    }
    const color = colourOf(input.color) ?? null;
    const bg = colourOf(input.bg) ?? null;
    const row = await this.repo.insert({ from: from.id, to: recipient.id, body, color, bg, now });
    const message = presentUserMessage(row);
    this.live.toUser(recipient.id, {
      act: '999',
      from: from.id,
      nickname: from.name,
      to: recipient.id,
      msg: body,
      ...(color ? { color } : {}),
      ...(bg ? { bg } : {}),
      msgid: input.msgid ?? `u${message.id}`,
    });
    return { message, delivered: await this.live.isOnline(recipient.id) };
  }

  async conversations(userId: number, p: { page: number; size: number }): Promise<ChatConversationsData> {
    const r = await this.repo.conversations(userId, p);
    const [last, names] = await Promise.all([
      this.repo.byIds(r.rows.map((x) => x.lastId)),
      this.names(r.rows.map((x) => x.peer)),
    ]);
    const byId = new Map(last.map((m) => [Number(m.id), m]));
    const list = r.rows.flatMap((x) => {
      const m = byId.get(x.lastId);
      return m
        ? [
            {
              peer: { uid: x.peer, name: names.get(x.peer) ?? `#${x.peer}` },
              last: presentUserMessage(m),
              unread: x.unread,
            },
          ]
        : [];
    });
    return { list, total: r.total, unread: r.unread };
  }

  async history(
    userId: number,
    peerId: number,
    p: { before?: number | undefined; size: number },
  ): Promise<ChatHistoryData> {
    const peer = await this.users.findById(peerId);
    if (!peer) throw new AppError('4501');
    const r = await this.repo.history(userId, peerId, p);
    return { peer: { uid: peer.id, name: publicName(peer) }, list: r.list.map(presentUserMessage), more: r.more };
  }

  markRead(userId: number, peerId: number): Promise<number> {
    return this.repo.markRead(userId, peerId, this.clock.now());
  }

  unread(userId: number): Promise<number> {
    return this.repo.unreadCount(userId);
  }

  /**
   * Whom an ordinary user sees in the online list: everyone they exchanged messages with, and the
   * administrators (the platform's staff, whom any user may ask). Anyone else's presence is private
   * until the two have written to each other (issue 29; docs/live.md).
   */
  async contacts(userId: number): Promise<number[]> {
    const [peers, admins] = await Promise.all([
      this.repo.contacts(userId),
      this.db.selectFrom('users').select('id').where('role', '=', ROLE.admin).where('disabled', '=', 0).execute(),
    ]);
    return [...new Set([...peers, ...admins.map((a) => Number(a.id))])];
  }

  /**
   * Users whose public name is exactly `name` (case and surrounding spaces ignored), the caller and
   * disabled accounts left out: how a user finds someone to start a conversation with, without a
   * way to list the others (CHAT_FIND_LIMITS).
   */
  async findByName(userId: number, name: string): Promise<ChatPeer[]> {
    const wanted = name.trim().toLowerCase();
    if (wanted.length < CHAT_FIND_LIMITS.nameMinChars) return [];
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'real_name'])
      .where('disabled', '=', 0)
      .where('id', '!=', userId)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['nickname']), '=', wanted),
          eb.and([
            eb.or([eb('nickname', 'is', null), eb('nickname', '=', '')]),
            eb(eb.fn('lower', ['real_name']), '=', wanted),
          ]),
        ]),
      )
      .orderBy('id')
      .limit(CHAT_FIND_LIMITS.results)
      .execute();
    return rows.map((u) => ({ uid: Number(u.id), name: publicName(u) }));
  }

  private async names(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'real_name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((u) => [Number(u.id), publicName(u)]));
  }
}
