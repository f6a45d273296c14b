import { type Kysely, type Selectable, sql } from 'kysely';
import { COUNTER_ACCOUNT, USER_SIGN } from '../migrations-finance.js';
import type { Database, LedgerTable, MessagesTable, ReviewsTable } from '../schema.js';

export type ReviewRow = Selectable<ReviewsTable> & { owner_name: string | null };
export type MessageRow = Selectable<MessagesTable>;
export type LedgerRow = Selectable<LedgerTable>;

interface Paging {
  page: number;
  size: number;
}

/** Requests to publish a personal material or device, and their decisions. */
export class ReviewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db.selectFrom('reviews').leftJoin('users', 'users.id', 'reviews.user_id');
  }

  private columns() {
    return [
      'reviews.id',
      'reviews.item_type',
      'reviews.item_id',
      'reviews.item_name',
      'reviews.user_id',
      'reviews.status',
      'reviews.note',
      'reviews.reason',
      'reviews.reward_fen',
      'reviews.public_item_id',
      'reviews.created_at',
      'reviews.decided_at',
      'reviews.decided_by',
      sql<string | null>`coalesce(users.nickname, users.real_name)`.as('owner_name'),
    ] as const;
  }

  async insert(r: {
    itemType: string;
    itemId: string;
    itemName: string;
    userId: number;
    note: string | null;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('reviews')
      .values({
        item_type: r.itemType,
        item_id: r.itemId,
        item_name: r.itemName,
        user_id: r.userId,
        status: 'pending',
        note: r.note,
        created_at: r.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async get(id: number): Promise<ReviewRow | undefined> {
    return this.base().select(this.columns()).where('reviews.id', '=', id).executeTakeFirst();
  }

  async list(filter: { userId?: number; status?: string | undefined }, p: Paging) {
    let q = this.base();
    if (filter.userId !== undefined) q = q.where('reviews.user_id', '=', filter.userId);
    if (filter.status) q = q.where('reviews.status', '=', filter.status);
    const [list, total] = await Promise.all([
      q
        .select(this.columns())
        .orderBy('reviews.created_at', 'desc')
        .orderBy('reviews.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: list as ReviewRow[], total: Number(total.n) };
  }

  /**
   * Decides a pending review. The status condition is in the UPDATE: of two administrators deciding
   * at once, exactly one changes the row (PostgreSQL locks it; SQLite serialises the writers).
   */
  async decide(
    id: number,
    d: {
      status: 'approved' | 'rejected';
      by: number;
      now: number;
      reason?: string;
      rewardFen?: number;
      publicItemId?: string;
    },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('reviews')
      .set({
        status: d.status,
        decided_by: d.by,
        decided_at: d.now,
        reason: d.reason ?? null,
        reward_fen: d.rewardFen ?? null,
        public_item_id: d.publicItemId ?? null,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Sets what an approval produced, once the public copy exists. */
  async setOutcome(id: number, publicItemId: string, rewardFen: number): Promise<void> {
    await this.db
      .updateTable('reviews')
      .set({ public_item_id: publicItemId, reward_fen: rewardFen })
      .where('id', '=', id)
      .execute();
  }

  /** A pending review of an item that is deleted has nothing left to decide. */
  async dropPending(itemType: string, itemId: string): Promise<void> {
    await this.db
      .deleteFrom('reviews')
      .where('item_type', '=', itemType)
      .where('item_id', '=', itemId)
      .where('status', '=', 'pending')
      .execute();
  }
}

/** In-site messages: each belongs to one user, who alone lists and reads them. */
export class MessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(m: {
    userId: number;
    kind: string;
    title: string;
    body: string;
    link?: string | null;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('messages')
      .values({
        user_id: m.userId,
        kind: m.kind,
        title: m.title.slice(0, 200),
        body: m.body,
        link: m.link ?? null,
        created_at: m.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async list(userId: number, opts: Paging & { unreadOnly: boolean }) {
    let q = this.db.selectFrom('messages').where('user_id', '=', userId);
    if (opts.unreadOnly) q = q.where('read_at', 'is', null);
    const [list, total, unread] = await Promise.all([
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n), unread: Number(unread.n) };
  }

  /** Marks one of the user's messages read; false when it is not theirs (or does not exist). */
  async markRead(userId: number, id: number, now: number): Promise<boolean> {
    const exists = await this.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!exists) return false;
    await this.db
      .updateTable('messages')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    return true;
  }

  async markAllRead(userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
}

/** Money movements in integer fen. */
export class LedgerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(e: {
    userId: number;
    kind: 'review-reward' | 'recharge' | 'consumption';
    amountFen: number;
    note: string;
    refId: string | null;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('ledger')
      .values({
        user_id: e.userId,
        kind: e.kind,
        amount_fen: e.amountFen,
        note: e.note.slice(0, 255),
        ref_id: e.refId,
        created_at: e.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    // Double entry: the user's account and the platform account on the other side, summing to zero.
    const sign = USER_SIGN[e.kind]!;
    await this.db
      .insertInto('ledger_entries')
      .values([
        { ledger_id: id, account: `user:${e.userId}`, amount_fen: sign * e.amountFen, created_at: e.now },
        { ledger_id: id, account: COUNTER_ACCOUNT[e.kind]!, amount_fen: -sign * e.amountFen, created_at: e.now },
      ])
      .execute();
    return id;
  }

  /** The balance of a user's account: the sum of its postings, in fen. */
  async balanceFen(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number | string>('amount_fen').as('fen'))
      .where('account', '=', `user:${userId}`)
      .executeTakeFirst();
    return Number(r?.fen ?? 0);
  }

  /** Sum of every posting (0 when the books balance) and the postings of any unbalanced ledger row. */
  async trialBalance(): Promise<{ totalFen: number; unbalanced: number }> {
    const total = await this.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number | string>('amount_fen').as('fen'))
      .executeTakeFirst();
    const bad = await this.db
      .selectFrom('ledger_entries')
      .select('ledger_id')
      .groupBy('ledger_id')
      .having((eb) => eb.fn.sum('amount_fen'), '<>', 0)
      .execute();
    return { totalFen: Number(total?.fen ?? 0), unbalanced: bad.length };
  }

  /** Sums by kind for one user, in fen. */
  async totals(userId: number): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('ledger')
      .select(['kind', (eb) => eb.fn.sum<number | string>('amount_fen').as('fen')])
      .where('user_id', '=', userId)
      .groupBy('kind')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.fen ?? 0)]));
  }

  async list(userId: number, kind: string, p: Paging) {
    const q = this.db.selectFrom('ledger').where('user_id', '=', userId).where('kind', '=', kind);
    const [list, total] = await Promise.all([
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }
}

/** System settings: text values by key. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
