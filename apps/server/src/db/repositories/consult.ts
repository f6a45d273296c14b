import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

interface Paging {
  page: number;
  size: number;
}

/** Consultation tickets and their messages (docs/consultation.md). */
export class ConsultRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private tickets() {
    return this.db
      .selectFrom('consult_tickets as t')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select(['u.real_name as user_name', 'u.email as user_email']);
  }

  async list(f: { userId?: number; status?: string | undefined }, p: Paging) {
    let q = this.tickets();
    if (f.userId) q = q.where('t.user_id', '=', f.userId);
    if (f.status) q = q.where('t.status', '=', f.status);
    const [list, total] = await Promise.all([
      q
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  async ticket(id: number) {
    return this.tickets().where('t.id', '=', id).executeTakeFirst();
  }

  async messages(ticketId: number) {
    return this.db
      .selectFrom('consult_messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.real_name as author_name', 'u.nickname as author_nickname'])
      .where('m.ticket_id', '=', ticketId)
      .orderBy('m.id')
      .execute();
  }

  /** A ticket with its first message, in one transaction. */
  async open(t: { userId: number; category: string; subject: string; body: string; attachments: string; now: number }) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('consult_tickets')
        .values({
          user_id: t.userId,
          category: t.category,
          subject: t.subject,
          status: 'open',
          created_at: t.now,
          updated_at: t.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await trx
        .insertInto('consult_messages')
        .values({
          ticket_id: id,
          user_id: t.userId,
          from_admin: 0,
          body: t.body,
          attachments: t.attachments,
          created_at: t.now,
        })
        .execute();
      return id;
    });
  }

  /**
   * Adds a message and moves the state, unless the ticket was closed meanwhile (the UPDATE is
   * conditional on the state not being 'closed'); false then.
   */
  async add(m: {
    ticketId: number;
    userId: number;
    fromAdmin: boolean;
    body: string;
    attachments: string;
    status: string;
    now: number;
  }) {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('consult_tickets')
        .set({ status: m.status, updated_at: m.now })
        .where('id', '=', m.ticketId)
        .where('status', '<>', 'closed')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('consult_messages')
        .values({
          ticket_id: m.ticketId,
          user_id: m.userId,
          from_admin: m.fromAdmin ? 1 : 0,
          body: m.body,
          attachments: m.attachments,
          created_at: m.now,
        })
        .execute();
      return true;
    });
  }

  async close(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('consult_tickets')
      .set({ status: 'closed', updated_at: now })
      .where('id', '=', id)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
