import type { Device, DeviceListData, Review, ReviewRunData, SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { fixtureDevice, recordEvents } from './calc/helpers.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';

/**
 * References (DOIs) and notes of saved devices (issue 19, migration 0018_device_references), against
 * the real server and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, { headers: signed(who, t.clock) });

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

async function save(body: Record<string, unknown>, who = alice.session) {
  return call<Device>('/sys/device/save', { name: 'Cited cell', spec: fixtureDevice('elec'), ...body }, who);
}

describe('device references and notes', () => {
  it('is migration 0018_device_references, after 0017', () => {
    const names = Object.keys(migrationList('sqlite'));
    expect(names.indexOf('0018_device_references')).toBe(names.indexOf('0017_material_defects') + 1);
  });

  it('stores DOIs bare (prefixes and resolver addresses removed, repeats dropped) with the notes, and lists them', async () => {
    const res = await save({
      references: [' 10.1021/jacs.9b06940 ', 'https://doi.org/10.1039/C8EE01576G', 'doi:10.1021/JACS.9B06940'],
      notes: '  Parameters of table 2; work functions measured by UPS.  ',
    });
    expect(res.code, res.msg).toBe('1000');
    expect(res.data.references).toEqual(['10.1021/jacs.9b06940', '10.1039/C8EE01576G']);
    expect(res.data.notes).toBe('Parameters of table 2; work functions measured by UPS.');
    const got = await call<Device>('/sys/device/get', { id: res.data.id }, alice.session);
    expect(got.data).toMatchObject({ references: res.data.references, notes: res.data.notes });
    const list = await call<DeviceListData>('/sys/device/findPersonal', { search: 'Cited cell' }, alice.session);
    expect(list.data.list.find((d) => d.id === res.data.id)).toMatchObject({
      references: ['10.1021/jacs.9b06940', '10.1039/C8EE01576G'],
      notes: 'Parameters of table 2; work functions measured by UPS.',
    });
    // A device saved without them answers an empty list and no notes.
    const plain = await save({ name: 'Uncited' });
    expect(plain.data.references).toEqual([]);
    expect(plain.data).not.toHaveProperty('notes');
  });

  it('refuses a bad DOI by name, in the caller language, and stores nothing', async () => {
    const before = (await call<DeviceListData>('/sys/device/findPersonal', {}, bob.session)).data.total;
    for (const bad of ['10.12/x', 'doi.org/10.1038', '11.1038/ncomms8497', '10.1038/ncomms 8497', 'not a doi']) {
      const res = await save({ references: ['10.1038/ncomms8497', bad] }, bob.session);
      expect({ status: res.status, code: res.code }, bad).toEqual({ status: 400, code: '4316' });
      expect(res.msg).toContain(bad);
      expect((res.data as unknown as { field: string }).field).toBe('references[1]');
    }
    const en = await post<unknown>(
      t.app,
      '/calc/sys/device/save',
      { name: 'x', spec: fixtureDevice('opt'), references: ['nope'] },
      { headers: { ...signed(bob.session, t.clock), 'accept-language': 'en' } },
    );
    expect(en.msg).toBe('"nope" is not a valid DOI (expected the form 10.1000/xyz123)');
    // More than the schema allows, or a note too long, is refused by the schema.
    const many = await save({ references: Array.from({ length: 21 }, (_, i) => `10.1000/${i}`) }, bob.session);
    expect(many.status).toBe(400);
    const long = await save({ notes: 'x'.repeat(4001) }, bob.session);
    expect(long.status).toBe(400);
    expect((await call<DeviceListData>('/sys/device/findPersonal', {}, bob.session)).data.total).toBe(before);
  });

  it('updates references and notes of an own device only; a bad DOI changes nothing', async () => {
    const d = (await save({ references: ['10.1038/ncomms8497'], notes: 'first' })).data;
    const upd = await call<Device>(
      '/sys/device/update',
      { id: d.id, references: ['10.21105/joss.03727'], notes: 'second' },
      alice.session,
    );
    expect(upd.code, upd.msg).toBe('1000');
    expect(upd.data).toMatchObject({ references: ['10.21105/joss.03727'], notes: 'second' });
    const bad = await call('/sys/device/update', { id: d.id, references: ['x'], notes: 'third' }, alice.session);
    expect(bad.code).toBe('4316');
    const still = await call<Device>('/sys/device/get', { id: d.id }, alice.session);
    expect(still.data).toMatchObject({ references: ['10.21105/joss.03727'], notes: 'second' });
    // Another user (an administrator too) cannot change or read it.
    for (const who of [bob.session, admin]) {
      const other = await call('/sys/device/update', { id: d.id, references: ['10.1000/1'] }, who);
      expect({ status: other.status, code: other.code }).toEqual({ status: 404, code: '4301' });
      expect((await call('/sys/device/get', { id: d.id }, who)).code).toBe('4301');
    }
    // Empty list and empty notes remove them.
    const cleared = await call<Device>('/sys/device/update', { id: d.id, references: [], notes: '' }, alice.session);
    expect(cleared.data.references).toEqual([]);
    expect(cleared.data).not.toHaveProperty('notes');
  });

  it('carries references and notes into the public copy an approval makes; the reviewer sees them while pending', async () => {
    const d = (await save({ name: 'Reviewed cell', references: ['10.1039/C8EE01576G'], notes: 'from the paper' })).data;
    const sub = await call<Review>('/sys/review/submit', { itemType: 'device', itemId: d.id }, alice.session);
    expect(sub.code, sub.msg).toBe('1000');
    const seen = await call<Device>('/sys/device/get', { id: d.id }, admin);
    expect(seen.data).toMatchObject({ references: ['10.1039/C8EE01576G'], notes: 'from the paper' });
    const ok = await call<Review>('/sys/review/approve', { id: sub.data.id }, admin);
    expect(ok.code, ok.msg).toBe('1000');
    const pub = await call<Device>('/sys/device/get', { id: ok.data.publicItemId }, bob.session);
    expect(pub.data).toMatchObject({
      status: 'public',
      references: ['10.1039/C8EE01576G'],
      notes: 'from the paper',
    });
  });
});

describe('the public examples and copies (issue 29)', () => {
  it('lists an example with the DOIs its description cites as its references', async () => {
    const list = await call<DeviceListData>('/sys/device/findPublic', { size: 100 }, alice.session);
    expect(list.data.list.length).toBeGreaterThan(5);
    const defects = list.data.list.find((d) => d.description?.includes('10.1016/j.rinp.2019.102839'));
    expect(defects?.references).toEqual(expect.arrayContaining(['10.1016/j.rinp.2019.102839']));
  });

  it("copies a public device, or an own one, with its description, references, citation and notes; nobody else's", async () => {
    const list = await call<DeviceListData>('/sys/device/findPublic', { size: 100 }, alice.session);
    const cited = list.data.list.find((d) => d.references.length > 0)!;
    const copy = await call<Device>('/sys/device/copy', { id: cited.id }, bob.session);
    expect(copy.code, copy.msg).toBe('1000');
    expect(copy.data).toMatchObject({
      name: cited.name,
      description: cited.description,
      references: cited.references,
      status: 'private',
    });
    expect(copy.data.id).not.toBe(cited.id);

    const own = await save({ references: ['10.1039/C8EE01576G'], notes: 'table 2' });
    const again = await call<Device>('/sys/device/copy', { id: own.data.id }, alice.session);
    expect(again.data).toMatchObject({ references: ['10.1039/C8EE01576G'], notes: 'table 2' });
    // Another user's private device is not theirs to copy, nor can anyone copy anonymously.
    expect((await call('/sys/device/copy', { id: own.data.id }, bob.session)).code).toBe('4301');
    expect((await post(t.app, '/calc/sys/device/copy', { id: own.data.id })).code).toBe('2001');
  });
});

describe('the run a reviewer sees', () => {
  it("is the submitter's run of exactly this device with its key figures; others are refused", async () => {
    const events = recordEvents(t.app.services.jobs);
    const spec = fixtureDevice('elec');
    const sub = await call<{ id: number }>('/sys/calc/elec', { device: spec, name: 'review run' }, alice.session);
    expect(sub.code, sub.msg).toBe('1000');
    await events.finished(sub.data.id, 120_000);
    const d = (await call<Device>('/sys/device/save', { calcId: sub.data.id, name: 'Run cell' }, alice.session)).data;
    const review = (await call<Review>('/sys/review/submit', { itemType: 'device', itemId: d.id }, alice.session)).data;

    const res = await call<ReviewRunData>('/sys/review/run', { id: review.id }, admin);
    expect(res.code, res.msg).toBe('1000');
    expect(res.data.run).toMatchObject({ calcId: sub.data.id, kind: 'elec', status: 'succeeded', sameInput: true });
    const f = res.data.run?.figures;
    // The fixture is a working p-i-n cell: figures of one (not a check of the physics, which the engine tests do).
    expect(f?.jscMaCm2).toBeGreaterThan(1);
    expect(f?.vocV).toBeGreaterThan(0.3);
    expect(f?.ff).toBeGreaterThan(0.2);
    expect(f?.ff).toBeLessThan(1);
    expect(f?.pcePercent).toBeGreaterThan(0);

    // Nobody but an administrator may ask; an unknown review is "no such review".
    for (const who of [alice.session, bob.session]) {
      const no = await call('/sys/review/run', { id: review.id }, who);
      expect({ status: no.status, code: no.code }).toEqual({ status: 403, code: '2007' });
    }
    expect((await call('/sys/review/run', { id: 999_999 }, admin)).code).toBe('4305');
  }, 180_000);

  it('names the run the device was saved from as an earlier version once the device changed, and none when there is none', async () => {
    const events = recordEvents(t.app.services.jobs);
    const sub = await call<{ id: number }>(
      '/sys/calc/opt',
      { device: fixtureDevice('opt'), name: 'opt run' },
      bob.session,
    );
    await events.finished(sub.data.id, 60_000);
    const d = (await call<Device>('/sys/device/save', { calcId: sub.data.id, name: 'Changed' }, bob.session)).data;
    const changed = fixtureDevice('opt') as { layers: { thicknessNm: number }[] };
    changed.layers[0]!.thicknessNm += 10;
    expect((await call('/sys/device/update', { id: d.id, spec: changed }, bob.session)).code).toBe('1000');
    const review = (await call<Review>('/sys/review/submit', { itemType: 'device', itemId: d.id }, bob.session)).data;
    const res = await call<ReviewRunData>('/sys/review/run', { id: review.id }, admin);
    expect(res.data.run).toMatchObject({ calcId: sub.data.id, kind: 'opt', sameInput: false });
    expect(res.data.run?.figures?.jscMaCm2).toBeGreaterThan(0);

    const u = await registerUser(t.app);
    const plain = (await save({ name: 'Never run' }, u.session)).data;
    const r2 = (await call<Review>('/sys/review/submit', { itemType: 'device', itemId: plain.id }, u.session)).data;
    expect((await call<ReviewRunData>('/sys/review/run', { id: r2.id }, admin)).data).toEqual({ run: null });
  }, 120_000);
});
