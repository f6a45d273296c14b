import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../schema.js';

export type NewSession = Omit<SessionRow, 'id' | 'revoked_at'>;

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: NewSession): Promise<number> {
    const row = await this.db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** The user's live sessions, newest first. */
  active(userId: number, now: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * The user's recently ended sessions (revoked or expired), newest first: a signature made with
   * one of them earns "session expired" rather than "invalid signature".
   */
  recentlyEnded(userId: number, now: number, limit: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now)]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async revoke(ids: readonly number[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOfUser(userId: number, now: number, exceptId?: number): Promise<void> {
    let q = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    await q.execute();
  }

  /** Drops sessions ended before `before`; their tokens are of no further use. */
  async purgeEndedBefore(before: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('revoked_at', '<', before), eb('expires_at', '<', before)]))
      .execute();
  }
}
