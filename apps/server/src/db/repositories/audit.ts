import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The audit log of administrators' actions: append-only, read by administrators. */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(e: { adminId: number; action: string; target: string; detail?: string; now: number }): Promise<void> {
    await this.db
      .insertInto('admin_audit')
      .values({
        admin_id: e.adminId,
        action: e.action.slice(0, 64),
        target: e.target.slice(0, 128),
        detail: (e.detail ?? '').slice(0, 2000),
        created_at: e.now,
      })
      .execute();
  }

  async list(f: { action?: string | undefined }, p: { page: number; size: number }) {
    let q = this.db.selectFrom('admin_audit as a').leftJoin('users as u', 'u.id', 'a.admin_id');
    if (f.action) q = q.where('a.action', '=', f.action);
    const [list, total] = await Promise.all([
      q
        .selectAll('a')
        .select(['u.real_name as admin_name', 'u.email as admin_email'])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }
}
