import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0005: device libraries, review into the public library, in-site messages, the ledger and system
 * settings (issue 7). `devices` is extended in place (ALTER TABLE ADD COLUMN with defaults, so the
 * rows /sys/stat/all already counts stay valid); `is_public` is kept and written together with
 * `status` because the counters group by it.
 */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** CHECK (col IN (...)) over fixed identifiers and literals of this file: DDL takes no parameters. */
function checkIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const LIBRARY_STATUSES = ['public', 'private', 'pending', 'approved', 'rejected'] as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const LEDGER_KINDS = ['review-reward', 'recharge', 'consumption'] as const;

export function libraryMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const alter = () => db.schema.alterTable('devices');
      // No CHECK on the added status column: SQLite cannot add a constrained column to a table with
      // rows portably, and the repository writes only the five statuses.
      await alter()
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('private'))
        .execute();
      await alter()
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // The calculation a device was saved from; no foreign key: deleting the calculation must not
      // touch the device, and deleting the device must not touch the calculation's stored input.
      await alter().addColumn('source_calc_id', 'integer').execute();
      // Public copies made by a review: who contributed it and which personal device it came from.
      await alter().addColumn('contributor_id', 'integer').execute();
      await alter().addColumn('origin_id', 'char(32)').execute();
      await sql`update devices set status = case when is_public <> 0 then 'public' else 'private' end, updated_at = created_at`.execute(
        db,
      );
      await db.schema
        .createIndex('devices_status_idx')
        .on('devices')
        .columns(['status', 'kind', 'created_at'])
        .execute();
      await db.schema.createIndex('devices_user_idx').on('devices').columns(['user_id', 'status']).execute();

      await withId(db.schema.createTable('reviews'), dialect)
        .addColumn('item_type', 'varchar(16)', (c) => c.notNull().check(checkIn('item_type', ['material', 'device'])))
        .addColumn('item_id', 'varchar(36)', notNull)
        .addColumn('item_name', 'varchar(200)', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(checkIn('status', REVIEW_STATUSES)))
        .addColumn('note', 'text')
        .addColumn('reason', 'text')
        .addColumn('reward_fen', 'integer')
        .addColumn('public_item_id', 'varchar(36)')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('reviews_user_idx').on('reviews').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'created_at']).execute();
      // At most one pending review per item, even when two submissions race.
      await db.schema
        .createIndex('reviews_pending_item_idx')
        .on('reviews')
        .columns(['item_type', 'item_id'])
        .unique()
        .where(sql.ref('status'), '=', 'pending')
        .execute();

      await withId(db.schema.createTable('messages'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(32)', notNull)
        .addColumn('title', 'varchar(200)', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('link', 'varchar(255)')
        .addColumn('read_at', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'created_at']).execute();

      await withId(db.schema.createTable('ledger'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull().check(checkIn('kind', LEDGER_KINDS)))
        // Always positive; the kind says which way it goes (balance = income + recharge - consumption).
        .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen >= 0`))
        .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('ref_id', 'varchar(64)')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('ledger_user_idx').on('ledger').columns(['user_id', 'kind', 'created_at']).execute();
      // One entry per reference (e.g. one reward per review): a retried approval cannot pay twice.
      await db.schema.createIndex('ledger_ref_idx').on('ledger').columns(['kind', 'ref_id']).unique().execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const t of ['settings', 'ledger', 'messages', 'reviews']) await db.schema.dropTable(t).execute();
      for (const i of ['devices_user_idx', 'devices_status_idx']) await db.schema.dropIndex(i).execute();
      for (const c of ['origin_id', 'contributor_id', 'source_calc_id', 'updated_at', 'status'])
        await db.schema.alterTable('devices').dropColumn(c).execute();
    },
  };
}
