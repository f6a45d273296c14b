import type { Kysely } from 'kysely';
import type { Database, PasswordResetRow } from '../schema.js';

export type NewPasswordReset = Omit<PasswordResetRow, 'id' | 'used_at'>;

export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(reset: NewPasswordReset): Promise<void> {
    await this.db.insertInto('password_resets').values(reset).execute();
  }

  async countForEmailSince(email: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countForIpSince(ip: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findByTokenHash(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Marks the token used; false when someone else used it first (single use under concurrency). */
  async markUsed(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new link makes the user's older unused links worthless. */
  async invalidateOpenForUser(userId: number, at: number): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
