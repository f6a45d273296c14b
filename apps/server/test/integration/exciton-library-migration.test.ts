import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { wordedExampleText } from '../../src/db/migrations-example-descriptions.js';
import { EXAMPLE_DEVICE_UPDATES, MATERIAL_MODEL_ADDITIONS } from '../../src/db/migrations-exciton-library.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
// the examples as they shipped when this migration was written (0031 renamed them)
import { insertSeedOwner, seedDeviceBefore0031 as seedDevice, seedMaterial } from './helpers/seed-assets.js';

/**
 * Migration 0010 on a library seeded before the exciton and tunnelling models: the P3HT:PC61BM
 * blend gains its CT-state parameters, the SiO2 tunnel oxide its barriers and masses, and the two
 * public examples whose descriptions said the models were missing become the examples that ship
 * now; rows an administrator edited are kept. On SQLite by default, on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const seed = seedMaterial;
const example = (file: string) => seedDevice(file) as { name: string; description: string };
/** A spec as 0010 leaves it, in the words migration 0026 gives its description (as the files ship). */
const worded = <T extends { description: string }>(spec: T): T => ({
  ...spec,
  description: wordedExampleText(spec.description),
});

/** A public material row as seeded before 0010: today's seed without the added fields. */
function materialBefore(key: string, n: number) {
  const c = MATERIAL_MODEL_ADDITIONS.find((x) => x.key === key)!;
  const m = seed(key);
  const without = <T extends Record<string, unknown>>(o: T, added: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !(k in added)));
  return {
    uuid: `00000000-0000-4000-8000-00000000001${n}`,
    key,
    name: key,
    category: m.category,
    created_at: 1,
    updated_at: 1,
    status: 'public',
    optical: '{"kind":"table","materialId":"sio2"}',
    electrical: JSON.stringify(without(m.electrical, c.electrical)),
    sources: JSON.stringify(without(m.sources, c.sources)),
    refs: JSON.stringify(without(m.references, c.references)),
    notes: c.oldNotes,
  };
}

function deviceBefore(i: number, id: string, userId: number, description?: string) {
  const d = EXAMPLE_DEVICE_UPDATES[i]!;
  const desc = description ?? d.oldDescription;
  return {
    id,
    user_id: userId,
    kind: 'elec',
    is_public: 1,
    status: 'public',
    name: d.oldName,
    created_at: 1,
    spec: JSON.stringify({ name: d.oldName, description: desc }),
    description: desc,
    citation: desc,
  };
}

const material = (key: string) =>
  t.db.kysely.selectFrom('materials').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const device = (id: string) =>
  t.db.kysely.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const run = () => migrationList(t.db.dialect)['0010_exciton_library']!.up(t.db.kysely);

describe('migration 0010: the exciton and tunnelling parameters and examples reach a library seeded before', () => {
  it('freezes what the seed files say today', () => {
    for (const c of MATERIAL_MODEL_ADDITIONS) {
      for (const [k, v] of Object.entries(c.electrical)) expect(seed(c.key).electrical[k], `${c.key}.${k}`).toEqual(v);
      expect(seed(c.key).notes).toBe(c.newNotes);
    }
    expect(EXAMPLE_DEVICE_UPDATES.map((d) => worded(d.spec))).toEqual([
      example('organic-bhj-p3ht-pcbm-electrical.device.json'),
      example('silicon-topcon-electrical.device.json'),
    ]);
    // the descriptions replaced are the ones that said the models were missing
    expect(EXAMPLE_DEVICE_UPDATES[0]!.oldDescription).toMatch(/Exciton dissociation is taken as complete/);
    expect(EXAMPLE_DEVICE_UPDATES[1]!.oldDescription).toMatch(/has no tunnelling/);
  });

  it('brings rows seeded before up to the seed files and keeps what an administrator edited', async () => {
    const k = t.db.kysely;
    const owner = { id: await insertSeedOwner(k) };
    await k
      .insertInto('materials')
      .values([materialBefore('p3ht_pc61bm', 1), materialBefore('sio2_tunnel', 2)])
      .execute();
    const edited = deviceBefore(
      1,
      'b'.repeat(32),
      owner.id,
      'An administrator’s own description of the TOPCon example.',
    );
    await k
      .insertInto('devices')
      .values([deviceBefore(0, 'a'.repeat(32), owner.id), edited])
      .execute();

    await run();

    for (const key of ['p3ht_pc61bm', 'sio2_tunnel']) {
      const row = await material(key);
      expect(JSON.parse(row.electrical), key).toEqual(seed(key).electrical);
      expect(JSON.parse(row.sources), key).toEqual(seed(key).sources);
      expect(JSON.parse(row.refs), key).toEqual(seed(key).references);
      expect(row.notes, key).toBe(seed(key).notes);
    }
    const bhj = await device('a'.repeat(32));
    const now = example('organic-bhj-p3ht-pcbm-electrical.device.json');
    expect(worded(JSON.parse(bhj.spec!))).toEqual(now);
    expect(bhj.name).toBe(now.name);
    expect(wordedExampleText(bhj.description!)).toBe(now.description);
    expect(wordedExampleText(bhj.citation!)).toBe(now.description);
    expect(await device('b'.repeat(32))).toMatchObject({ name: edited.name, spec: edited.spec });

    const before = [await material('p3ht_pc61bm'), await material('sio2_tunnel'), bhj];
    await run();
    expect([await material('p3ht_pc61bm'), await material('sio2_tunnel'), await device('a'.repeat(32))]).toEqual(
      before,
    );
  });
});
