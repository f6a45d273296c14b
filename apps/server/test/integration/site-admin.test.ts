import type {
  AuditListData,
  Institution,
  InstitutionListData,
  Partner,
  PartnerListData,
  SessionData,
  SiteContact,
} from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { get, login, post, registerUser, signed, type TestUser } from './helpers/client.js';
import { makePng, multipartFile, pngHeaderClaiming } from './helpers/png.js';

/**
 * Institutions, partner logos and the contact fields (issue 14 and 16, docs/administration.md) on
 * the real server and database, with the access matrix anonymous / user / administrator.
 */
let t: TestApp;
let alice: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, who ? { headers: signed(who, t.clock) } : {});

async function uploadLogo(who: SessionData | undefined, id: number, file: Buffer, name = 'logo.png') {
  const { payload, contentType } = multipartFile(name, 'image/png', file, { id: String(id) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/calc/sys/admin/partner/logo',
    headers: { 'content-type': contentType, ...(who ? signed(who, t.clock) : {}) },
    payload,
  });
  return { status: res.statusCode, ...(res.json() as { code: string; msg: string; data: Partner }) };
}

const ADMIN_ROUTES = [
  '/sys/admin/institution/save',
  '/sys/admin/institution/delete',
  '/sys/admin/institution/reorder',
  '/sys/admin/partner/save',
  '/sys/admin/partner/logo',
  '/sys/admin/partner/delete',
  '/sys/admin/partner/reorder',
  '/sys/admin/contact/set',
];

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  alice = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
});
afterAll(async () => {
  await t?.close();
});

describe('access matrix', () => {
  it('lets anyone read, refuses anonymous callers (401) and users (403) every change, and lets administrators change', async () => {
    for (const url of ['/sys/site/institutions', '/sys/site/partners', '/sys/site/contact'])
      for (const who of [undefined, alice.session, admin])
        expect((await get(t.app, `/calc${url}`, who ? { headers: signed(who, t.clock) } : {})).code, url).toBe('1000');
    const body = { id: 1, ids: [1], nameZh: '某大学', kind: 'university', ...emptyContact() };
    for (const url of ADMIN_ROUTES) {
      const anon = await call(url, body);
      expect([anon.status, anon.code], `${url} anonymous`).toEqual([401, '2001']);
      const user = await call(url, body, alice.session);
      expect([user.status, user.code], `${url} user`).toEqual([403, '2007']);
    }
    expect((await uploadLogo(undefined, 1, makePng(4, 4))).code).toBe('2001');
    expect((await uploadLogo(alice.session, 1, makePng(4, 4))).code).toBe('2007');
    // Nothing was changed by the refused calls.
    expect((await get<InstitutionListData>(t.app, '/calc/sys/site/institutions')).data.list).toEqual([]);
    expect((await get<PartnerListData>(t.app, '/calc/sys/site/partners')).data.list).toEqual([]);
  });
});

function emptyContact(): SiteContact {
  return { email: '', phone: '', addressZh: '', addressEn: '', hoursZh: '', hoursEn: '' };
}

describe('institutions', () => {
  it('adds, edits, reorders and deletes, refusing duplicates, unknown ids, bad websites and stale orders', async () => {
    const add = (nameZh: string, kind = 'university', extra: Record<string, unknown> = {}) =>
      call<Institution>('/sys/admin/institution/save', { nameZh, kind, ...extra }, admin);
    const a = await add('清华大学', 'university', {
      nameEn: 'Tsinghua University',
      website: 'https://www.tsinghua.edu.cn',
    });
    expect(a.code, a.msg).toBe('1000');
    const b = await add('  中国电建研究院  ', 'institute');
    expect(b.data).toMatchObject({ nameZh: '中国电建研究院', nameEn: '', website: '', kind: 'institute' });
    const c = await add('某光伏企业', 'enterprise');
    expect([a.data.sort, b.data.sort, c.data.sort]).toEqual([1, 2, 3]);

    expect((await add('清华大学')).code).toBe('4955');
    expect((await add('  ')).code).toBe('1001');
    expect((await add('坏网址', 'other', { website: 'javascript:alert(1)' })).code).toBe('1001');
    expect((await add('坏类型', 'club')).code).toBe('1001');
    expect((await call('/sys/admin/institution/save', { id: 99999, nameZh: 'x', kind: 'other' }, admin)).code).toBe(
      '4951',
    );

    const edited = await call<Institution>(
      '/sys/admin/institution/save',
      { id: b.data.id, nameZh: '中国电建研究院', nameEn: 'PowerChina Institute', kind: 'institute' },
      admin,
    );
    expect(edited.data).toMatchObject({ id: b.data.id, nameEn: 'PowerChina Institute', sort: 2 });

    const order = [c.data.id, a.data.id, b.data.id];
    const re = await call<InstitutionListData>('/sys/admin/institution/reorder', { ids: order }, admin);
    expect(re.data.list.map((i) => i.id)).toEqual(order);
    expect((await call('/sys/admin/institution/reorder', { ids: [a.data.id, b.data.id] }, admin)).code).toBe('4954');
    expect((await call('/sys/admin/institution/reorder', { ids: [a.data.id, b.data.id, 99999] }, admin)).code).toBe(
      '4954',
    );
    const pub = await get<InstitutionListData>(t.app, '/calc/sys/site/institutions');
    expect(pub.data.list.map((i) => i.nameZh)).toEqual(['某光伏企业', '清华大学', '中国电建研究院']);

    expect((await call('/sys/admin/institution/delete', { id: c.data.id }, admin)).code).toBe('1000');
    expect((await call('/sys/admin/institution/delete', { id: c.data.id }, admin)).code).toBe('4951');
    const after = await get<InstitutionListData>(t.app, '/calc/sys/site/institutions');
    expect(after.data.list.map((i) => i.id)).toEqual([a.data.id, b.data.id]);
    // A new one goes last.
    const d = await add('上海交通大学');
    expect((await get<InstitutionListData>(t.app, '/calc/sys/site/institutions')).data.list.at(-1)?.id).toBe(d.data.id);
  });
});

