import type {
  ChargeQuote,
  FinanceBalance,
  LedgerRecordsData,
  MsgListData,
  PriceList,
  Recharge,
  RechargeListData,
  SessionData,
} from '@pvforge/contracts';
import { modifiedCircuit, simulateCircuit } from '@pvforge/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerRepository } from '../../src/db/repositories/library.js';
import { PAID_PRIORITY } from '../../src/jobs/types.js';
import { ChargeService } from '../../src/services/finance.js';
import { fixtureDevice } from './calc/helpers.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';

/**
 * Finance (issue 14, docs/finance.md) on the real server and database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL, where the concurrency test is the one that matters): prices, the charge of
 * efficiency-loss quantification, recharge requests confirmed by an administrator, the access
 * matrix, and the double-entry invariant under random sequences and concurrent charges.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, who ? { headers: signed(who, t.clock) } : {});
const uid = (u: TestUser) => Number(u.session.user_id);

const lossJob = {
  kind: 'losses',
  params: { jphMaCm2: 23, yBulkPerS: 3e6, uIfPerCm2S: 1e-2, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 2000 },
  absorber: { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 2.2e18, egEV: 1.6, tK: 300 },
  spectrum: { wavelengthNm: [300, 600, 900], irradianceWm2Nm: [1, 1.5, 1] },
  pinMwCm2: 100,
};

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
});
afterAll(async () => {
  await t?.close();
});

async function balance(u: TestUser): Promise<FinanceBalance> {
  return (await call<FinanceBalance>('/sys/finance/balance', {}, u.session)).data;
}

async function recharge(u: TestUser, amountYuan: number): Promise<Recharge> {
  const r = await call<Recharge>('/sys/finance/recharge/request', { amountYuan, reference: '工行 6222' }, u.session);
  expect(r.code, r.msg).toBe('1000');
  const c = await call<Recharge>('/sys/finance/recharge/confirm', { id: r.data.id }, admin);
  expect(c.code, c.msg).toBe('1000');
  return c.data;
}

async function expectBooksBalance() {
  const tb = await new LedgerRepository(t.app.services.db.kysely).trialBalance();
  expect(tb).toEqual({ totalFen: 0, unbalanced: 0 });
}

describe('access matrix', () => {
  it('refuses anonymous callers, keeps prices and confirmations to administrators, recharges to their owner', async () => {
    for (const url of [
      'records',
      'prices',
      'prices/set',
      'recharge/request',
      'recharge/mine',
      'recharge/list',
      'recharge/confirm',
      'recharge/reject',
    ])
      expect((await call(`/sys/finance/${url}`, { id: 1 })).code, url).toBe('2001');
    for (const url of ['prices/set', 'recharge/list', 'recharge/confirm', 'recharge/reject'])
      expect(
        (
          await call(
            `/sys/finance/${url}`,
            { id: 1, feature: 'lossQuantification', priceYuan: 1, reason: 'x' },
            alice.session,
          )
        ).code,
        url,
      ).toBe('2007');
    const r = await call<Recharge>('/sys/finance/recharge/request', { amountYuan: 5 }, alice.session);
    const bobs = await call<RechargeListData>('/sys/finance/recharge/mine', {}, bob.session);
    expect(bobs.data.list.map((x) => x.id)).not.toContain(r.data.id);
    const mine = await call<RechargeListData>('/sys/finance/recharge/mine', {}, alice.session);
    expect(mine.data.list[0]).toMatchObject({
      id: r.data.id,
      status: 'pending',
      amountYuan: 5,
      provider: 'bank-transfer',
    });
    expect(mine.data.list[0]!.instructions.zh).toContain(`PVF-${r.data.id}`);
    expect((await call('/sys/finance/recharge/reject', { id: r.data.id, reason: '未收到款项' }, admin)).code).toBe(
      '1000',
    );
    expect((await call('/sys/finance/recharge/confirm', { id: r.data.id }, admin)).code).toBe('4903');
    expect((await call('/sys/finance/recharge/confirm', { id: 999999 }, admin)).code).toBe('4902');
    expect((await balance(alice)).balanceYuan).toBe(0);
  });
});

describe('prices and charges', () => {
  it('charges nothing while the price is 0 (the default)', async () => {
    const prices = await call<PriceList>('/sys/finance/prices', {}, alice.session);
    expect(prices.data.prices.every((p) => p.priceYuan === 0)).toBe(true);
    const r = await call<{ id: number }>('/sys/calc/circle2', { job: lossJob }, alice.session);
    expect(r.code, r.msg).toBe('1000');
    expect(
      (await call<LedgerRecordsData>('/sys/finance/records', { kind: 'consumption' }, alice.session)).data.total,
    ).toBe(0);
  });

  it('with a price set, charges efficiency-loss quantification and refuses it when the balance is short', async () => {
    const set = await call<PriceList>(
      '/sys/finance/prices/set',
      { feature: 'lossQuantification', priceYuan: 2.5 },
      admin,
    );
    expect(set.data.prices.find((p) => p.feature === 'lossQuantification')?.priceYuan).toBe(2.5);
    expect(
      (await call('/sys/finance/prices/set', { feature: 'lossQuantification', priceYuan: 1.001 }, admin)).code,
    ).toBe('4313');

    const before = await t.app.services.calculations.unfinishedCount(uid(bob));
    const refused = await call('/sys/calc/circle2', { job: lossJob }, bob.session);
    expect(refused.code).toBe('4901');
    expect(refused.status).toBe(402);
    expect(refused.msg).toContain('2.5');
    expect(await t.app.services.calculations.unfinishedCount(uid(bob))).toBe(before); // nothing queued

    await recharge(bob, 6);
    const msgs = await call<MsgListData>('/sys/msg/list', {}, bob.session);
    expect(msgs.data.list[0]).toMatchObject({ kind: 'recharge-confirmed' });
    for (let i = 0; i < 2; i++)
      expect((await call('/sys/calc/circle2', { job: lossJob }, bob.session)).code).toBe('1000');
    expect((await call('/sys/calc/circle2', { job: lossJob }, bob.session)).code).toBe('4901');
    // A fit or simulation on the same route is not the charged feature.
    const sim = {
      kind: 'simulate-modified',
      params: lossJob.params,
      absorber: lossJob.absorber,
      voltageV: [0, 0.5, 1],
    };
    expect((await call('/sys/calc/circle2', { job: sim }, bob.session)).code).toBe('1000');

    expect(await balance(bob)).toEqual({ balanceYuan: 1, incomeYuan: 0, consumptionYuan: 5, rechargeYuan: 6 });
    const consumption = await call<LedgerRecordsData>('/sys/finance/records', { kind: 'consumption' }, bob.session);
    expect(consumption.data.total).toBe(2);
    expect(consumption.data.list[0]!.refId).toMatch(/^calc:\d+$/);
    const recharges = await call<LedgerRecordsData>('/sys/finance/records', { kind: 'recharge' }, bob.session);
    expect(recharges.data.list).toMatchObject([{ amountYuan: 6 }]);
    await expectBooksBalance();
  });
});

describe('one rule for what is charged (issue 29)', () => {
  it("charges a fit that draws the waterfall like the given-parameters mode, as the quote beforehand says, noted in the reader's language", async () => {
    await call('/sys/finance/prices/set', { feature: 'lossQuantification', priceYuan: 1.5 }, admin);
    await call('/sys/finance/prices/set', { feature: 'queuePriority', priceYuan: 0 }, admin);
    const carol = await registerUser(t.app);
    await recharge(carol, 10);
    const v = Array.from({ length: 60 }, (_, i) => -0.1 + (1.3 * i) / 59);
    const curve = simulateCircuit(modifiedCircuit(lossJob.params, lossJob.absorber), v).jMaCm2;
    const fit = {
      kind: 'fit',
      model: 'modified',
      tK: 300,
      absorber: lossJob.absorber,
      knowns: { bulk: { tauBulkS: 5e-7 }, auger: 'off' },
      curves: [{ label: '1 sun', voltageV: v, jMaCm2: curve, pinMwCm2: 100 }],
    };
    const sim = {
      kind: 'simulate-modified',
      params: lossJob.params,
      absorber: lossJob.absorber,
      voltageV: [0, 0.5, 1],
    };
    const cases = [
      { job: lossJob, quote: { kind: 'circle2', mode: 'losses' }, yuan: 1.5 },
      {
        job: { ...fit, spectrum: lossJob.spectrum },
        quote: { kind: 'circle2', mode: 'fit', waterfall: true },
        yuan: 1.5,
      },
      { job: fit, quote: { kind: 'circle2', mode: 'fit', waterfall: false }, yuan: 0 },
      { job: sim, quote: { kind: 'circle2', mode: 'simulate-modified' }, yuan: 0 },
    ];
    for (const c of cases) {
      const q = await call<ChargeQuote>('/sys/finance/quote', c.quote, carol.session);
      expect(q.code, q.msg).toBe('1000');
      expect(q.data.totalYuan, JSON.stringify(c.quote)).toBe(c.yuan);
      const before = (await balance(carol)).balanceYuan;
      const r = await call('/sys/calc/circle2', { job: c.job }, carol.session);
      expect(r.code, r.msg).toBe('1000');
      // What was shown is what is charged.
      expect(before - (await balance(carol)).balanceYuan, JSON.stringify(c.quote)).toBeCloseTo(c.yuan, 9);
    }
    expect((await call<ChargeQuote>('/sys/finance/quote', { kind: 'opt' }, carol.session)).data).toEqual({
      items: [],
      totalYuan: 0,
    });
    expect((await call('/sys/finance/quote', { kind: 'nope' }, carol.session)).code).toBe('1001');
    expect((await call('/sys/finance/quote', { kind: 'circle2', mode: 'losses' })).code).toBe('2001');

    // The consumption line names the feature in the reader's language only.
    const records = (lang: string) =>
      post<LedgerRecordsData>(
        t.app,
        '/calc/sys/finance/records',
        { kind: 'consumption' },
        { headers: { ...signed(carol.session, t.clock), 'x-lang': lang } },
      );
    const zh = (await records('zh-CN')).data.list[0]!.note;
    const en = (await records('en')).data.list[0]!.note;
    expect(zh).toMatch(/^效率损失量化: #\d+/);
    expect(zh).not.toContain('efficiency');
    expect(en).toMatch(/^efficiency-loss quantification: #\d+/);
    expect(en).not.toContain('效率');
    await call('/sys/finance/prices/set', { feature: 'lossQuantification', priceYuan: 0 }, admin);
    await expectBooksBalance();
  });
});

describe('library import and queue priority', () => {
  it('with prices set, charges a device import and refuses it when the balance is short, writing nothing', async () => {
    const carol = await registerUser(t.app);
    const devicesOf = async () =>
      Number(
        (
          await t.app.services.db.kysely
            .selectFrom('devices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', uid(carol))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Free by default: imported, nothing recorded.
    expect((await call('/sys/device/import', { spec: fixtureDevice('opt') }, carol.session)).code).toBe('1000');
    expect(await devicesOf()).toBe(1);
    await call('/sys/finance/prices/set', { feature: 'libraryImport', priceYuan: 1.2 }, admin);
    try {
      const refused = await call('/sys/device/import', { spec: fixtureDevice('opt') }, carol.session);
      expect(refused).toMatchObject({ code: '4901', status: 402 });
      expect(refused.msg).toContain('1.2');
      expect(await devicesOf()).toBe(1);
      await recharge(carol, 2);
      const ok = await call<{ id: string }>('/sys/device/import', { spec: fixtureDevice('elec') }, carol.session);
      expect(ok.code, ok.msg).toBe('1000');
      expect(await devicesOf()).toBe(2);
      expect((await call('/sys/device/import', { spec: fixtureDevice('opt') }, carol.session)).code).toBe('4901');
      expect(await devicesOf()).toBe(2);
      const consumption = await call<LedgerRecordsData>('/sys/finance/records', { kind: 'consumption' }, carol.session);
      expect(consumption.data.list).toMatchObject([{ amountYuan: 1.2, refId: `device:${ok.data.id}` }]);
      expect(consumption.data.list[0]!.note).toContain('器件库导入');
      expect((await balance(carol)).balanceYuan).toBe(0.8);
      await expectBooksBalance();
    } finally {
      await call('/sys/finance/prices/set', { feature: 'libraryImport', priceYuan: 0 }, admin);
    }
  });

  it('queue priority raises the job above ordinary ones, is charged, and with loss quantification both are charged or neither', async () => {
    const dave = await registerUser(t.app);
    const priorityOf = async (id: number) => (await t.app.services.calculations.record(id))?.priority;
    await call('/sys/finance/prices/set', { feature: 'lossQuantification', priceYuan: 0 }, admin);
    // Free at price 0, and still raised.
    const free = await call<{ id: number }>('/sys/calc/circle2', { job: lossJob, priority: true }, dave.session);
    expect(free.code, free.msg).toBe('1000');
    expect(await priorityOf(free.data.id)).toBe(PAID_PRIORITY);
    const plain = await call<{ id: number }>('/sys/calc/circle2', { job: lossJob }, dave.session);
    expect(await priorityOf(plain.data.id)).toBe(0);

    await call('/sys/finance/prices/set', { feature: 'queuePriority', priceYuan: 1 }, admin);
    await call('/sys/finance/prices/set', { feature: 'lossQuantification', priceYuan: 2 }, admin);
    try {
      await recharge(dave, 4);
      // 3 yuan for both: affordable once from 4 yuan.
      const both = await call<{ id: number }>('/sys/calc/circle2', { job: lossJob, priority: true }, dave.session);
      expect(both.code, both.msg).toBe('1000');
      expect(await priorityOf(both.data.id)).toBe(PAID_PRIORITY);
      const refused = await call('/sys/calc/circle2', { job: lossJob, priority: true }, dave.session);
      expect(refused.code).toBe('4901');
      expect(refused.msg).toContain('3');
      // Nothing half-charged: the balance is still 1 yuan.
      expect((await balance(dave)).balanceYuan).toBe(1);
      // Priority alone (1 yuan) on an uncharged calculation still fits.
      const sim = { kind: 'simulate-modified', params: lossJob.params, absorber: lossJob.absorber, voltageV: [0, 1] };
      const prio = await call<{ id: number }>('/sys/calc/circle2', { job: sim, priority: true }, dave.session);
      expect(prio.code, prio.msg).toBe('1000');
      const refs = (
        await call<LedgerRecordsData>('/sys/finance/records', { kind: 'consumption', size: 10 }, dave.session)
      ).data.list.map((r) => r.refId);
      expect(refs.sort()).toEqual(
        [`calc:${both.data.id}`, `calc:${both.data.id}:priority`, `calc:${prio.data.id}:priority`].sort(),
      );
      expect((await balance(dave)).balanceYuan).toBe(0);
      await expectBooksBalance();
    } finally {
      await call('/sys/finance/prices/set', { feature: 'queuePriority', priceYuan: 0 }, admin);
      await call('/sys/finance/prices/set', { feature: 'lossQuantification', priceYuan: 0 }, admin);
    }
  });
});

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ledger invariants', () => {
  it('keeps balance == sum of postings == model, and never negative, over random sequences of recharges, charges and rewards', async () => {
    const db = t.app.services.db.kysely;
    const ledger = new LedgerRepository(db);
    const charges = new ChargeService(db, t.app.services.db.dialect, t.clock);
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = rng(seed);
      const u = await registerUser(t.app);
      let model = 0;
      for (let step = 0; step < 25; step++) {
        const r = next();
        const fen = 1 + Math.floor(next() * 500);
        const ref = `prop:${seed}:${step}`;
        if (r < 0.3) {
          await ledger.insert({
            userId: uid(u),
            kind: 'recharge',
            amountFen: fen,
            note: 'p',
            refId: ref,
            now: t.clock.now(),
          });
          model += fen;
        } else if (r < 0.45) {
          await ledger.insert({
            userId: uid(u),
            kind: 'review-reward',
            amountFen: fen,
            note: 'p',
            refId: ref,
            now: t.clock.now(),
          });
          model += fen;
        } else {
          const price = 1 + Math.floor(next() * 300);
          await charges.setPrice('queuePriority', price / 100);
          try {
            await charges.charge(uid(u), 'queuePriority', ref, 'p');
            model -= price;
          } catch (err) {
            expect((err as { code?: string }).code, `seed ${seed} step ${step}`).toBe('4901');
            expect(model, `seed ${seed} step ${step}: refused although affordable`).toBeLessThan(price);
          }
        }
        expect(model).toBeGreaterThanOrEqual(0);
        expect(await ledger.balanceFen(uid(u)), `seed ${seed} step ${step}`).toBe(model);
      }
      const b = await balance(u);
      expect(Math.round(b.balanceYuan * 100)).toBe(model);
      expect(Math.round((b.incomeYuan + b.rechargeYuan - b.consumptionYuan) * 100)).toBe(model);
    }
    await charges.setPrice('queuePriority', 0);
    await expectBooksBalance();
  });

  it('never overdraws under concurrent charges', async () => {
    const db = t.app.services.db.kysely;
    const charges = new ChargeService(db, t.app.services.db.dialect, t.clock);
    const u = await registerUser(t.app);
    await new LedgerRepository(db).insert({
      userId: uid(u),
      kind: 'recharge',
      amountFen: 1000,
      note: 'c',
      refId: 'conc:1',
      now: t.clock.now(),
    });
    await charges.setPrice('queuePriority', 3); // 300 fen: 3 of 12 attempts can pass
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => charges.charge(uid(u), 'queuePriority', `conc:c${i}`, 'c')),
    );
    await charges.setPrice('queuePriority', 0);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: string }).code === '4901',
    ).length;
    expect(ok).toBe(3);
    expect(refused).toBe(9);
    expect(await new LedgerRepository(db).balanceFen(uid(u))).toBe(100);
    await expectBooksBalance();
  });
});
