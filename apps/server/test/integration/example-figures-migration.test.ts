import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { EXAMPLE_RELABELS } from '../../src/db/migrations-example-figures.js';
import { checkCalculationInput } from '../../src/jobs/validate.js';
import { DEMO_DEVICES } from '../../src/seed/demo-devices.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { insertSeedOwner, seedDevice, seedDeviceBefore0031 } from './helpers/seed-assets.js';

/**
 * Migration 0031 on a platform seeded when the examples were named as if they were the cells they
 * are modelled on (issue 29): the stored public examples read as the files now ship (named generic
 * devices in both languages, their figures and band stated) and the tandem is current-matched; a
 * user's private copy is kept. On SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const TANDEM = 'perovskite-silicon-tandem-electrical.device.json';

/** The example as seeded before 0031 (the tandem with its 500 nm perovskite on planar silicon). */
function before(file: string) {
  const spec = seedDeviceBefore0031(file);
  if (file === TANDEM) {
    delete spec.texture;
    spec.layers.find((l: { name: string }) => l.name === 'perovskite').thicknessNm = 500;
  }
  return spec;
}
/** The citation as the seed stores it: the table's, else the file's own, else the description. */
const citationOf = (file: string, spec: { description?: string; citation?: string }) =>
  DEMO_DEVICES.find((d) => d.file === file)?.citation ?? spec.citation ?? spec.description ?? null;

const device = (id: string) =>
  t.db.kysely.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('migration 0031: every public example says what it models', () => {
  it('covers every shipped example, each renamed from the name it was seeded with', () => {
    for (const r of EXAMPLE_RELABELS) {
      expect(seedDeviceBefore0031(r.file).name, r.file).toBe(r.oldName);
      expect(seedDevice(r.file).name, r.file).toBe(r.name);
      expect(r.name.length, r.name).toBeLessThanOrEqual(100);
    }
  });

  it('rewrites the stored public examples as the files ship and keeps a private copy', async () => {
    const owner = await insertSeedOwner(t.db.kysely);
    const row = (id: string, file: string, isPublic: number) => {
      const spec = before(file);
      return {
        id,
        user_id: owner,
        kind: spec.electrical ? 'elec' : 'opt',
        is_public: isPublic,
        status: isPublic ? 'public' : 'private',
        name: spec.name,
        created_at: 1,
        spec: JSON.stringify(spec),
        description: spec.description ?? null,
        citation: citationOf(file, spec),
      };
    };
    const ids = EXAMPLE_RELABELS.map((_, k) => k.toString(16).padStart(32, 'a'));
    const privateId = 'f'.repeat(32);
    await t.db.kysely
      .insertInto('devices')
      .values([...EXAMPLE_RELABELS.map((r, k) => row(ids[k]!, r.file, 1)), row(privateId, TANDEM, 0)] as never)
      .execute();

    await migrationList(t.db.dialect)['0031_example_figures']!.up(t.db.kysely);

    for (const [k, r] of EXAMPLE_RELABELS.entries()) {
      const stored = await device(ids[k]!);
      const shipped = seedDevice(r.file);
      expect(JSON.parse(stored.spec as string), r.file).toEqual(shipped);
      expect(stored.name, r.file).toBe(shipped.name);
      expect(stored.description, r.file).toBe(shipped.description);
      expect(stored.citation, r.file).toBe(citationOf(r.file, shipped));
      // the platform accepts the rewritten example for queuing
      expect(checkCalculationInput(stored.kind as 'elec' | 'opt', JSON.parse(stored.spec as string)).ok, r.file).toBe(
        true,
      );
    }
    const kept = await device(privateId);
    expect(JSON.parse(kept.spec as string)).toEqual(before(TANDEM));

    // run twice (a restored backup): nothing is said twice
    await migrationList(t.db.dialect)['0031_example_figures']!.up(t.db.kysely);
    expect((await device(ids[0]!)).description).toBe(seedDevice(EXAMPLE_RELABELS[0]!.file).description);
  });
});
