import { readFileSync } from 'node:fs';
import type { SessionData, SpectrumDetail, SpectrumListData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';

/**
 * Custom incident spectra of the personal library (issue 16) on the real server and database: the
 * access matrix (anonymous, owner, other user, administrator), the file read in the units the
 * user chose and kept in nm and W m^-2 nm^-1, the problems answered in the caller's language.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData, lang?: string) =>
  post<T>(t.app, `/calc${url}`, body, {
    headers: { ...(who ? signed(who, t.clock) : {}), ...(lang ? { 'x-lang': lang } : {}) },
  });

/** AM1.5G (ASTM G173-03) as micrometres and mW cm^-2 nm^-1, space separated, with a header. */
const am15gRows = readFileSync(new URL('../../../../assets/data/spectra/am15g.csv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.trim())
  .map((l) => l.split(',').map(Number) as [number, number]);
const am15gUm = ['lambda (um)  E (mW/cm2/nm)', ...am15gRows.map(([l, e]) => `${l / 1000} ${e / 10}`)].join('\n');

async function upload(who: SessionData, name = '氙灯模拟器'): Promise<number> {
  const r = await call<{ id: number }>(
    '/sys/spectrum/create',
    { name, text: am15gUm, wavelengthUnit: 'um', irradianceUnit: 'mW_cm2_nm' },
    who,
  );
  expect(r.code, r.msg).toBe('1000');
  return r.data.id;
}

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

describe('spectrum library access matrix', () => {
  it('refuses anonymous callers on every route', async () => {
    for (const url of ['list', 'create', 'get', 'delete']) {
      const r = await call(`/sys/spectrum/${url}`, { id: 1 });
      expect([r.status, r.code], url).toEqual([401, '2001']);
    }
  });

  it('lets the owner and an administrator read a spectrum; another user is told it does not exist', async () => {
    const id = await upload(alice.session);
    const own = await call<SpectrumDetail>('/sys/spectrum/get', { id }, alice.session);
    expect(own.code).toBe('1000');
    expect((await call('/sys/spectrum/get', { id }, admin)).code).toBe('1000');
    const other = await call('/sys/spectrum/get', { id }, bob.session);
    expect([other.status, other.code]).toEqual([404, '4401']);
    expect((await call('/sys/spectrum/delete', { id }, bob.session)).code).toBe('4401');
    const bobs = await call<SpectrumListData>('/sys/spectrum/list', {}, bob.session);
    expect(bobs.data.list.map((s) => s.id)).not.toContain(id);
    const alices = await call<SpectrumListData>('/sys/spectrum/list', {}, alice.session);
    expect(alices.data.list.map((s) => s.id)).toContain(id);
    // still there after the refused delete
    expect((await call('/sys/spectrum/get', { id }, alice.session)).code).toBe('1000');
  });

  it('lets the owner and an administrator delete', async () => {
    const a = await upload(alice.session, 'a');
    const b = await upload(alice.session, 'b');
    expect((await call('/sys/spectrum/delete', { id: a }, alice.session)).code).toBe('1000');
    expect((await call('/sys/spectrum/delete', { id: b }, admin)).code).toBe('1000');
    for (const id of [a, b]) expect((await call('/sys/spectrum/get', { id }, alice.session)).code).toBe('4401');
  });
});

describe('spectrum upload', () => {
  it('keeps the file in nm and W m^-2 nm^-1: AM1.5G uploaded in um and mW cm^-2 nm^-1 integrates to 1000.37 W/m^2', async () => {
    const id = await upload(bob.session, 'AM1.5G 复制');
    const d = (await call<SpectrumDetail>('/sys/spectrum/get', { id }, bob.session)).data;
    expect(d.points).toBe(am15gRows.length);
    expect(d.fromNm).toBeCloseTo(280, 9);
    expect(d.toNm).toBeCloseTo(4000, 9);
    expect(d.wavelengthNm[1]).toBeCloseTo(280.5, 9);
    expect(d.irradianceWm2Nm[400]).toBeCloseTo(am15gRows[400]![1], 12);
    // ASTM G173-03 global tilt: 1000.37 W/m^2 over 280-4000 nm
    expect(d.powerWm2).toBeCloseTo(1000.37, 1);
    expect(d.sourceUnits).toBe('um, mW_cm2_nm');
  });

  it('answers every problem with its line, in Chinese by default and in English on request, and stores nothing', async () => {
    const before = (await call<SpectrumListData>('/sys/spectrum/list', {}, alice.session)).data.list.length;
    const bad = ['wl,E', '400,1', '410,2', '405,1', '420,-1', '430,x'].join('\n');
    const body = { name: '坏文件', text: bad, wavelengthUnit: 'nm', irradianceUnit: 'W_m2_nm' };
    const zh = await call('/sys/spectrum/create', body, alice.session);
    expect([zh.status, zh.code]).toEqual([400, '4402']);
    expect(zh.msg).toContain('第 4 行：波长 405 nm 不大于上一行的 410 nm');
    expect(zh.msg).toContain('第 5 行：辐照度 -1 不能为负数');
    expect(zh.msg).toContain('第 6 行不是数字');
    expect(zh.msg).toContain('至少需要 10 个');
    const en = await call('/sys/spectrum/create', body, alice.session, 'en');
    expect(en.msg).toContain('line 4: wavelength 405 nm is not greater than 410 nm');
    const after = (await call<SpectrumListData>('/sys/spectrum/list', {}, alice.session)).data.list.length;
    expect(after).toBe(before);
  });

  it('refuses unknown units and a blank name through the schema and the service', async () => {
    const r = await call(
      '/sys/spectrum/create',
      { name: 'x', text: am15gUm, wavelengthUnit: 'mm', irradianceUnit: 'W_m2_nm' },
      alice.session,
    );
    expect(r.status).toBe(400);
    const blank = await call(
      '/sys/spectrum/create',
      { name: '   ', text: am15gUm, wavelengthUnit: 'um', irradianceUnit: 'mW_cm2_nm' },
      alice.session,
    );
    expect(blank.code).toBe('4402');
  });

  it('keeps at most 50 spectra per user', async () => {
    const carol = await registerUser(t.app);
    const small = Array.from({ length: 10 }, (_, i) => `${400 + i * 10},1`).join('\n');
    for (let i = 0; i < 50; i++) {
      const r = await call(
        '/sys/spectrum/create',
        { name: `s${i}`, text: small, wavelengthUnit: 'nm', irradianceUnit: 'W_m2_nm' },
        carol.session,
      );
      expect(r.code, r.msg).toBe('1000');
    }
    const r = await call(
      '/sys/spectrum/create',
      { name: 's50', text: small, wavelengthUnit: 'nm', irradianceUnit: 'W_m2_nm' },
      carol.session,
    );
    expect([r.status, r.code]).toEqual([409, '4403']);
  });
});

describe('a calculation with a library spectrum', () => {
  it('runs the optics with it only when it covers the calculation range, saying why not in the caller language', async () => {
    const id = await upload(alice.session, '窄谱灯');
    const d = (await call<SpectrumDetail>('/sys/spectrum/get', { id }, alice.session)).data;
    const device = JSON.parse(
      readFileSync(new URL('../../../../assets/devices/perovskite-pin-optical.device.json', import.meta.url), 'utf8'),
    );
    const spectrum = {
      kind: 'tabulated',
      name: d.name,
      wavelengthNm: d.wavelengthNm,
      irradianceWm2Nm: d.irradianceWm2Nm,
    };
    const ok = await call<{ id: number }>(
      '/sys/calc/opt',
      { device: { ...device, illumination: { ...device.illumination, spectrum } }, name: 'lamp' },
      alice.session,
    );
    expect(ok.code, ok.msg).toBe('1000');
    // the same spectrum cut to 400-800 nm cannot light a 300-850 nm calculation
    const keep = d.wavelengthNm.map((l, i) => [l, d.irradianceWm2Nm[i]!]).filter(([l]) => l! >= 400 && l! <= 800);
    const cut = { ...spectrum, wavelengthNm: keep.map((r) => r[0]!), irradianceWm2Nm: keep.map((r) => r[1]!) };
    const bad = await call(
      '/sys/calc/opt',
      {
        device: {
          ...device,
          illumination: { ...device.illumination, spectrum: cut, wavelength: { startNm: 300, endNm: 850, stepNm: 5 } },
        },
        name: 'cut',
      },
      alice.session,
    );
    expect([bad.status, bad.code]).toEqual([400, '4105']);
    expect(bad.msg).toContain('光谱覆盖 400–800 nm，不能覆盖计算波长范围 300–850 nm');
  });
});
