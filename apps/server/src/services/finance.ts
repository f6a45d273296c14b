import {
  CHARGED_FEATURES,
  type ChargedFeature,
  type ChargeQuote,
  fenToYuan,
  type Lang,
  type LedgerRecord,
  type PriceList,
  type Recharge,
  type RechargeStatus,
  yuanToFen,
} from '@pvforge/contracts';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { DialectName } from '../db/database.js';
import { LedgerRepository, SettingsRepository } from '../db/repositories/library.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { Notifier } from './notifier.js';
import type { PaymentProvider } from './payment.js';

const FEATURES = Object.values(CHARGED_FEATURES) as ChargedFeature[];
const priceKey = (f: ChargedFeature) => `price.${f}`;

const FEATURE_NAMES: Record<ChargedFeature, { zh: string; en: string }> = {
  libraryImport: { zh: '器件库导入', en: 'library import' },
  lossQuantification: { zh: '效率损失量化', en: 'efficiency-loss quantification' },
  queuePriority: { zh: '优先排队', en: 'queue priority' },
};

/**
 * Prices and charges (docs/finance.md). A price is per use, in fen, default 0 (then nothing is
 * charged or recorded). A charge is one consumption ledger row (with its two postings), written only
 * if the user's balance covers it; the check and the write happen in one transaction holding the
 * user's row lock (PostgreSQL: SELECT ... FOR UPDATE; SQLite runs one write transaction at a time),
 * so concurrent charges can never overdraw.
 */
export class ChargeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

  async priceFen(feature: ChargedFeature, db: Kysely<Database> = this.db): Promise<number> {
    const raw = await new SettingsRepository(db).get(priceKey(feature));
    const fen = raw === undefined ? 0 : yuanToFen(Number(raw));
    return fen === undefined || !Number.isFinite(fen) || fen < 0 ? 0 : fen;
  }

  async prices(): Promise<PriceList> {
    return {
      prices: await Promise.all(
        FEATURES.map(async (feature) => ({ feature, priceYuan: fenToYuan(await this.priceFen(feature)) })),
      ),
    };
  }

  async setPrice(feature: ChargedFeature, priceYuan: number): Promise<PriceList> {
    const fen = yuanToFen(priceYuan);
    if (fen === undefined) throw new AppError('4313');
    await new SettingsRepository(this.db).set(priceKey(feature), (fen / 100).toFixed(2));
    return this.prices();
  }

  /** What these features cost now: the priced ones and their sum (what a form shows before submitting). */
  async quote(features: ChargedFeature[]): Promise<ChargeQuote> {
    const items: ChargeQuote['items'] = [];
    let fen = 0;
    for (const feature of features) {
      const price = await this.priceFen(feature);
      if (price > 0) items.push({ feature, priceYuan: fenToYuan(price) });
      fen += price;
    }
    return { items, totalYuan: fenToYuan(fen) };
  }

  /**
   * Refuses (4901) when the summed price of the features is above the balance; nothing is written.
   * For a clear answer before work starts.
   */
  async ensureAffordable(userId: number, ...features: ChargedFeature[]): Promise<void> {
    let price = 0;
    for (const f of features) price += await this.priceFen(f);
    if (price === 0) return;
    const balance = await new LedgerRepository(this.db).balanceFen(userId);
    if (balance < price) throw new AppError('4901', { price: fenToYuan(price), balance: fenToYuan(balance) });
  }

  /**
   * Charges one use of `feature` for `refId` (e.g. "calc:42"); returns the fen charged (0 when free).
   * Throws 4901 when the balance is short at the moment of charging.
   */
  charge(userId: number, feature: ChargedFeature, refId: string, note: string): Promise<number> {
    return this.chargeAll(userId, [{ feature, refId, note }]);
  }

  /**
   * Charges several features used together (e.g. efficiency-loss quantification with queue
   * priority) all or nothing: the balance must cover their sum. One consumption row per priced
   * feature (references unique per kind); returns the fen charged (0 when all are free).
   */
  async chargeAll(userId: number, items: { feature: ChargedFeature; refId: string; note: string }[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const priced: { feature: ChargedFeature; refId: string; note: string; price: number }[] = [];
      for (const it of items) {
        const price = await this.priceFen(it.feature, trx);
        if (price > 0) priced.push({ ...it, price });
      }
      const total = priced.reduce((sum, it) => sum + it.price, 0);
      if (total === 0) return 0;
      // The user's row is the lock every charge of that user queues behind.
      if (this.dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
      const ledger = new LedgerRepository(trx);
      const balance = await ledger.balanceFen(userId);
      if (balance < total) throw new AppError('4901', { price: fenToYuan(total), balance: fenToYuan(balance) });
      for (const it of priced)
        await ledger.insert({
          userId,
          kind: 'consumption',
          amountFen: it.price,
          note: `${FEATURE_NAMES[it.feature].zh} / ${FEATURE_NAMES[it.feature].en}${NOTE_SEPARATOR}${it.note}`,
          refId: it.refId,
          now: this.clock.now(),
        });
      return total;
    });
  }
}

type RechargeRow = Awaited<ReturnType<RechargeService['row']>>;

