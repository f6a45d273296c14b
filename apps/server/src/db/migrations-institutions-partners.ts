import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0021: institutions and partner logos, run by administrators (spec §1 "partner logos", §2 home
 * page "our customers"; docs/administration.md). A partner's logo is stored in the row like the
 * forum's uploaded images, served under a random key that changes with each upload (so browsers
 * may cache it for good).
 */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function institutionsPartnersMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('institutions'), dialect)
        .addColumn('name_zh', 'varchar(100)', notNull)
        .addColumn('name_en', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'varchar(16)', (c) =>
          c.notNull().check(sql`kind in ('university', 'institute', 'enterprise', 'other')`),
        )
        .addColumn('website', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('institutions_name_idx').on('institutions').column('name_zh').unique().execute();

      await withId(db.schema.createTable('partners'), dialect)
        .addColumn('name_zh', 'varchar(100)', notNull)
        .addColumn('name_en', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('website', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', notNull)
        .addColumn('logo_key', 'char(32)', (c) => c.unique())
        .addColumn('logo_mime', 'varchar(32)')
        .addColumn('logo_width', 'integer')
        .addColumn('logo_height', 'integer')
        .addColumn('logo_bytes', dialect === 'postgres' ? 'bytea' : 'blob')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('partners').execute();
      await db.schema.dropTable('institutions').execute();
    },
  };
}
