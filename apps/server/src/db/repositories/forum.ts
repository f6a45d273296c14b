import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ForumBoardsTable, ForumRepliesTable, ForumReportsTable, ForumThreadsTable } from '../schema.js';

export type BoardRow = Selectable<ForumBoardsTable>;
type Author = { author_nickname: string | null; author_name: string | null };
export type ThreadRow = Selectable<ForumThreadsTable> &
  Author & { forum: string; board_name_zh: string; board_name_en: string };
export type ReplyRow = Selectable<ForumRepliesTable> & Author;
export type ReportRow = Selectable<ForumReportsTable> & Author;

interface Paging {
  page: number;
  size: number;
}

/** LIKE pattern for a search text: %, _ and \ are literal (with ESCAPE '\'). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Boards, threads, replies, reports and images of the forum (docs/forum.md). */
export class ForumRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async boards(forum?: string): Promise<(BoardRow & { thread_count: number })[]> {
    let q = this.db
      .selectFrom('forum_boards as b')
      .selectAll('b')
      .select((eb) =>
        eb
          .selectFrom('forum_threads as t')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('t.board_id', '=', 'b.id')
          .where('t.deleted_at', 'is', null)
          .where('t.hidden', '=', 0)
          .as('thread_count'),
      );
    if (forum) q = q.where('b.forum', '=', forum);
    const rows = await q.orderBy('b.forum').orderBy('b.sort').orderBy('b.id').execute();
    return rows.map((r) => ({ ...r, thread_count: Number(r.thread_count ?? 0) }));
  }

  async board(id: number): Promise<BoardRow | undefined> {
    return this.db.selectFrom('forum_boards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private threads() {
    return this.db
      .selectFrom('forum_threads as t')
      .innerJoin('forum_boards as b', 'b.id', 't.board_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select([
        'b.forum as forum',
        'b.name_zh as board_name_zh',
        'b.name_en as board_name_en',
        'u.nickname as author_nickname',
        'u.real_name as author_name',
      ])
      .where('t.deleted_at', 'is', null);
  }

  /** Threads, pinned first then by latest activity; hidden ones only for `withHidden` (moderators). */
  async listThreads(
    f: { forum?: string | undefined; boardId?: number | undefined; search?: string | undefined; userId?: number },
    p: Paging,
    withHidden: boolean,
  ): Promise<{ list: ThreadRow[]; total: number }> {
    let q = this.threads();
    if (f.forum) q = q.where('b.forum', '=', f.forum);
    if (f.boardId) q = q.where('t.board_id', '=', f.boardId);
    if (f.userId) q = q.where('t.user_id', '=', f.userId);
    else if (!withHidden) q = q.where('t.hidden', '=', 0);
    if (f.search) q = q.where(sql<boolean>`t.search_text like ${containsPattern(f.search)} escape '\\'`);
    const [list, total] = await Promise.all([
      q
        .orderBy('t.pinned', 'desc')
        .orderBy('t.last_reply_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  async thread(id: number): Promise<ThreadRow | undefined> {
    return this.threads().where('t.id', '=', id).executeTakeFirst();
  }

  async insertThread(t: {
    boardId: number;
    userId: number;
    title: string;
    html: string;
    searchText: string;
    attachments: string;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('forum_threads')
      .values({
        board_id: t.boardId,
        user_id: t.userId,
        title: t.title,
        body_html: t.html,
        search_text: t.searchText,
        attachments: t.attachments,
        last_reply_at: t.now,
        created_at: t.now,
        updated_at: t.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateThread(
    id: number,
    patch: Partial<{
      title: string;
      body_html: string;
      search_text: string;
      attachments: string;
      pinned: number;
      locked: number;
      hidden: number;
      updated_at: number;
      deleted_at: number;
    }>,
  ): Promise<void> {
    await this.db.updateTable('forum_threads').set(patch).where('id', '=', id).execute();
  }

  private replies() {
    return this.db
      .selectFrom('forum_replies as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['u.nickname as author_nickname', 'u.real_name as author_name'])
      .where('r.deleted_at', 'is', null);
  }

  async listReplies(threadId: number, p: Paging): Promise<{ list: ReplyRow[]; total: number }> {
    const q = this.replies().where('r.thread_id', '=', threadId);
    const [list, total] = await Promise.all([
      q
        .orderBy('r.floor')
        .orderBy('r.id')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  async reply(id: number): Promise<ReplyRow | undefined> {
    return this.replies().where('r.id', '=', id).executeTakeFirst();
  }

  /** Replies by id (quotes), deleted ones included so a quote of a deleted reply can say so. */
  async repliesByIds(ids: number[]): Promise<ReplyRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('forum_replies as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['u.nickname as author_nickname', 'u.real_name as author_name'])
      .where('r.id', 'in', ids)
      .execute();
  }

  /** A new reply on the next floor; the thread's counter and activity time follow, in one transaction. */
  async insertReply(r: {
    threadId: number;
    userId: number;
    html: string;
    searchText: string;
    attachments: string;
    quoteId: number | null;
    now: number;
  }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const top = await trx
        .selectFrom('forum_replies')
        .select((eb) => eb.fn.max('floor').as('f'))
        .where('thread_id', '=', r.threadId)
        .executeTakeFirst();
      const row = await trx
        .insertInto('forum_replies')
        .values({
          thread_id: r.threadId,
          user_id: r.userId,
          floor: Number(top?.f ?? 0) + 1,
          body_html: r.html,
          search_text: r.searchText,
          attachments: r.attachments,
          quote_id: r.quoteId,
          created_at: r.now,
          updated_at: r.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('forum_threads')
        .set((eb) => ({ reply_count: eb('reply_count', '+', 1), last_reply_at: r.now }))
        .where('id', '=', r.threadId)
        .execute();
      return Number(row.id);
    });
  }

  async updateReply(
    id: number,
    patch: Partial<{ body_html: string; search_text: string; attachments: string; hidden: number; updated_at: number }>,
  ): Promise<void> {
    await this.db.updateTable('forum_replies').set(patch).where('id', '=', id).execute();
  }

  async deleteReply(id: number, threadId: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const n = await trx
        .updateTable('forum_replies')
        .set({ deleted_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(n.numUpdatedRows) > 0)
        await trx
          .updateTable('forum_threads')
          .set((eb) => ({ reply_count: eb('reply_count', '-', 1) }))
          .where('id', '=', threadId)
          .execute();
    });
  }

  async myReplies(userId: number, p: Paging) {
    const q = this.db
      .selectFrom('forum_replies as r')
      .innerJoin('forum_threads as t', 't.id', 'r.thread_id')
      .where('r.user_id', '=', userId)
      .where('r.deleted_at', 'is', null)
      .where('t.deleted_at', 'is', null);
    const [list, total] = await Promise.all([
      q
        .select(['r.id', 'r.thread_id', 'r.search_text', 'r.hidden', 'r.created_at', 't.title as thread_title'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  async insertReport(r: { type: string; targetId: number; userId: number; reason: string; now: number }) {
    await this.db
      .insertInto('forum_reports')
      .values({
        target_type: r.type,
        target_id: r.targetId,
        user_id: r.userId,
        reason: r.reason,
        status: 'open',
        created_at: r.now,
      })
      .execute();
  }

  async reports(status: string | undefined, p: Paging): Promise<{ list: ReportRow[]; total: number }> {
    let q = this.db.selectFrom('forum_reports as r').leftJoin('users as u', 'u.id', 'r.user_id');
    if (status) q = q.where('r.status', '=', status);
    const [list, total] = await Promise.all([
      q
        .selectAll('r')
        .select(['u.nickname as author_nickname', 'u.real_name as author_name'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  async resolveReports(
    where: { id: number } | { type: string; targetId: number },
    adminId: number,
    now: number,
  ): Promise<number> {
    let q = this.db
      .updateTable('forum_reports')
      .set({ status: 'resolved', resolved_by: adminId, resolved_at: now })
      .where('status', '=', 'open');
    q =
      'id' in where
        ? q.where('id', '=', where.id)
        : q.where('target_type', '=', where.type).where('target_id', '=', where.targetId);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async report(id: number) {
    return this.db.selectFrom('forum_reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertImage(i: {
    key: string;
    userId: number;
    mime: string;
    width: number;
    height: number;
    bytes: Buffer;
    now: number;
  }) {
    await this.db
      .insertInto('forum_images')
      .values({
        key: i.key,
        user_id: i.userId,
        mime: i.mime,
        width: i.width,
        height: i.height,
        bytes: i.bytes,
        created_at: i.now,
      })
      .execute();
  }

  async image(key: string) {
    return this.db.selectFrom('forum_images').select(['mime', 'bytes']).where('key', '=', key).executeTakeFirst();
  }
}
