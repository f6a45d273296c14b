import type { Insertable, Kysely } from 'kysely';
import type { Database, NewsTable } from '../schema.js';

/** Notices and their per-user read state; news editing and withdrawal. */
export class NoticesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Published notices, newest first, with whether `userId` has read each; withdrawn ones only for `all`. */
  async list(userId: number, p: { page: number; size: number }, all: boolean) {
    let q = this.db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (j) => j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId));
    if (!all) q = q.where('n.withdrawn_at', 'is', null);
    const [list, total, unread] = await Promise.all([
      q
        .selectAll('n')
        .select('r.read_at')
        .orderBy('n.published_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('notices as n')
        .leftJoin('notice_reads as r', (j) => j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId))
        .where('n.withdrawn_at', 'is', null)
        .where('r.read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.c), unread: Number(unread.c) };
  }

  async get(id: number) {
    return this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(n: {
    title: string;
    body: string;
    title_en: string;
    body_en: string;
    by: number;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('notices')
      .values({
        title: n.title,
        body: n.body,
        title_en: n.title_en,
        body_en: n.body_en,
        created_by: n.by,
        published_at: n.now,
        updated_at: n.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(
    id: number,
    patch: {
      title?: string;
      body?: string;
      title_en?: string;
      body_en?: string;
      updated_at: number;
      withdrawn_at?: number | null;
    },
  ) {
    const r = await this.db.updateTable('notices').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Marks read (once: a second read keeps the first time). */
  async markRead(noticeIds: number[], userId: number, now: number): Promise<void> {
    for (const id of noticeIds) {
      await this.db
        .insertInto('notice_reads')
        .values({ notice_id: id, user_id: userId, read_at: now })
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
    }
  }

  async unreadIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (j) => j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId))
      .where('n.withdrawn_at', 'is', null)
      .where('r.read_at', 'is', null)
      .select('n.id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  // --- news -----------------------------------------------------------------------------------

  async newsAll(p: { page: number; size: number }) {
    const [list, total] = await Promise.all([
      this.db
        .selectFrom('news')
        .selectAll()
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      this.db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.c) };
  }

  async insertNews(n: Insertable<NewsTable>): Promise<number> {
    const row = await this.db.insertInto('news').values(n).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateNews(id: number, patch: Partial<Insertable<NewsTable>>): Promise<boolean> {
    const r = await this.db.updateTable('news').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