/** Recharge requests: a user asks, pays through the provider, an administrator confirms or rejects. */
export class RechargeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly provider: PaymentProvider,
    private readonly notifier: Notifier,
  ) {}

  private query() {
    return this.db
      .selectFrom('recharge_requests as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['u.real_name as user_name', 'u.email as user_email']);
  }

  row(id: number) {
    return this.query().where('r.id', '=', id).executeTakeFirst();
  }

  private present(r: NonNullable<RechargeRow>): Recharge {
    const amountYuan = fenToYuan(Number(r.amount_fen));
    return {
      id: Number(r.id),
      userId: Number(r.user_id),
      userName: r.user_name || r.user_email || `#${r.user_id}`,
      amountYuan,
      provider: r.provider,
      reference: r.reference,
      status: r.status as RechargeStatus,
      reason: r.reason ?? null,
      instructions: this.provider.instructions(Number(r.id), amountYuan),
      createdAt: Number(r.created_at),
      decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    };
  }

  async request(userId: number, amountYuan: number, reference: string | undefined): Promise<Recharge> {
    const fen = yuanToFen(amountYuan);
    if (fen === undefined || fen <= 0) throw new AppError('4313');
    const row = await this.db
      .insertInto('recharge_requests')
      .values({
        user_id: userId,
        amount_fen: fen,
        provider: this.provider.name,
        reference: (reference ?? '').trim().slice(0, 100),
        status: 'pending',
        created_at: this.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.present((await this.row(Number(row.id)))!);
  }

  async list(f: { userId?: number; status?: RechargeStatus | undefined }, p: { page: number; size: number }) {
    let q = this.query();
    if (f.userId) q = q.where('r.user_id', '=', f.userId);
    if (f.status) q = q.where('r.status', '=', f.status);
    const [list, total] = await Promise.all([
      q
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(p.size)
        .offset((p.page - 1) * p.size)
        .execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: list.map((r) => this.present(r)), total: Number(total.n) };
  }

  /**
   * Confirms the payment: the request is decided first (conditionally, so a second confirmation
   * finds it decided), then the recharge is booked, once (the ledger's unique reference), and the
   * user is told.
   */
  async confirm(adminId: number, id: number): Promise<Recharge> {
    const r = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const decided = await trx
        .updateTable('recharge_requests')
        .set({ status: 'confirmed', decided_at: now, decided_by: adminId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(decided.numUpdatedRows) === 0) {
        const exists = await trx.selectFrom('recharge_requests').select('id').where('id', '=', id).executeTakeFirst();
        throw new AppError(exists ? '4903' : '4902');
      }
      const row = await trx.selectFrom('recharge_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await new LedgerRepository(trx).insert({
        userId: Number(row.user_id),
        kind: 'recharge',
        amountFen: Number(row.amount_fen),
        note: `${row.provider} PVF-${id}${row.reference ? ` (${row.reference})` : ''}`,
        refId: `recharge:${id}`,
        now,
      });
      return row;
    });
    const yuan = fenToYuan(Number(r.amount_fen));
    await this.notifier.notify(Number(r.user_id), {
      kind: 'recharge-confirmed',
      title: `充值到账 / Recharge credited: ${yuan} 元`,
      body: `您的充值 ${yuan} 元（PVF-${id}）已确认到账。\nYour recharge of ${yuan} yuan (PVF-${id}) was confirmed and credited.`,
      link: '/plat/finance/recharge',
    });
    return this.present((await this.row(id))!);
  }

  async reject(adminId: number, id: number, reason: string): Promise<Recharge> {
    const why = reason.trim();
    if (!why) throw new AppError('4605');
    const n = await this.db
      .updateTable('recharge_requests')
      .set({ status: 'rejected', decided_at: this.clock.now(), decided_by: adminId, reason: why })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const row = await this.row(id);
    if (!row) throw new AppError('4902');
    if (Number(n.numUpdatedRows) === 0) throw new AppError('4903');
    await this.notifier.notify(Number(row.user_id), {
      kind: 'recharge-rejected',
      title: `充值未确认 / Recharge not confirmed: PVF-${id}`,
      body: `您的充值申请 PVF-${id} 未被确认，原因：${why}\nYour recharge request PVF-${id} was not confirmed. Reason: ${why}`,
      link: '/plat/finance/recharge',
    });
    return this.present(row);
  }
}

const NOTE_SEPARATOR = ': ';

/**
 * A consumption note in the reader's language: it is stored with the feature's name in both
 * ("效率损失量化 / efficiency-loss quantification: #42 ...") and shown with one (issue 29).
 */
export function localNote(note: string, lang: Lang): string {
  for (const names of Object.values(FEATURE_NAMES)) {
    const both = `${names.zh} / ${names.en}${NOTE_SEPARATOR}`;
    if (note.startsWith(both))
      return `${lang === 'en' ? names.en : names.zh}${NOTE_SEPARATOR}${note.slice(both.length)}`;
  }
  return note;
}

/** A user's records of one kind, newest first, their notes in the reader's language. */
export async function ledgerRecords(
  db: Kysely<Database>,
  userId: number,
  kind: 'recharge' | 'consumption' | 'review-reward',
  p: { page: number; size: number },
  lang: Lang,
): Promise<{ list: LedgerRecord[]; total: number }> {
  const r = await new LedgerRepository(db).list(userId, kind, p);
  return {
    list: r.list.map((e) => ({
      id: Number(e.id),
      kind,
      amountYuan: fenToYuan(Number(e.amount_fen)),
      note: localNote(e.note, lang),
      refId: e.ref_id,
      createdAt: Number(e.created_at),
    })),
    total: r.total,
  };
}
