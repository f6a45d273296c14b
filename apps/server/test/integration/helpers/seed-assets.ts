import { readdirSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.js';

/**
 * What the platform seeds, as the files ship (assets/materials, assets/devices), for the tests of
 * migrations that bring rows seeded earlier up to them; and the administrator who owns seeded rows.
 */

const assets = new URL('../../../../../assets/', import.meta.url);

export interface SeedMaterial {
  key: string;
  category: string;
  electrical: Record<string, unknown>;
  sources: Record<string, string>;
  references: Record<string, string>;
  notes: string;
}

let materials: SeedMaterial[] | undefined;

/** A material of the shipped library by key (every category file read once). */
export function seedMaterial(key: string): SeedMaterial {
  materials ??= readdirSync(new URL('materials/', assets))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(new URL(`materials/${f}`, assets), 'utf8')) as SeedMaterial[]);
  const m = materials.find((x) => x.key === key);
  if (!m) throw new Error(`no material ${key} in assets/materials`);
  return m;
}

/** A shipped example device file (parsed afresh: tests edit it). */
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
export function seedDevice(file: string): any {
  return JSON.parse(readFileSync(new URL(`devices/${file}`, assets), 'utf8'));
}

interface TextsBefore0031 {
  file: string;
  name: string;
  description: string | null;
  citation: string | null;
}
let before0031: TextsBefore0031[] | undefined;

/**
 * A shipped example device as it shipped before migration 0031 named the examples generic and the
 * tandem was current-matched: its name and description from test/fixtures/example-texts-before-0031.json
 * (the tests of earlier migrations compare with the files of their own time).
 */
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
export function seedDeviceBefore0031(file: string): any {
  before0031 ??= JSON.parse(
    readFileSync(new URL('../../fixtures/example-texts-before-0031.json', import.meta.url), 'utf8'),
  ) as TextsBefore0031[];
  const b = before0031.find((x) => x.file === file);
  if (!b) throw new Error(`no example ${file} in example-texts-before-0031.json`);
  const spec = seedDevice(file);
  spec.name = b.name;
  if (b.description === null) delete spec.description;
  else spec.description = b.description;
  return spec;
}

/** The administrator account that seeded rows belong to; its id. */
export async function insertSeedOwner(db: Kysely<Database>): Promise<number> {
  const owner = await db
    .insertInto('users')
    .values({
      email: 'seed-owner@pvforge.local',
      password_hash: 'x',
      real_name: '管理员',
      gender: 0,
      phone: '13800000000',
      enterprise: '',
      address: '',
      role: 2,
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(owner.id);
}
