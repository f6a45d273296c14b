import type { Kysely } from 'kysely';
import type { Database, MailOutboxRow } from '../schema.js';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'logged';
export type NewOutboxMail = Pick<MailOutboxRow, 'to_addr' | 'subject' | 'body_text' | 'body_html' | 'kind'>;

export class MailOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(mail: NewOutboxMail, status: OutboxStatus, at: number): Promise<number> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ ...mail, status, error: null, created_at: at, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setStatus(id: number, status: OutboxStatus, at: number, error: string | null = null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status, error, sent_at: status === 'sent' ? at : null })
      .where('id', '=', id)
      .execute();
  }

  recent(limit: number): Promise<MailOutboxRow[]> {
    return this.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
