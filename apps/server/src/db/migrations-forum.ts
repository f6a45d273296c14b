import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0012: the forum (issue 14, docs/forum.md): boards of the academic and feedback forums, threads,
 * replies, reports and uploaded images. Bodies are stored already sanitised. Deleting is soft
 * (deleted_at) so reports and quotes that point at a deleted post still resolve to "deleted".
 */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/** The boards a new installation starts with; administrators may add more later. */
export const SEEDED_BOARDS = [
  {
    forum: 'academic',
    sort: 1,
    name_zh: '器件仿真',
    name_en: 'Device simulation',
    description_zh: '光学、电学与电路仿真的建模、参数与结果讨论',
    description_en: 'Modelling, parameters and results of optical, electrical and circuit simulations',
  },
  {
    forum: 'academic',
    sort: 2,
    name_zh: '材料与参数',
    name_en: 'Materials and parameters',
    description_zh: '材料光学常数、电学参数的来源与取值',
    description_en: 'Sources and values of optical constants and electrical parameters',
  },
  {
    forum: 'academic',
    sort: 3,
    name_zh: '文献与成果',
    name_en: 'Papers and results',
    description_zh: '文献解读、成果交流',
    description_en: 'Reading papers together and sharing results',
  },
  {
    forum: 'feedback',
    sort: 1,
    name_zh: '问题反馈',
    name_en: 'Problem reports',
    description_zh: '使用中遇到的问题与错误',
    description_en: 'Problems and errors met while using the platform',
  },
  {
    forum: 'feedback',
    sort: 2,
    name_zh: '功能建议',
    name_en: 'Feature requests',
    description_zh: '希望平台增加或改进的功能',
    description_en: 'What the platform should add or improve',
  },
] as const;

export function forumMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('forum_boards'), dialect)
        .addColumn('forum', 'varchar(16)', (c) => c.notNull().check(sql`forum in ('academic', 'feedback')`))
        .addColumn('sort', 'integer', flag)
        .addColumn('name_zh', 'varchar(100)', notNull)
        .addColumn('name_en', 'varchar(100)', notNull)
        .addColumn('description_zh', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('description_en', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      const now = Date.now();
      for (const b of SEEDED_BOARDS) {
        await sql`insert into forum_boards (forum, sort, name_zh, name_en, description_zh, description_en, created_at)
          values (${b.forum}, ${b.sort}, ${b.name_zh}, ${b.name_en}, ${b.description_zh}, ${b.description_en}, ${now})`.execute(
          db,
        );
      }

      await withId(db.schema.createTable('forum_threads'), dialect)
        .addColumn('board_id', 'integer', (c) => c.notNull().references('forum_boards.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'varchar(200)', notNull)
        .addColumn('body_html', 'text', notNull)
        // Plain text of title and body, lower-cased: what search matches, identically on both databases.
        .addColumn('search_text', 'text', notNull)
        .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('pinned', 'integer', flag)
        .addColumn('locked', 'integer', flag)
        .addColumn('hidden', 'integer', flag)
        .addColumn('reply_count', 'integer', flag)
        .addColumn('last_reply_at', 'bigint', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('forum_threads_board_idx')
        .on('forum_threads')
        .columns(['board_id', 'pinned', 'last_reply_at'])
        .execute();
      await db.schema
        .createIndex('forum_threads_user_idx')
        .on('forum_threads')
        .columns(['user_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('forum_replies'), dialect)
        .addColumn('thread_id', 'integer', (c) => c.notNull().references('forum_threads.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('floor', 'integer', notNull)
        .addColumn('body_html', 'text', notNull)
        .addColumn('search_text', 'text', notNull)
        .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('quote_id', 'integer')
        .addColumn('hidden', 'integer', flag)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('forum_replies_thread_idx')
        .on('forum_replies')
        .columns(['thread_id', 'floor'])
        .execute();
      await db.schema
        .createIndex('forum_replies_user_idx')
        .on('forum_replies')
        .columns(['user_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('forum_reports'), dialect)
        .addColumn('target_type', 'varchar(16)', (c) => c.notNull().check(sql`target_type in ('thread', 'reply')`))
        .addColumn('target_id', 'integer', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reason', 'varchar(500)', notNull)
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('open', 'resolved')`))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('resolved_at', 'bigint')
        .execute();
      // One report per user and post: a second one is refused, not stored.
      await db.schema
        .createIndex('forum_reports_once_idx')
        .on('forum_reports')
        .columns(['target_type', 'target_id', 'user_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('forum_reports_status_idx')
        .on('forum_reports')
        .columns(['status', 'created_at'])
        .execute();

      await withId(db.schema.createTable('forum_images'), dialect)
        // Random 32-hex key: <img> requests carry no signature, so the address itself is the secret.
        .addColumn('key', 'char(32)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('mime', 'varchar(32)', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const t of ['forum_images', 'forum_reports', 'forum_replies', 'forum_threads', 'forum_boards'])
        await db.schema.dropTable(t).execute();
    },
  };
}
