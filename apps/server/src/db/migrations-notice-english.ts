import type { Kysely, Migration } from 'kysely';

/**
 * 0032: a notice may carry an English version beside its Chinese one (issue 29: a notice reaches
 * every user's bell and message list in their language). '' means "only the Chinese text".
 */
export function noticeEnglishMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('notices')
        .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('notices')
        .addColumn('body_en', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('notices').dropColumn('body_en').execute();
      await db.schema.alterTable('notices').dropColumn('title_en').execute();
    },
  };
}
