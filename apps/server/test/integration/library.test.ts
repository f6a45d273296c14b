import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  CalcDetail,
  Device,
  DeviceListData,
  FinanceBalance,
  IncomeListData,
  MsgListData,
  Review,
  ReviewListData,
  SessionData,
} from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaterialsRepository } from '../../src/db/repositories/materials.js';
import { seedDemoDevices } from '../../src/seed/demo-devices.js';
import { fixtureDevice, recordEvents } from './calc/helpers.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { type Answer, get, login, post, registerUser, signed, type TestUser } from './helpers/client.js';

/**
 * Device libraries, review into the public library, in-site messages, finance and settings
 * (issue 7) against the real server and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
const as = (s: SessionData) => ({ headers: signed(s, t.clock) });
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, who ? as(who) : {});

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  await t.app.services.jobs.start();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
});
afterAll(async () => {
  await t?.close();
});

async function saveDevice(name: string, who: SessionData, extra: Record<string, unknown> = {}): Promise<Device> {
  const res = await call<Device>('/sys/device/save', { name, spec: fixtureDevice('opt'), ...extra }, who);
  expect(res.code, res.msg).toBe('1000');
  return res.data;
}

/** A multipart/form-data body with one file and text fields. */
function multipart(file: { name: string; content: string }, fields: Record<string, string> = {}) {
  const boundary = `----pvforge${Date.now().toString(16)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/json\r\n\r\n${file.content}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function importFile(
  content: string,
  who: SessionData,
  fields: Record<string, string> = {},
): Promise<Answer<Device>> {
  const m = multipart({ name: 'x.device.json', content }, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: '/calc/sys/device/import',
    headers: { ...signed(who, t.clock), 'content-type': m.contentType },
    payload: m.payload,
  });
  return { status: res.statusCode, ...(res.json() as Omit<Answer<Device>, 'status'>) };
}

describe('access', () => {
  const USER_ROUTES = [
    '/sys/device/findPublic',
    '/sys/device/findPersonal',
    '/sys/device/get',
    '/sys/device/save',
    '/sys/device/update',
    '/sys/device/delete',
    '/sys/device/import',
    '/sys/device/export',
    '/sys/review/submit',
    '/sys/review/mine',
    '/sys/msg/list',
    '/sys/msg/read',
    '/sys/finance/balance',
    '/sys/finance/income',
  ];
  const ADMIN_ROUTES = [
    '/sys/review/list',
    '/sys/review/approve',
    '/sys/review/reject',
    '/sys/review/run',
    '/sys/settings/get',
    '/sys/settings/set',
  ];

  it('declares user and admin routes as the API says', () => {
    const table = new Map(t.app.routeTable.map((r) => [r.url, r.access]));
    for (const r of USER_ROUTES) expect(table.get(`/calc${r}`), r).toBe('user');
    for (const r of ADMIN_ROUTES) expect(table.get(`/calc${r}`), r).toBe('admin');
  });

  it('answers anonymous callers 401 everywhere, ordinary users 403 on admin routes', async () => {
    for (const r of [...USER_ROUTES, ...ADMIN_ROUTES]) {
      const anon = await call(r, {});
      expect({ status: anon.status, code: anon.code }, r).toEqual({ status: 401, code: '2001' });
    }
    for (const r of ADMIN_ROUTES) {
      const res = await call(r, { id: 1, reason: 'x', reviewRewardYuan: 1 }, alice.session);
      expect({ status: res.status, code: res.code }, r).toEqual({ status: 403, code: '2007' });
    }
  });

  it('lets only the owner see and change a personal device: others (administrators too) get "not found"', async () => {
    const d = await saveDevice('Private stack', alice.session);
    expect(d.id).toMatch(/^[0-9a-f]{32}$/);
    expect(d).toMatchObject({ status: 'private', ownerId: alice.session.user_id, kind: 'opt' });
    expect((await call<Device>('/sys/device/get', { id: d.id }, alice.session)).code).toBe('1000');
    for (const who of [bob.session, admin]) {
      for (const [url, body] of [
        ['/sys/device/get', { id: d.id }],
        ['/sys/device/update', { id: d.id, name: 'stolen' }],
        ['/sys/device/delete', { id: d.id }],
        ['/sys/device/export', { id: d.id }],
      ] as const) {
        const res = await call(url, body, who);
        expect({ status: res.status, code: res.code }, url).toEqual({ status: 404, code: '4301' });
      }
      const sub = await call('/sys/review/submit', { itemType: 'device', itemId: d.id }, who);
      expect(sub.code).toBe('4302');
      const mine = await call<DeviceListData>('/sys/device/findPersonal', {}, who);
      expect(mine.data.list.map((x) => x.id)).not.toContain(d.id);
    }
    // An administrator's settings calls go through.
    expect((await call('/sys/settings/get', {}, admin)).data).toEqual({ reviewRewardYuan: 10 });
  });
});

describe('device libraries', () => {
  it('rejects an invalid DeviceSpec with a message naming the field', async () => {
    const spec = fixtureDevice('opt') as { layers: { thicknessNm: number }[] };
    spec.layers[0]!.thicknessNm = -5;
    const res = await call<{ field: string; errors: string[] }>(
      '/sys/device/save',
      { name: 'bad', spec },
      alice.session,
    );
    expect(res.status).toBe(400);
    expect(res.code).toBe('4309');
    expect(res.data.field).toBe('spec');
    // the field and its rule in the caller's language (zh-CN by default), the English lines in data
    // a registered parameter's words are the registry's (sayVerdict), after the layer's name
    expect(res.msg).toBe('器件参数无效：glass：厚度为 -5 nm，超出允许范围（≥ 0.001 且 ≤ 1e8 nm）');
    expect(res.data.errors[0]).toMatch(/layers\[0\].*thicknessNm/);
    const en = await post<unknown>(
      t.app,
      '/calc/sys/device/save',
      { name: 'bad', spec },
      {
        headers: { ...as(alice.session).headers, 'x-lang': 'en' },
      },
    );
    expect(en.msg).toBe('Invalid device: glass: Thickness is -5 nm, outside the allowed range (≥ 0.001 and ≤ 1e8 nm)');
    const none = await call('/sys/device/save', { name: 'nothing' }, alice.session);
    expect(none.code).toBe('4314');
    const text = await call('/sys/device/save', { name: 'text', spec: '{not json' }, alice.session);
    expect(text.code).toBe('4309');
  });

  it('accepts a form post with the spec as JSON text; kind follows the electrical block', async () => {
    const res = await post<Device>(
      t.app,
      '/calc/sys/device/save',
      { name: 'Form elec', spec: JSON.stringify(fixtureDevice('elec')) },
      { ...as(alice.session), form: true },
    );
    expect(res.code, res.msg).toBe('1000');
    expect(res.data.kind).toBe('elec');
  });

  it('saves the input of an own calculation; deleting the device leaves the calculation input intact', async () => {
    const events = recordEvents(t.app.services.jobs);
    const sub = await call<{ id: number }>(
      '/sys/calc/opt',
      { device: fixtureDevice('opt'), name: 'run' },
      alice.session,
    );
    expect(sub.code, sub.msg).toBe('1000');
    await events.finished(sub.data.id, 60_000);
    const before = await call<CalcDetail>('/sys/calc/calcData', { id: sub.data.id }, alice.session);

    expect((await call('/sys/device/save', { calcId: sub.data.id }, bob.session)).code).toBe('4101');
    const saved = await call<Device>('/sys/device/save', { calcId: sub.data.id, name: 'From run' }, alice.session);
    expect(saved.code, saved.msg).toBe('1000');
    expect(saved.data).toMatchObject({ name: 'From run', sourceCalcId: sub.data.id, status: 'private' });
    expect(saved.data.spec).toEqual(before.data.input);

    expect((await call('/sys/device/delete', { id: saved.data.id }, alice.session)).code).toBe('1000');
    expect((await call('/sys/device/get', { id: saved.data.id }, alice.session)).code).toBe('4301');
    const after = await call<CalcDetail>('/sys/calc/calcData', { id: sub.data.id }, alice.session);
    expect(after.data.input).toEqual(before.data.input);
  });

  it('round-trips export and import (multipart file and JSON body)', async () => {
    const d = await saveDevice('Round trip 钙钛矿', alice.session, { description: 'exported and back' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/device/export',
      headers: { ...signed(alice.session, t.clock), 'content-type': 'application/json' },
      payload: { id: d.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('Round trip 钙钛矿.device.json')}`,
    );
    expect(JSON.parse(res.body)).toEqual(fixtureDevice('opt'));

    const imported = await importFile(res.body, bob.session, { name: 'Imported copy' });
    expect(imported.code, imported.msg).toBe('1000');
    expect(imported.data).toMatchObject({ name: 'Imported copy', ownerId: bob.session.user_id, status: 'private' });
    expect(imported.data.spec).toEqual(fixtureDevice('opt'));
    expect(imported.data.id).not.toBe(d.id);

    const byBody = await call<Device>('/sys/device/import', { spec: fixtureDevice('elec') }, bob.session);
    expect(byBody.code).toBe('1000');
    expect(byBody.data.kind).toBe('elec');

    // a device with references and notes exports them beside its spec, and they come back on import
    const cited = await call<Device>(
      '/sys/device/save',
      { spec: fixtureDevice('opt'), references: ['doi:10.1126/science.abd4016'], notes: 'PTAA 10 nm, annealed' },
      alice.session,
    );
    expect(cited.code, cited.msg).toBe('1000');
    const citedFile = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/device/export',
      headers: { ...signed(alice.session, t.clock), 'content-type': 'application/json' },
      payload: { id: cited.data.id },
    });
    expect(JSON.parse(citedFile.body)).toEqual({
      spec: fixtureDevice('opt'),
      references: ['10.1126/science.abd4016'],
      notes: 'PTAA 10 nm, annealed',
    });
    const back = await importFile(citedFile.body, bob.session);
    expect(back.code, back.msg).toBe('1000');
    expect(back.data).toMatchObject({
      spec: fixtureDevice('opt'),
      references: ['10.1126/science.abd4016'],
      notes: 'PTAA 10 nm, annealed',
    });
    const badDoi = await importFile(
      JSON.stringify({ spec: fixtureDevice('opt'), references: ['not a doi'] }),
      bob.session,
    );
    expect(badDoi.code).toBe('4316');

    const broken = await importFile('{"schemaVersion": 1', bob.session);
    expect({ status: broken.status, code: broken.code }).toEqual({ status: 400, code: '4308' });
    const invalid = await importFile(JSON.stringify({ schemaVersion: 1, name: 'x', layers: [] }), bob.session);
    expect(invalid.code).toBe('4308');
    expect(invalid.msg).toMatch(/ambient|layers/);
    expect((await call('/sys/device/import', {}, bob.session)).code).toBe('4308');
  });

  it('searches by name and description, filters by kind and status, and pages', async () => {
    const u = await registerUser(t.app);
    await saveDevice('Alpha cell', u.session);
    await saveDevice('Beta cell', u.session);
    await saveDevice('Gamma', u.session, { description: 'a TANDEM design' });
    const find = (body: Record<string, unknown>) => call<DeviceListData>('/sys/device/findPersonal', body, u.session);
    expect((await find({})).data.total).toBe(3);
    expect((await find({ search: 'CELL' })).data.list.map((d) => d.name).sort()).toEqual(['Alpha cell', 'Beta cell']);
    expect((await find({ search: 'tandem' })).data.list.map((d) => d.name)).toEqual(['Gamma']);
    expect((await find({ search: '%' })).data.total).toBe(0);
    expect((await find({ kind: 'elec' })).data.total).toBe(0);
    expect((await find({ status: 'pending' })).data.total).toBe(0);
    const p1 = await find({ page: 1, size: 2 });
    const p2 = await find({ page: 2, size: 2 });
    expect(p1.data.list).toHaveLength(2);
    expect(p2.data.list).toHaveLength(1);
    expect(p2.data.total).toBe(3);
    expect(new Set([...p1.data.list, ...p2.data.list].map((d) => d.id)).size).toBe(3);
    expect(p1.data.list[0]).not.toHaveProperty('spec');

    const pub = await call<DeviceListData>('/sys/device/findPublic', { kind: 'elec' }, u.session);
    expect(pub.data.total).toBeGreaterThanOrEqual(1);
    for (const d of pub.data.list) expect(d).toMatchObject({ kind: 'elec', status: 'public', ownerId: null });
    // Seeded devices carry their citation and can be opened by anyone.
    const one = await call<Device>('/sys/device/get', { id: pub.data.list[0]!.id }, u.session);
    expect(one.data.citation).toBeTruthy();
    expect(one.data.spec).toMatchObject({ schemaVersion: 1 });
    const invalidSize = await call('/sys/device/findPublic', { size: 101 }, u.session);
    expect(invalidSize.code).toBe('1001');
  });
});

