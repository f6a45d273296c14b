import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DevicesTable } from '../schema.js';

export type DeviceRow = Selectable<DevicesTable>;
/** A row as lists read it: everything but the (large) DeviceSpec, plus the owner's display name. */
export type DeviceListRow = Omit<DeviceRow, 'spec'> & { owner_name: string | null };

export interface DeviceQuery {
  kind?: string | undefined;
  search?: string | undefined;
  status?: string | undefined;
  page: number;
  size: number;
}

const LIST_COLUMNS = [
  'devices.id',
  'devices.user_id',
  'devices.kind',
  'devices.is_public',
  'devices.name',
  'devices.created_at',
  'devices.description',
  'devices.citation',
  'devices.status',
  'devices.updated_at',
  'devices.source_calc_id',
  'devices.contributor_id',
  'devices.origin_id',
  'devices.reference_dois',
  'devices.notes',
  'devices.name_zh',
  'devices.name_en',
  'devices.description_zh',
  'devices.description_en',
] as const;

/** LIKE pattern of a user's search text: wildcards in it are literal characters. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Device-library entries. The public library is status 'public' (held by an administrator, with
 * `contributor_id` when a review put it there); everything else is someone's personal library.
 * `is_public` is written with `status` because /sys/stat/all counts by it.
 */
export class DevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countPublic(): Promise<number> {
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_public', '<>', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Inserts a device; status follows is_public unless given, updated_at starts at created_at. */
  async insert(device: Insertable<DevicesTable>): Promise<void> {
    const status = device.status ?? (device.is_public ? 'public' : 'private');
    await this.db
      .insertInto('devices')
      .values({
        ...device,
        status,
        is_public: status === 'public' ? 1 : 0,
        updated_at: device.updated_at ?? device.created_at,
      })
      .execute();
  }

  /** Public devices by name, for an idempotent seeder (a file already seeded is not added twice). */
  async publicNames(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('devices').select('name').where('status', '=', 'public').execute();
    return new Set(rows.map((r) => r.name));
  }

  private async page(
    where: { owner?: number; publicOnly?: boolean },
    q: DeviceQuery,
  ): Promise<{ list: DeviceListRow[]; total: number }> {
    // Public rows name their contributor, personal rows their owner.
    let base = this.db
      .selectFrom('devices')
      .leftJoin('users', (j) =>
        j.on((eb) =>
          eb(
            'users.id',
            '=',
            eb.fn.coalesce(where.publicOnly ? 'devices.contributor_id' : 'devices.user_id', sql.lit(0)),
          ),
        ),
      );
    if (where.publicOnly) base = base.where('devices.status', '=', 'public');
    if (where.owner !== undefined)
      base = base.where('devices.user_id', '=', where.owner).where('devices.status', '<>', 'public');
    if (q.kind) base = base.where('devices.kind', '=', q.kind);
    if (q.status) base = base.where('devices.status', '=', q.status);
    if (q.search?.trim()) {
      const pattern = likePattern(q.search.trim());
      // An explicit ESCAPE: SQLite has no default escape character for LIKE, PostgreSQL uses backslash.
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`lower(devices.name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(coalesce(devices.description, '')) like ${pattern} escape '\\'`,
          // an example is found by the words of either language, whichever the reader types
          sql<boolean>`lower(coalesce(devices.name_zh, '')) like ${pattern} escape '\\'`,
          sql<boolean>`lower(coalesce(devices.name_en, '')) like ${pattern} escape '\\'`,
          sql<boolean>`lower(coalesce(devices.description_zh, '')) like ${pattern} escape '\\'`,
          sql<boolean>`lower(coalesce(devices.description_en, '')) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const [list, total] = await Promise.all([
      base
        .select([...LIST_COLUMNS, sql<string | null>`coalesce(users.nickname, users.real_name)`.as('owner_name')])
        .orderBy('devices.created_at', 'desc')
        .orderBy('devices.id')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  findPublic(q: DeviceQuery) {
    return this.page({ publicOnly: true }, { ...q, status: undefined });
  }

  findPersonal(userId: number, q: DeviceQuery) {
    return this.page({ owner: userId }, q);
  }

  async get(id: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A public device, or one of the caller's own: anything else is "not found" to them. */
  /**
   * A public device or one of the caller's own; with `reviewer`, also personal devices that went
   * through review (pending, approved, rejected), which an administrator must be able to inspect.
   * Private ones stay invisible to everyone but their owner.
   */
  async getVisible(id: string, userId: number, reviewer = false): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'public'),
          eb('user_id', '=', userId),
          ...(reviewer ? [eb('status', 'in', ['pending', 'approved', 'rejected'])] : []),
        ]),
      )
      .executeTakeFirst();
  }

  /** One of the caller's personal devices (public entries belong to the library, not to the holder). */
  async getOwn(id: string, userId: number): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '<>', 'public')
      .executeTakeFirst();
  }

  /**
   * Changes an own device unless it is under review (the condition is in the UPDATE, so a review
   * submitted meanwhile wins). An approved device that is edited becomes private again: it no
   * longer matches its public copy and may be submitted anew. Answers whether a row changed.
   */
  async updateOwn(
    id: string,
    userId: number,
    patch: {
      name?: string;
      name_zh?: null;
      name_en?: null;
      description?: string | null;
      description_zh?: null;
      description_en?: null;
      spec?: string;
      kind?: string;
      reference_dois?: string | null;
      notes?: string | null;
    },
    now: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set({
        ...patch,
        updated_at: now,
        status: sql<string>`case when status = 'approved' then 'private' else status end`,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'not in', ['public', 'pending'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteOwn(id: string, userId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('devices')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '<>', 'public')
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Moves a personal device between review states, only from the states given. */
  async setStatus(id: string, from: readonly string[], to: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set({ status: to, is_public: 0, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .where('status', '<>', 'public')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
