import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { EXAMPLE_RANGE_FIXES } from '../../src/db/migrations-example-ranges.js';
import { checkCalculationInput } from '../../src/jobs/validate.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
// the examples as they shipped when this migration was written (0031 renamed them)
import { insertSeedOwner, seedDeviceBefore0031 as seedDevice } from './helpers/seed-assets.js';

/**
 * Migration 0025 on a platform seeded when the CIGS examples started at 300 nm (before their ZnO
 * table's 301.6 nm): the public examples move to 305 nm, as the files now ship, and are accepted for
 * queuing again; a user's saved copy and an example already changed by an administrator are kept.
 * On SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const files = ['cigs-electrical.device.json', 'cigs-tails-electrical.device.json'];
const shipped = seedDevice;
/** The example as seeded before: today's file with the range from 300 nm. */
function seededBefore(file: string, startNm = 300) {
  const spec = shipped(file);
  spec.illumination.wavelength.startNm = startNm;
  return spec;
}
const device = (id: string) =>
  t.db.kysely.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('migration 0025: the CIGS examples start inside their ZnO table', () => {
  it('names exactly the shipped CIGS examples', () => {
    expect(EXAMPLE_RANGE_FIXES.map((f) => f.name).sort()).toEqual(files.map((f) => shipped(f).name).sort());
    for (const f of files) expect(shipped(f).illumination.wavelength.startNm).toBe(305);
  });

  it('moves the stored public examples to 305 nm, keeps copies and edited examples', async () => {
    const user = { id: await insertSeedOwner(t.db.kysely) };
    const row = (id: string, spec: Record<string, unknown>, isPublic: number) => ({
      id,
      user_id: Number(user.id),
      kind: 'elec',
      is_public: isPublic,
      status: isPublic ? 'public' : 'private',
      name: spec['name'] as string,
      created_at: 1,
      spec: JSON.stringify(spec),
      description: 'd',
    });
    const ids = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32), 'd'.repeat(32)];
    await t.db.kysely
      .insertInto('devices')
      .values([
        row(ids[0]!, seededBefore(files[0]!), 1),
        row(ids[1]!, seededBefore(files[1]!), 1),
        row(ids[2]!, seededBefore(files[0]!), 0), // a user's copy
        row(ids[3]!, seededBefore(files[1]!, 350), 1), // an administrator chose 350 nm
      ] as never)
      .execute();
    // what a user met: the example's optics refused before queuing for the n,k range of its ZnO
    const before = checkCalculationInput('opt', JSON.parse((await device(ids[0]!)).spec as string));
    expect(before.ok).toBe(false);

    await migrationList(t.db.dialect)['0025_example_ranges']!.up(t.db.kysely);

    for (const [i, file] of [
      [0, files[0]!],
      [1, files[1]!],
    ] as const) {
      const spec = JSON.parse((await device(ids[i]!)).spec as string);
      expect(spec).toEqual(shipped(file));
      expect(checkCalculationInput('opt', spec).ok).toBe(true);
    }
    expect(JSON.parse((await device(ids[2]!)).spec as string).illumination.wavelength.startNm).toBe(300);
    expect(JSON.parse((await device(ids[3]!)).spec as string).illumination.wavelength.startNm).toBe(350);
  });
});
