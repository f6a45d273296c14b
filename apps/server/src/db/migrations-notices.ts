import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0014: notices with per-user read state, news that administrators can withdraw, and the audit log
 * of administrators' actions (issue 14, docs/administration.md).
 */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function noticesMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('notices'), dialect)
        .addColumn('title', 'varchar(200)', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('published_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addColumn('withdrawn_at', 'bigint')
        .execute();
      await db.schema.createIndex('notices_published_idx').on('notices').columns(['published_at']).execute();
      await db.schema
        .createTable('notice_reads')
        .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('read_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
        .execute();
      // Withdrawn news stays in the table (and in the audit log) but leaves the public site.
      await db.schema.alterTable('news').addColumn('withdrawn_at', 'bigint').execute();
      await withId(db.schema.createTable('admin_audit'), dialect)
        .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'varchar(64)', notNull)
        .addColumn('target', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('admin_audit_time_idx').on('admin_audit').columns(['created_at']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('admin_audit').execute();
      await db.schema.alterTable('news').dropColumn('withdrawn_at').execute();
      await db.schema.dropTable('notice_reads').execute();
      await db.schema.dropTable('notices').execute();
    },
  };
}
