import type { Insertable, Kysely } from 'kysely';
import type { Database, FaqRow, FaqTable, NewsRow, NewsTable } from '../schema.js';

/** News, achievements and FAQ: the public site's content. */
export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async newsPage(offset: number, limit: number): Promise<{ rows: NewsRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('news')
        .selectAll()
        .where('withdrawn_at', 'is', null)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('withdrawn_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  newsById(id: number): Promise<NewsRow | undefined> {
    return this.db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
  }

  faq(): Promise<FaqRow[]> {
    return this.db.selectFrom('faq').selectAll().orderBy('sort').orderBy('id').execute();
  }

  async countNews(): Promise<number> {
    const r = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async countFaq(): Promise<number> {
    const r = await this.db
      .selectFrom('faq')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async insertNews(items: readonly Insertable<NewsTable>[]): Promise<void> {
    if (items.length > 0)
      await this.db
        .insertInto('news')
        .values([...items])
        .execute();
  }

  async insertFaq(items: readonly Insertable<FaqTable>[]): Promise<void> {
    if (items.length > 0)
      await this.db
        .insertInto('faq')
        .values([...items])
        .execute();
  }
}