describe('review into the public library', () => {
  it('runs the whole flow for a device: submit, reject with reason, resubmit, approve with reward and message', async () => {
    const counters = async () => (await get<{ data: number[] }>(t.app, '/calc/sys/stat/all')).data.data;
    const u = await registerUser(t.app);
    const d = await saveDevice('Contributed stack', u.session, { description: 'for everyone' });
    const statsBefore = await counters();

    const sub = await call<Review>(
      '/sys/review/submit',
      { itemType: 'device', itemId: d.id, note: 'please' },
      u.session,
    );
    expect(sub.code, sub.msg).toBe('1000');
    expect(sub.data).toMatchObject({
      itemType: 'device',
      itemId: d.id,
      itemName: 'Contributed stack',
      status: 'pending',
    });
    expect((await call<Device>('/sys/device/get', { id: d.id }, u.session)).data.status).toBe('pending');
    expect((await call('/sys/device/update', { id: d.id, name: 'changed' }, u.session)).code).toBe('4310');
    expect((await call('/sys/review/submit', { itemType: 'device', itemId: d.id }, u.session)).code).toBe('4303');

    const pending = await call<ReviewListData>('/sys/review/list', { status: 'pending' }, admin);
    const row = pending.data.list.find((r) => r.id === sub.data.id);
    expect(row).toMatchObject({ itemName: 'Contributed stack', userId: u.session.user_id });
    expect(row?.ownerName).toBeTruthy();
    // The reviewer inspects the stack it is asked to publish; other users still cannot.
    const seen = await call<Device>('/sys/device/get', { id: d.id }, admin);
    expect(seen.code).toBe('1000');
    expect((seen.data.spec as { layers: unknown[] }).layers.length).toBeGreaterThan(0);
    expect((await call('/sys/device/get', { id: d.id }, (await registerUser(t.app)).session)).code).toBe('4301');

    expect((await call('/sys/review/reject', { id: sub.data.id, reason: '   ' }, admin)).code).toBe('4307');
    expect((await call('/sys/review/reject', { id: sub.data.id }, admin)).code).toBe('1001');
    const rej = await call<Review>('/sys/review/reject', { id: sub.data.id, reason: 'cite the source' }, admin);
    expect(rej.data).toMatchObject({ status: 'rejected', reason: 'cite the source' });
    expect((await call('/sys/review/reject', { id: sub.data.id, reason: 'again' }, admin)).code).toBe('4306');
    expect((await call('/sys/review/approve', { id: sub.data.id }, admin)).code).toBe('4306');
    expect((await call('/sys/review/approve', { id: 999999 }, admin)).code).toBe('4305');
    expect((await call<Device>('/sys/device/get', { id: d.id }, u.session)).data.status).toBe('rejected');

    let msgs = await call<MsgListData>('/sys/msg/list', {}, u.session);
    expect(msgs.data.unread).toBe(1);
    expect(msgs.data.list[0]).toMatchObject({ kind: 'review-rejected', read: false });
    expect(msgs.data.list[0]?.body).toContain('cite the source');

    // Rejected items are editable and can be submitted again.
    const edited = await call<Device>('/sys/device/update', { id: d.id, description: 'with citation' }, u.session);
    expect(edited.data).toMatchObject({ status: 'rejected', description: 'with citation' });
    const again = await call<Review>('/sys/review/submit', { itemType: 'device', itemId: d.id }, u.session);
    expect(again.data.status).toBe('pending');

    expect((await call('/sys/settings/set', { reviewRewardYuan: 1.234 }, admin)).code).toBe('4313');
    expect((await call('/sys/settings/set', { reviewRewardYuan: 10001 }, admin)).code).toBe('1001');
    const set = await call('/sys/settings/set', { reviewRewardYuan: 12.5 }, admin);
    expect(set.data).toEqual({ reviewRewardYuan: 12.5 });

    const ok = await call<Review>('/sys/review/approve', { id: again.data.id }, admin);
    expect(ok.code, ok.msg).toBe('1000');
    expect(ok.data).toMatchObject({ status: 'approved', rewardYuan: 12.5, decidedBy: admin.user_id });
    expect(ok.data.publicItemId).toMatch(/^[0-9a-f]{32}$/);
    expect(ok.data.publicItemId).not.toBe(d.id);
    expect((await call('/sys/review/approve', { id: again.data.id }, admin)).code).toBe('4306');

    const pub = await call<DeviceListData>('/sys/device/findPublic', { search: 'Contributed' }, bob.session);
    expect(pub.data.list).toHaveLength(1);
    expect(pub.data.list[0]).toMatchObject({
      id: ok.data.publicItemId,
      status: 'public',
      ownerId: null,
      contributorId: u.session.user_id,
      description: 'with citation',
    });
    const copy = await call<Device>('/sys/device/get', { id: ok.data.publicItemId }, bob.session);
    expect(copy.data.spec).toEqual(fixtureDevice('opt'));
    // Nobody owns the public copy: not even the contributor can change it.
    expect((await call('/sys/device/delete', { id: ok.data.publicItemId }, u.session)).code).toBe('4301');
    expect((await call<Device>('/sys/device/get', { id: d.id }, u.session)).data.status).toBe('approved');

    const delta = (await counters()).map((v, i) => v - (statsBefore[i] ?? 0));
    expect(delta.slice(0, 2)).toEqual([0, 1]);

    const income = await call<IncomeListData>('/sys/finance/income', {}, u.session);
    expect(income.data.total).toBe(1);
    expect(income.data.list[0]).toMatchObject({
      amountYuan: 12.5,
      kind: 'review-reward',
      refId: String(again.data.id),
    });
    const balance = await call<FinanceBalance>('/sys/finance/balance', {}, u.session);
    expect(balance.data).toEqual({ balanceYuan: 12.5, incomeYuan: 12.5, consumptionYuan: 0, rechargeYuan: 0 });
    expect((await call<FinanceBalance>('/sys/finance/balance', {}, bob.session)).data.balanceYuan).toBe(0);

    msgs = await call<MsgListData>('/sys/msg/list', { unread: true }, u.session);
    expect(msgs.data.unread).toBe(2);
    expect(msgs.data.list[0]).toMatchObject({ kind: 'review-approved', link: '/plat/optMaterial' });
    expect(msgs.data.list[0]?.body).toContain('12.5');

    const mine = await call<ReviewListData>('/sys/review/mine', {}, u.session);
    expect(mine.data.list.map((r) => r.status)).toEqual(['approved', 'rejected']);

    // Messages are the owner's: another user's id is "not found".
    const firstId = msgs.data.list[0]!.id;
    expect((await call('/sys/msg/read', { id: firstId }, bob.session)).code).toBe('4312');
    expect((await call('/sys/msg/read', {}, u.session)).code).toBe('4315');
    expect((await call('/sys/msg/read', { id: firstId }, u.session)).code).toBe('1000');
    expect((await call<MsgListData>('/sys/msg/list', {}, u.session)).data.unread).toBe(1);
    expect((await call('/sys/msg/read', { all: 'true' }, u.session)).code).toBe('1000');
    const read = await call<MsgListData>('/sys/msg/list', {}, u.session);
    expect(read.data).toMatchObject({ unread: 0, total: 2 });
    expect((await call<MsgListData>('/sys/msg/list', { unread: true }, u.session)).data.total).toBe(0);
    await call('/sys/settings/set', { reviewRewardYuan: 10 }, admin);
  });

  it('runs the flow for a material: submit, approve, public copy contributed by the owner', async () => {
    const u = await registerUser(t.app);
    const repo = new MaterialsRepository(t.database.db.kysely, t.clock);
    const m = await repo.insert({
      key: null,
      name: 'My absorber',
      name_en: null,
      formula: 'CsPbI3',
      category: 'lead_perovskite',
      optical: JSON.stringify({ kind: 'constant', n: 2.5, k: 0.1 }),
      electrical: JSON.stringify({ egEV: 1.7 }),
      sources: '{}',
      refs: '{}',
      notes: null,
      owner_id: u.session.user_id,
      status: 'private',
      contributor_id: null,
      origin_uuid: null,
    });
    expect((await call('/sys/review/submit', { itemType: 'material', itemId: m.uuid }, bob.session)).code).toBe('4302');
    const sub = await call<Review>('/sys/review/submit', { itemType: 'material', itemId: m.uuid }, u.session);
    expect(sub.code, sub.msg).toBe('1000');
    expect((await repo.get(m.uuid))?.status).toBe('pending');

    const ok = await call<Review>('/sys/review/approve', { id: sub.data.id }, admin);
    expect(ok.code, ok.msg).toBe('1000');
    expect(ok.data.rewardYuan).toBe(10);
    const copy = await repo.get(ok.data.publicItemId!);
    expect(copy).toMatchObject({
      owner_id: null,
      status: 'public',
      contributor_id: u.session.user_id,
      origin_uuid: m.uuid,
    });
    expect((await repo.get(m.uuid))?.status).toBe('approved');
    // An approved item is not submitted twice.
    expect((await call('/sys/review/submit', { itemType: 'material', itemId: m.uuid }, u.session)).code).toBe('4304');
    const msgs = await call<MsgListData>('/sys/msg/list', {}, u.session);
    expect(msgs.data.list[0]).toMatchObject({ kind: 'review-approved', link: '/plat/material-library' });
    expect((await call<FinanceBalance>('/sys/finance/balance', {}, u.session)).data.incomeYuan).toBe(10);
  });

  it('drops a pending review when its device is deleted', async () => {
    const u = await registerUser(t.app);
    const d = await saveDevice('Withdrawn', u.session);
    const sub = await call<Review>('/sys/review/submit', { itemType: 'device', itemId: d.id }, u.session);
    expect((await call('/sys/device/delete', { id: d.id }, u.session)).code).toBe('1000');
    expect((await call('/sys/review/approve', { id: sub.data.id }, admin)).code).toBe('4305');
    expect((await call<ReviewListData>('/sys/review/mine', {}, u.session)).data.total).toBe(0);
  });
});

