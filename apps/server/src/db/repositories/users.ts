import { ROLE } from '@pvforge/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../schema.js';

export type ProfilePatch = Partial<
  Pick<UserRow, 'real_name' | 'nickname' | 'gender' | 'phone' | 'enterprise' | 'address'>
>;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Inserts and answers the new id; undefined when the e-mail is already taken. */
  async insert(user: NewUser): Promise<number | undefined> {
    const row = await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async updateProfile(id: number, patch: ProfilePatch, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Role or disabled flag, set by an administrator (docs/administration.md). */
  async setAdminFields(id: number, patch: { role?: number; disabled?: number }, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setPasswordHash(id: number, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The longest-standing administrator: owner of the platform's own content (demo devices). */
  async firstAdminId(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', ROLE.admin)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of users, newest first, optionally filtered by a substring of e-mail or name. */
  async list(opts: { offset: number; limit: number; search?: string }): Promise<{ rows: UserRow[]; total: number }> {
    let q = this.db.selectFrom('users');
    if (opts.search) {
      const pattern = `%${opts.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // An explicit ESCAPE: SQLite has no default escape character for LIKE, PostgreSQL uses backslash.
      const like = (column: 'email' | 'real_name' | 'nickname') =>
        sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      q = q.where((eb) => eb.or([like('email'), like('real_name'), like('nickname')]));
    }
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
