import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, MaterialsTable } from '../schema.js';

export type MaterialRow = Selectable<MaterialsTable>;
export type NewMaterialRow = Omit<Insertable<MaterialsTable>, 'id' | 'uuid' | 'created_at' | 'updated_at'>;
export type MaterialPatch = Omit<Updateable<MaterialsTable>, 'id' | 'uuid' | 'created_at' | 'updated_at'>;

export interface MaterialQuery {
  /** The public library, or one user's personal materials. */
  scope: { public: true } | { ownerId: number };
  /** Case-insensitive substring of name, formula or notes. */
  search?: string | undefined;
  /** Only these categories (an empty list matches nothing). */
  categories?: readonly string[] | undefined;
  offset: number;
  limit: number;
}

/**
 * The material library (migration 0004). Public materials have no owner; personal ones belong to
 * their owner. Every value reaches SQL as a bound parameter. `db` may be a transaction (the review
 * service copies a material inside its approval transaction).
 */
export class MaterialsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private filtered(q: MaterialQuery): SelectQueryBuilder<Database, 'materials', object> {
    let b = this.db.selectFrom('materials');
    b = 'ownerId' in q.scope ? b.where('owner_id', '=', q.scope.ownerId) : b.where('owner_id', 'is', null);
    if (q.categories) {
      if (q.categories.length === 0) return b.where(sql<boolean>`1 = 0`);
      b = b.where('category', 'in', [...q.categories]);
    }
    if (q.search) {
      // lower() + LIKE with an explicit ESCAPE behaves the same on both databases (SQLite has no
      // ILIKE and no default escape character); the user's % and _ are literal characters.
      const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const like = (column: 'name' | 'formula' | 'notes' | 'name_en' | 'name_zh') =>
        sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      // a full name is found in either language ("甲胺铅碘" finds MAPbI3, issue 29)
      b = b.where((eb) => eb.or([like('name'), like('name_en'), like('name_zh'), like('formula'), like('notes')]));
    }
    return b;
  }

  /** A page and the total. The public library reads alphabetically; a user's own list newest first. */
  async search(q: MaterialQuery): Promise<{ rows: MaterialRow[]; total: number }> {
    const base = this.filtered(q);
    let page = base.selectAll();
    page =
      'ownerId' in q.scope
        ? page.orderBy('updated_at', 'desc').orderBy('id', 'desc')
        : page.orderBy('category').orderBy('name').orderBy('id');
    const [rows, total] = await Promise.all([
      page.offset(q.offset).limit(q.limit).execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async get(uuid: string): Promise<MaterialRow | undefined> {
    return this.db.selectFrom('materials').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  async getByKey(key: string): Promise<MaterialRow | undefined> {
    return this.db.selectFrom('materials').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** The keys of the library (seeding skips what exists). */
  async keys(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('materials').select('key').where('key', 'is not', null).execute();
    return new Set(rows.map((r) => r.key as string));
  }

  async countPublic(): Promise<number> {
    const row = await this.db
      .selectFrom('materials')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts with a new uuid and answers the stored row. */
  async insert(m: NewMaterialRow): Promise<MaterialRow> {
    const now = this.clock.now();
    const uuid = randomUUID();
    await this.db
      .insertInto('materials')
      .values({ ...m, uuid, created_at: now, updated_at: now })
      .execute();
    const row = await this.get(uuid);
    if (!row) throw new Error(`material ${uuid} vanished after insert`);
    return row;
  }

  /** Changes the given fields; answers the row, or undefined when no such material exists. */
  async update(uuid: string, patch: MaterialPatch): Promise<MaterialRow | undefined> {
    await this.db
      .updateTable('materials')
      .set({ ...patch, updated_at: this.clock.now() })
      .where('uuid', '=', uuid)
      .execute();
    return this.get(uuid);
  }

  async delete(uuid: string): Promise<boolean> {
    const r = await this.db.deleteFrom('materials').where('uuid', '=', uuid).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Review approval (spec §1): a public copy of a personal material with a new uuid, no key and no
   * owner, `contributor_id` = the contributing owner, `origin_uuid` = the personal material. The
   * personal material itself is left as it is (the review service moves its status). Answers the
   * new uuid; throws when the source does not exist or is already public.
   */
  async copyToPublic(uuid: string, contributorId: number): Promise<string> {
    const src = await this.get(uuid);
    if (!src || src.owner_id === null) throw new Error(`material ${uuid} is not a personal material`);
    const copy = await this.insert({
      key: null,
      name: src.name,
      name_en: src.name_en,
      formula: src.formula,
      category: src.category,
      optical: src.optical,
      electrical: src.electrical,
      sources: src.sources,
      refs: src.refs,
      notes: src.notes,
      owner_id: null,
      status: 'public',
      contributor_id: contributorId,
      origin_uuid: src.uuid,
    });
    return copy.uuid;
  }
}