describe('seeding the public device library', () => {
  it('loads every *.device.json with its citation, once; new files are added later, removed ones stay removed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pvforge-devices-'));
    try {
      mkdirSync(path.join(root, 'devices'));
      const write = (file: string, name: string, extra: Record<string, unknown> = {}) =>
        writeFileSync(path.join(root, 'devices', file), JSON.stringify({ ...fixtureDevice('opt'), name, ...extra }));
      write('a.device.json', 'Seed test A', { citation: 'Doe et al., J. Test 1 (2024)' });
      writeFileSync(path.join(root, 'devices', 'notes.txt'), 'not a device');
      const s = t.app.services;
      const adminId = admin.user_id;
      const named = async (name: string) =>
        (await call<DeviceListData>('/sys/device/findPublic', { search: name }, alice.session)).data.list;
      await seedDemoDevices(s, adminId, t.clock.now(), root);
      await seedDemoDevices(s, adminId, t.clock.now(), root);
      expect(await named('Seed test A')).toHaveLength(1);
      expect((await named('Seed test A'))[0]?.citation).toBe('Doe et al., J. Test 1 (2024)');

      write('b.device.json', 'Seed test B', { description: 'Source: Roe, J. Test 2 (2025)' });
      await seedDemoDevices(s, adminId, t.clock.now(), root);
      expect(await named('Seed test')).toHaveLength(2);
      expect((await named('Seed test B'))[0]?.citation).toBe('Source: Roe, J. Test 2 (2025)');

      // An administrator removed A from the library: it is not seeded again.
      await s.db.kysely.deleteFrom('devices').where('name', '=', 'Seed test A').execute();
      await seedDemoDevices(s, adminId, t.clock.now(), root);
      expect((await named('Seed test')).map((d) => d.name)).toEqual(['Seed test B']);

      write('c.device.json', 'Seed test C', { layers: [] });
      await expect(seedDemoDevices(s, adminId, t.clock.now(), root)).rejects.toThrow(/c\.device\.json/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
