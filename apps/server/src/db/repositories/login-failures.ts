import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export class LoginFailuresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(email: string, ip: string, at: number): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, ip, created_at: at }).execute();
  }

  /** Failure times since `since` for the account, newest first, at most `limit`. */
  async timesForEmail(email: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where('email', '=', email)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.created_at));
  }

  async timesForIp(ip: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.created_at));
  }

  async clearEmail(email: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('email', '=', email).execute();
  }

  async purgeBefore(before: number): Promise<void> {
    await this.db.deleteFrom('login_failures').where('created_at', '<', before).execute();
  }
}
