import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0019: user-to-user in-site messages (issue 16; docs/live.md). One row per message; a
 * conversation is every row between two users. `read_at` is the recipient's read time. The two
 * pair indexes serve a conversation's history in either direction, the third the unread counts.
 */

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function userMessagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const t = db.schema.createTable('user_messages');
      await (dialect === 'postgres'
        ? t.addColumn('id', 'serial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('body', 'text', notNull)
        .addColumn('color', 'varchar(20)')
        .addColumn('bg', 'varchar(20)')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('user_messages_pair_idx')
        .on('user_messages')
        .columns(['sender_id', 'recipient_id', 'id'])
        .execute();
      await db.schema
        .createIndex('user_messages_pair_back_idx')
        .on('user_messages')
        .columns(['recipient_id', 'sender_id', 'id'])
        .execute();
      await db.schema
        .createIndex('user_messages_unread_idx')
        .on('user_messages')
        .columns(['recipient_id', 'read_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('user_messages').execute();
    },
  };
}
