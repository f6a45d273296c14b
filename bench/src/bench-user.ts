import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.js';

/**
 * The ordinary user a bench submits its calculations as, written straight into the bench's fresh
 * database (no registration, no password check: the benches time the queue, not the login).
 */
export async function insertBenchUser(db: Kysely<Database>, email: string): Promise<{ id: number }> {
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: 'x',
      real_name: 'bench',
      gender: 1,
      phone: '13800000000',
      enterprise: 'bench',
      address: 'bench',
      role: 3,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}
