import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from './database.js';

/** Migrations see no table types: they run before (and independently of) the typed schema. */
type AnyDb = Kysely<unknown>;

/**
 * 0004: the material library (issue 7) extends 0001's minimal `materials` table in place
 * (ALTER TABLE ADD COLUMN with defaults, so rows counted by /sys/stat/all stay valid; SQLite cannot
 * add a NOT NULL column without one). The optical model, electrical parameters, sources and
 * references are JSON text: they are read and written whole, validated by the contracts schema,
 * and never queried inside, so one portable column type serves SQLite and PostgreSQL.
 * `owner_id` null = the public library; a personal material belongs to its owner and goes with the
 * account. A public copy made by review keeps who contributed it (`contributor_id`, kept null when
 * that account is deleted: the public copy stays public) and the personal material it came from.
 * The column for references is `refs`: REFERENCES is a reserved word in SQL.
 */
export function materialsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const add = (
        name: string,
        type: ColumnDataType,
        build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c,
      ) => db.schema.alterTable('materials').addColumn(name, type, build).execute();
      await add('key', 'varchar(64)');
      await add('name_en', 'varchar(100)');
      await add('formula', 'varchar(100)');
      await add('optical', 'text', (c) => c.notNull().defaultTo('{}'));
      await add('electrical', 'text', (c) => c.notNull().defaultTo('{}'));
      await add('sources', 'text', (c) => c.notNull().defaultTo('{}'));
      await add('refs', 'text', (c) => c.notNull().defaultTo('{}'));
      await add('notes', 'text');
      await add('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'));
      await add('status', 'varchar(16)', (c) => c.notNull().defaultTo('public'));
      await add('contributor_id', 'integer', (c) => c.references('users.id').onDelete('set null'));
      await add('origin_uuid', 'varchar(36)');
      await add('updated_at', 'bigint', (c) => c.notNull().defaultTo(0));
      // Rows from before this migration were last changed when they were made.
      await sql`update materials set updated_at = created_at`.execute(db);
      // Seeded materials are found by key (idempotent seeding); several NULLs are allowed on both databases.
      await db.schema.createIndex('materials_key_idx').on('materials').column('key').unique().execute();
      await db.schema
        .createIndex('materials_owner_status_idx')
        .on('materials')
        .columns(['owner_id', 'status'])
        .execute();
      await db.schema.createIndex('materials_category_idx').on('materials').column('category').execute();
    },
    async down(db: AnyDb) {
      for (const i of ['materials_category_idx', 'materials_owner_status_idx', 'materials_key_idx'])
        await db.schema.dropIndex(i).execute();
      for (const c of [
        'updated_at',
        'origin_uuid',
        'contributor_id',
        'status',
        'owner_id',
        'notes',
        'refs',
        'sources',
        'electrical',
        'optical',
        'formula',
        'name_en',
        'key',
      ])
        await db.schema.alterTable('materials').dropColumn(c).execute();
    },
  };
}
