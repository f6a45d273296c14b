import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, UserMessagesTable } from '../schema.js';

export type UserMessageRow = Selectable<UserMessagesTable>;

/**
 * User-to-user messages (0019). Every query is scoped to one user, so a caller can only ever see
 * conversations they take part in.
 */
export class UserMessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(m: {
    from: number;
    to: number;
    body: string;
    color: string | null;
    bg: string | null;
    now: number;
  }): Promise<UserMessageRow> {
    return this.db
      .insertInto('user_messages')
      .values({ sender_id: m.from, recipient_id: m.to, body: m.body, color: m.color, bg: m.bg, created_at: m.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Messages the user sent since `since` (the per-minute limit). */
  async sentSince(userId: number, since: number): Promise<number> {
    const r = await this.db
      .selectFrom('user_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sender_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** One row per person the user exchanged messages with (the peer expression is computed per row, then grouped). */
  private byPeer(userId: number) {
    return this.db
      .selectFrom('user_messages')
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
      .select([
        sql<number>`case when sender_id = ${userId} then recipient_id else sender_id end`.as('peer'),
        'id',
        sql<number>`case when recipient_id = ${userId} and read_at is null then 1 else 0 end`.as('unread_flag'),
      ])
      .as('m');
  }

  /** Conversations, most recent first: the peer, the last message's id and the unread count. */
  async conversations(userId: number, p: { page: number; size: number }) {
    const [rows, total, unread] = await Promise.all([
      this.db
        .selectFrom(this.byPeer(userId))
        .select((eb) => ['m.peer', eb.fn.max('m.id').as('last_id'), eb.fn.sum<number>('m.unread_flag').as('unread')])
        .groupBy('m.peer')
        .orderBy('last_id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      this.db
        .selectFrom(this.byPeer(userId))
        .select((eb) => eb.fn.count<number>('m.peer').distinct().as('n'))
        .executeTakeFirstOrThrow(),
      this.unreadCount(userId),
    ]);
    return {
      rows: rows.map((r) => ({ peer: Number(r.peer), lastId: Number(r.last_id), unread: Number(r.unread ?? 0) })),
      total: Number(total.n),
      unread,
    };
  }

  async unreadCount(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('user_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Everyone the user exchanged a message with (the contacts of the online list). */
  async contacts(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom(this.byPeer(userId)).select('m.peer').distinct().execute();
    return rows.map((r) => Number(r.peer));
  }

  async byIds(ids: readonly number[]): Promise<UserMessageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('user_messages')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The newest `size` messages between the two users older than `before`, oldest first, and whether more exist. */
  async history(userId: number, peerId: number, p: { before?: number | undefined; size: number }) {
    let q = this.db
      .selectFrom('user_messages')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', userId), eb('recipient_id', '=', peerId)]),
          eb.and([eb('sender_id', '=', peerId), eb('recipient_id', '=', userId)]),
        ]),
      );
    if (p.before !== undefined) q = q.where('id', '<', p.before);
    const rows = await q
      .orderBy('id', 'desc')
      .limit(p.size + 1)
      .execute();
    return { list: rows.slice(0, p.size).reverse(), more: rows.length > p.size };
  }

  /** Marks the peer's messages to the user read; the number marked. */
  async markRead(userId: number, peerId: number, now: number): Promise<number> {
    const r = await this.db
      .updateTable('user_messages')
      .set({ read_at: now })
      .where('recipient_id', '=', userId)
      .where('sender_id', '=', peerId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
