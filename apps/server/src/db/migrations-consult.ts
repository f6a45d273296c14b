import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from './database.js';

/** 0013: consultation tickets and their messages (issue 14, docs/consultation.md). */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function consultMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('consult_tickets'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('category', 'varchar(16)', notNull)
        .addColumn('subject', 'varchar(200)', notNull)
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('open', 'answered', 'closed')`))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('consult_user_idx')
        .on('consult_tickets')
        .columns(['user_id', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('consult_status_idx')
        .on('consult_tickets')
        .columns(['status', 'updated_at'])
        .execute();
      await withId(db.schema.createTable('consult_messages'), dialect)
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('consult_tickets.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('from_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('body', 'text', notNull)
        .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('consult_messages_ticket_idx')
        .on('consult_messages')
        .columns(['ticket_id', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('consult_messages').execute();
      await db.schema.dropTable('consult_tickets').execute();
    },
  };
}
