import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0015: the double-entry postings of the ledger and recharge requests (issue 14, docs/finance.md).
 * Every `ledger` row (the user-facing record: kind, amount, note) gets two postings that sum to
 * zero: the user's account and a platform account. Rows written before this migration are posted
 * here, so balances are the same before and after.
 */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** The platform account on the other side of each kind of movement. */
export const COUNTER_ACCOUNT: Record<string, string> = {
  recharge: 'platform:cash',
  consumption: 'platform:revenue',
  'review-reward': 'platform:rewards',
};
/** +1: the user's account is credited; -1: debited. */
export const USER_SIGN: Record<string, 1 | -1> = { recharge: 1, 'review-reward': 1, consumption: -1 };

export function financeMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('ledger_id', 'integer', (c) => c.notNull().references('ledger.id').onDelete('cascade'))
        .addColumn('account', 'varchar(64)', notNull)
        // Signed: credits positive, debits negative; the postings of one ledger row sum to zero.
        .addColumn('amount_fen', 'bigint', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').columns(['account']).execute();
      await db.schema.createIndex('ledger_entries_ledger_idx').on('ledger_entries').columns(['ledger_id']).execute();
      for (const [kind, counter] of Object.entries(COUNTER_ACCOUNT)) {
        const sign = USER_SIGN[kind]!;
        await sql`insert into ledger_entries (ledger_id, account, amount_fen, created_at)
          select id, ${'user:'} || user_id, ${sign} * amount_fen, created_at from ledger where kind = ${kind}`.execute(
          db,
        );
        await sql`insert into ledger_entries (ledger_id, account, amount_fen, created_at)
          select id, ${counter}, ${-sign} * amount_fen, created_at from ledger where kind = ${kind}`.execute(db);
      }

      await withId(db.schema.createTable('recharge_requests'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen > 0`))
        .addColumn('provider', 'varchar(32)', notNull)
        .addColumn('reference', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) =>
          c.notNull().check(sql`status in ('pending', 'confirmed', 'rejected')`),
        )
        .addColumn('reason', 'varchar(500)')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('recharge_user_idx')
        .on('recharge_requests')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('recharge_status_idx')
        .on('recharge_requests')
        .columns(['status', 'created_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('recharge_requests').execute();
      await db.schema.dropTable('ledger_entries').execute();
    },
  };
}
