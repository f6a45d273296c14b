import type { AuditListData, NewsListData, NoticeListData, SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { get, login, post, registerUser, signed, type TestUser } from './helpers/client.js';
import { closeAll, connected } from './live/client.js';

/**
 * Notices with unread state, news administration (edit, withdraw) and the audit log (issue 14) on
 * the real server and database, with the access matrix anonymous / user / administrator.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, who ? { headers: signed(who, t.clock) } : {});

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
  // Live sockets for the notice that reaches everyone online.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await closeAll();
  await t?.close();
});

describe('access', () => {
  it('refuses anonymous callers and keeps publishing, withdrawing and the audit log to administrators', async () => {
    for (const url of [
      '/sys/notice/list',
      '/sys/notice/read',
      '/sys/notice/manage',
      '/sys/notice/save',
      '/sys/notice/withdraw',
      '/sys/news/manage',
      '/sys/news/save',
      '/sys/news/withdraw',
      '/sys/admin/audit',
    ]) {
      expect((await call(url, { id: 1 })).code, url).toBe('2001');
    }
    for (const url of [
      '/sys/notice/manage',
      '/sys/notice/save',
      '/sys/notice/withdraw',
      '/sys/news/manage',
      '/sys/news/save',
      '/sys/news/withdraw',
      '/sys/admin/audit',
    ]) {
      expect((await call(url, { id: 1, title: 'x', body: 'y' }, alice.session)).code, url).toBe('2007');
    }
  });
});

describe('notices', () => {
  it('publishes a notice every user sees unread, each user reads it for themselves, edit and withdraw', async () => {
    const pub = await call<{ id: number }>(
      '/sys/notice/save',
      { title: '系统维护通知', body: '本周六 22:00-24:00 维护。' },
      admin,
    );
    expect(pub.code).toBe('1000');
    const id = pub.data.id;
    for (const u of [alice, bob]) {
      const l = await call<NoticeListData>('/sys/notice/list', {}, u.session);
      expect(l.data.unread).toBe(1);
      expect(l.data.list[0]).toMatchObject({ id, title: '系统维护通知', read: false });
    }
    expect((await call('/sys/notice/read', { id }, alice.session)).code).toBe('1000');
    expect((await call<NoticeListData>('/sys/notice/list', {}, alice.session)).data).toMatchObject({ unread: 0 });
    expect((await call<NoticeListData>('/sys/notice/list', {}, bob.session)).data).toMatchObject({ unread: 1 });
    expect((await call('/sys/notice/read', { all: true }, bob.session)).code).toBe('1000');
    expect((await call<NoticeListData>('/sys/notice/list', {}, bob.session)).data.unread).toBe(0);
    expect((await call('/sys/notice/read', {}, bob.session)).code).toBe('4802');

    t.clock.advance(1000);
    expect(
      (await call('/sys/notice/save', { id, title: '系统维护通知（更新）', body: '改为周日。' }, admin)).code,
    ).toBe('1000');
    expect((await call<NoticeListData>('/sys/notice/list', {}, alice.session)).data.list[0]!.title).toBe(
      '系统维护通知（更新）',
    );

    expect((await call('/sys/notice/withdraw', { id }, admin)).code).toBe('1000');
    expect(
      (await call<NoticeListData>('/sys/notice/list', {}, alice.session)).data.list.map((n) => n.id),
    ).not.toContain(id);
    expect((await call('/sys/notice/read', { id }, alice.session)).code).toBe('4801');
    const manage = await call<NoticeListData>('/sys/notice/manage', {}, admin);
    expect(manage.data.list.find((n) => n.id === id)).toMatchObject({ withdrawn: true });
    expect((await call('/sys/notice/withdraw', { id: 99999 }, admin)).code).toBe('4801');
  });
});

describe('a notice reaches every user (issue 29)', () => {
  it('is announced live to everyone online, in both languages, and counted unread for the offline too', async () => {
    const carol = await registerUser(t.app);
    const [aliceLive, bobLive] = await Promise.all([connected(t.app, alice.session), connected(t.app, bob.session)]);
    const before = (await call<NoticeListData>('/sys/notice/list', {}, carol.session)).data.unread;
    const pub = await call<{ id: number }>(
      '/sys/notice/save',
      { title: '新版本上线', body: '新增 C-V 分析。', titleEn: 'New version', bodyEn: 'C-V analysis added.' },
      admin,
    );
    expect(pub.code, pub.msg).toBe('1000');
    for (const live of [aliceLive, bobLive]) {
      const m = await live.next((x) => x.act === 'newMsg' && x.type === 'notice');
      expect(m).toMatchObject({
        msgid: `n${pub.data.id}`,
        msg: '新版本上线',
        msgEn: 'New version',
        link: `/plat/msg?notice=${pub.data.id}`,
      });
    }
    // Carol was offline: she finds it unread on her next visit, with the English text beside.
    const l = await call<NoticeListData>('/sys/notice/list', {}, carol.session);
    expect(l.data.unread).toBe(before + 1);
    expect(l.data.list[0]).toMatchObject({ id: pub.data.id, titleEn: 'New version', bodyEn: 'C-V analysis added.' });

    // An English title without its text (or the reverse) is refused, naming the missing field.
    const half = await call('/sys/notice/save', { title: '标题', body: '正文', titleEn: 'Title' }, admin);
    expect(half).toMatchObject({ code: '4803' });
    expect(JSON.stringify(half)).toContain('bodyEn');
    expect((await call('/sys/notice/save', { title: '标题', body: '正文', bodyEn: 'Text' }, admin)).code).toBe('4803');
    // An ordinary user cannot publish one (nor announce anything to everyone).
    expect((await call('/sys/notice/save', { title: 'x', body: 'y' }, alice.session)).code).toBe('2007');
    expect(aliceLive.messages.filter((x) => x.type === 'notice')).toHaveLength(1);
  });
});

describe('news administration and audit log', () => {
  it('publishes, edits and withdraws news on the public site, and logs each action', async () => {
    const item = {
      kind: 'achievement',
      title_zh: '论文发表',
      title_en: 'Paper published',
      summary_zh: '摘要',
      summary_en: 'Summary',
      body_zh: '正文',
      body_en: 'Body',
      published_at: '2026-11-20',
    };
    const r = await call<{ id: number }>('/sys/news/save', item, admin);
    expect(r.code, r.msg).toBe('1000');
    const pub = await get<NewsListData>(t.app, '/calc/sys/news/list?size=100');
    expect(pub.data.list.find((n) => n.id === r.data.id)).toMatchObject({
      title_en: 'Paper published',
      kind: 'achievement',
    });
    expect((await call('/sys/news/save', { ...item, id: r.data.id, title_en: 'Paper out' }, admin)).code).toBe('1000');
    expect((await get(t.app, `/calc/sys/news/detail?id=${r.data.id}`)).data).toMatchObject({ title_en: 'Paper out' });
    expect((await call('/sys/news/withdraw', { id: r.data.id }, admin)).code).toBe('1000');
    const after = await get<NewsListData>(t.app, '/calc/sys/news/list?size=100');
    expect(after.data.list.map((n) => n.id)).not.toContain(r.data.id);
    expect((await get(t.app, `/calc/sys/news/detail?id=${r.data.id}`)).code).toBe('4004');
    expect((await call('/sys/news/save', { ...item, published_at: '20.11.2026' }, admin)).code).toBe('1001');

    const audit = await call<AuditListData>('/sys/admin/audit', { size: 100 }, admin);
    const actions = audit.data.list.map((a) => `${a.action} ${a.target}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `news.publish news:${r.data.id}`,
        `news.edit news:${r.data.id}`,
        `news.withdraw news:${r.data.id}`,
        'notice.publish notice:1',
      ]),
    );
    expect(audit.data.list[0]!.adminName).not.toBe('');
    const only = await call<AuditListData>('/sys/admin/audit', { action: 'news.withdraw' }, admin);
    expect(only.data.list.every((a) => a.action === 'news.withdraw')).toBe(true);
  });
});

describe('FAQ administration', () => {
  it('adds, edits and removes FAQ entries that /help lists, administrators only', async () => {
    const entry = {
      sort: 999,
      question_zh: '如何引用平台？',
      question_en: 'How to cite?',
      answer_zh: '见新闻页的引用说明。',
      answer_en: 'See the citation instructions.',
    };
    expect((await call('/sys/faq/save', entry)).code).toBe('2001');
    expect((await call('/sys/faq/save', entry, alice.session)).code).toBe('2007');
    expect((await call('/sys/faq/delete', { id: 1 }, alice.session)).code).toBe('2007');
    const r = await call<{ id: number }>('/sys/faq/save', entry, admin);
    expect(r.code, r.msg).toBe('1000');
    const list = async () =>
      (await get<{ list: { id: number; question_en: string }[] }>(t.app, '/calc/sys/faq/list')).data.list;
    expect((await list()).find((f) => f.id === r.data.id)?.question_en).toBe('How to cite?');
    expect(
      (await call('/sys/faq/save', { ...entry, id: r.data.id, question_en: 'How do I cite PVForge?' }, admin)).code,
    ).toBe('1000');
    expect((await list()).find((f) => f.id === r.data.id)?.question_en).toBe('How do I cite PVForge?');
    expect((await call('/sys/faq/delete', { id: r.data.id }, admin)).code).toBe('1000');
    expect((await list()).map((f) => f.id)).not.toContain(r.data.id);
    expect((await call('/sys/faq/delete', { id: r.data.id }, admin)).code).toBe('4004');
  });
});
