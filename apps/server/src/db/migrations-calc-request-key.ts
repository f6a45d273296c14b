import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0030: the client's key of a submission (issue 28). A client that gave up waiting for an answer
 * (a slow network, a server under load) cannot know whether its calculation was created; it sends
 * the same submission again with the same key, and the server answers with the calculation that
 * key made instead of making a second one. One key per user: a unique index on (user_id,
 * request_key) over the rows that have one, so that two retries racing each other cannot both
 * insert (both databases allow many NULLs under a unique index, and both take partial indexes).
 */
export function calcRequestKeyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table calculations add column request_key text`.execute(db);
      await sql`create unique index calculations_user_request_key on calculations (user_id, request_key) where request_key is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index calculations_user_request_key`.execute(db);
      await sql`alter table calculations drop column request_key`.execute(db);
    },
  };
}
