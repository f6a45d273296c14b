import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0033 (issue 29): the references column of the public library repeated each example's
 * description (an example without a citation of its own names its sources there, and was seeded
 * with it as citation) and linked nothing. The DOIs such a description cites become the device's
 * references, linked in the library and kept by a copy; stored references are kept.
 */

/** The DOIs a text cites, bare, in order, without repeats (a trailing full stop is not part of one). */
export function doisInText(text: string): string[] {
  const found = text.match(/\b10\.\d{4,9}\/[^\s,;，；。）)"]+/g) ?? [];
  return [...new Set(found.map((d) => d.replace(/[.。]+$/, '')))];
}

export function exampleReferencesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const rows = await sql<{ id: string; description: string | null; reference_dois: string | null }>`
        select id, description, reference_dois from devices
        where is_public = 1 and citation is not null and citation = description`.execute(db);
      for (const row of rows.rows) {
        const dois = doisInText(row.description ?? '');
        if (row.reference_dois !== null || dois.length === 0) continue;
        await sql`update devices set reference_dois = ${JSON.stringify(dois)} where id = ${row.id}`.execute(db);
      }
    },
    async down() {
      // The DOIs stay: they are in the description too, and a user may have edited them since.
    },
  };
}