describe('partners and logos', () => {
  it('uploads a logo checked by its bytes, serves it publicly, replaces it under a new key, and deletes it with the partner', async () => {
    const p = await call<Partner>(
      '/sys/admin/partner/save',
      { nameZh: '合作大学', nameEn: 'Partner University', website: 'https://example.edu' },
      admin,
    );
    expect(p.code, p.msg).toBe('1000');
    expect(p.data.logoUrl).toBeNull();

    const png = makePng(120, 40);
    const up = await uploadLogo(admin, p.data.id, png);
    expect(up.code, up.msg).toBe('1000');
    expect(up.data.logoUrl).toMatch(/^\/calc\/sys\/partner\/logo\/[0-9a-f]{32}$/);
    const img = await t.app.inject({ method: 'GET', url: up.data.logoUrl! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);

    // Refused by content, whatever the name or declared type says; the old logo stays.
    const html = await uploadLogo(admin, p.data.id, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect([html.status, html.code]).toEqual([400, '4953']);
    expect(html.msg).toContain('PNG');
    const big = await uploadLogo(admin, p.data.id, Buffer.concat([png, Buffer.alloc(600 * 1024)]));
    expect(big.code).toBe('4953');
    const huge = await uploadLogo(admin, p.data.id, pngHeaderClaiming(5000, 100));
    expect(huge.code).toBe('4953');
    expect((await uploadLogo(admin, 99999, png)).code).toBe('4952');
    const list = await get<PartnerListData>(t.app, '/calc/sys/site/partners');
    expect(list.data.list).toMatchObject([{ id: p.data.id, logoUrl: up.data.logoUrl }]);

    const second = await uploadLogo(admin, p.data.id, makePng(60, 20, [0, 90, 200]));
    expect(second.data.logoUrl).not.toBe(up.data.logoUrl);
    expect((await t.app.inject({ method: 'GET', url: up.data.logoUrl! })).statusCode).toBe(404);

    const q = await call<Partner>('/sys/admin/partner/save', { nameZh: '第二伙伴' }, admin);
    const re = await call<PartnerListData>('/sys/admin/partner/reorder', { ids: [q.data.id, p.data.id] }, admin);
    expect(re.data.list.map((x) => x.nameZh)).toEqual(['第二伙伴', '合作大学']);
    expect((await call('/sys/admin/partner/reorder', { ids: [q.data.id] }, admin)).code).toBe('4954');

    expect((await call('/sys/admin/partner/delete', { id: p.data.id }, admin)).code).toBe('1000');
    expect((await t.app.inject({ method: 'GET', url: second.data.logoUrl! })).statusCode).toBe(404);
    expect((await get<PartnerListData>(t.app, '/calc/sys/site/partners')).data.list.map((x) => x.id)).toEqual([
      q.data.id,
    ]);
    expect((await call('/sys/admin/partner/delete', { id: p.data.id }, admin)).code).toBe('4952');
  });
});

describe('contact fields', () => {
  it('are empty until set, then public; bad e-mail or phone is refused; every change is audited', async () => {
    expect((await get<SiteContact>(t.app, '/calc/sys/site/contact')).data).toEqual(emptyContact());
    const contact: SiteContact = {
      email: 'service@pvforge.example',
      phone: '+86 10-6278 0000',
      addressZh: '北京市海淀区清华园1号',
      addressEn: '1 Tsinghua Garden, Haidian, Beijing',
      hoursZh: '工作日 9:00-17:30',
      hoursEn: 'Weekdays 9:00-17:30',
    };
    const set = await call<SiteContact>('/sys/admin/contact/set', { ...contact, email: ` ${contact.email} ` }, admin);
    expect(set.code, set.msg).toBe('1001'); // spaces are not part of an address
    expect((await call<SiteContact>('/sys/admin/contact/set', contact, admin)).data).toEqual(contact);
    expect((await get<SiteContact>(t.app, '/calc/sys/site/contact')).data).toEqual(contact);
    expect((await call('/sys/admin/contact/set', { ...contact, email: 'not-an-address' }, admin)).code).toBe('1001');
    expect((await call('/sys/admin/contact/set', { ...contact, phone: '<b>1</b>' }, admin)).code).toBe('1001');
    expect((await call('/sys/admin/contact/set', { email: 'a@b.cn' }, admin)).code).toBe('1001');
    expect((await get<SiteContact>(t.app, '/calc/sys/site/contact')).data).toEqual(contact);

    const audit = await call<AuditListData>('/sys/admin/audit', { size: 100 }, admin);
    const actions = new Set(audit.data.list.map((e) => e.action));
    for (const a of [
      'site.institution-add',
      'site.institution-edit',
      'site.institution-reorder',
      'site.institution-delete',
      'site.partner-add',
      'site.partner-logo',
      'site.partner-reorder',
      'site.partner-delete',
      'site.contact',
    ])
      expect(actions, a).toContain(a);
  });
});
