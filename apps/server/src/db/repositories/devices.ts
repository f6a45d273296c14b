import type { Insertable, Kysely } from 'kysely';
import type { Database, DevicesTable } from '../schema.js';

/** Device-library entries. The device-library issue adds listing, search and review. */
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

  async insert(device: Insertable<DevicesTable>): Promise<void> {
    await this.db.insertInto('devices').values(device).execute();
  }
}
