import type { Kysely, Migration } from 'kysely';

/**
 * 0018: a device carries the DOIs of the publications it comes from and free notes (issue 19), so
 * that a saved device no longer shows reference "-". `reference_dois` holds a JSON array of bare
 * DOIs ("references" is an SQL keyword); `citation` stays the free-text source of seeded devices.
 * Plain nullable text columns: rows saved before read as "no references, no notes".
 */

type AnyDb = Kysely<unknown>;

export function deviceReferencesMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('devices').addColumn('reference_dois', 'text').execute();
      await db.schema.alterTable('devices').addColumn('notes', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('devices').dropColumn('notes').execute();
      await db.schema.alterTable('devices').dropColumn('reference_dois').execute();
    },
  };
}
