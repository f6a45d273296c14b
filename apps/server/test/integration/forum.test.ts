import type {
  ForumBoardsData,
  ForumImageData,
  ForumMyPostsData,
  ForumReportsData,
  ForumThread,
  ForumThreadsData,
  MsgListData,
  SessionData,
} from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';
import { makePng, multipartFile, pngHeaderClaiming } from './helpers/png.js';

/**
 * The forum (issue 14, docs/forum.md) on the real server and database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): every route with the access matrix anonymous / author / other user /
 * administrator, sanitising, images, attachments, moderation, reports and reply notifications.
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
  alice = await registerUser(t.app, { real_name: '爱丽丝' });
  bob = await registerUser(t.app, { real_name: '鲍勃' });
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
});
afterAll(async () => {
  await t?.close();
});

async function board(forum: 'academic' | 'feedback'): Promise<number> {
  const r = await call<ForumBoardsData>('/sys/forum/boards', { forum }, alice.session);
  expect(r.code).toBe('1000');
  return r.data.list[0]!.id;
}

async function newThread(who: SessionData, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await call<{ id: number }>(
    '/sys/forum/thread/create',
    { boardId: await board('academic'), title: '钙钛矿界面复合', body: '<p>How do I model it?</p>', ...extra },
    who,
  );
  expect(r.code, r.msg).toBe('1000');
  return r.data.id;
}

async function upload(who: SessionData | undefined, file: Buffer, type = 'image/png') {
  const { payload, contentType } = multipartFile('fig.png', type, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/calc/sys/forum/image',
    headers: { 'content-type': contentType, ...(who ? signed(who, t.clock) : {}) },
    payload,
  });
  return res.json() as { code: string; msg: string; data: ForumImageData };
}

describe('forum access matrix', () => {
  it('refuses anonymous callers on every forum route except image reads', async () => {
    for (const url of [
      '/sys/forum/boards',
      '/sys/forum/threads',
      '/sys/forum/thread',
      '/sys/forum/thread/create',
      '/sys/forum/thread/update',
      '/sys/forum/thread/delete',
      '/sys/forum/reply/create',
      '/sys/forum/reply/update',
      '/sys/forum/reply/delete',
      '/sys/forum/myposts',
      '/sys/forum/report',
      '/sys/forum/image',
      '/sys/forum/moderate',
      '/sys/forum/reports',
      '/sys/forum/report/resolve',
    ]) {
      const r = await call(url, { id: 1 });
      expect([r.status, r.code], url).toEqual([401, '2001']);
    }
  });

  it('lets the author and an administrator edit and delete a thread, and refuses another user', async () => {
    const id = await newThread(alice.session);
    const edit = (who: SessionData, title: string) =>
      call('/sys/forum/thread/update', { id, title, body: '<p>edited</p>' }, who);
    t.clock.advance(1000);
    expect((await edit(bob.session, 'hijack')).code).toBe('2007');
    expect((await edit(alice.session, '作者修改')).code).toBe('1000');
    expect((await edit(admin, '管理员修改')).code).toBe('1000');
    const read = await call<ForumThread>('/sys/forum/thread', { id }, bob.session);
    expect(read.data.title).toBe('管理员修改');
    expect(read.data.edited).toBe(true);
    expect((await call('/sys/forum/thread/delete', { id }, bob.session)).code).toBe('2007');
    expect((await call('/sys/forum/thread/delete', { id }, alice.session)).code).toBe('1000');
    expect((await call('/sys/forum/thread', { id }, alice.session)).code).toBe('4601');

    const other = await newThread(alice.session);
    expect((await call('/sys/forum/thread/delete', { id: other }, admin)).code).toBe('1000');
    expect((await call('/sys/forum/thread', { id: other }, bob.session)).code).toBe('4601');
  });

  it('lets the author and an administrator edit and delete a reply, and refuses another user', async () => {
    const id = await newThread(alice.session);
    const r = await call<{ id: number }>(
      '/sys/forum/reply/create',
      { threadId: id, body: '<p>first</p>' },
      bob.session,
    );
    expect(r.code).toBe('1000');
    const edit = (who: SessionData) => call('/sys/forum/reply/update', { id: r.data.id, body: '<p>changed</p>' }, who);
    expect((await edit(alice.session)).code).toBe('2007');
    expect((await edit(bob.session)).code).toBe('1000');
    expect((await edit(admin)).code).toBe('1000');
    expect((await call('/sys/forum/reply/delete', { id: r.data.id }, alice.session)).code).toBe('2007');
    expect((await call('/sys/forum/reply/delete', { id: r.data.id }, bob.session)).code).toBe('1000');
    const after = await call<ForumThread>('/sys/forum/thread', { id }, alice.session);
    expect(after.data.replies).toHaveLength(0);
    expect(after.data.replyCount).toBe(0);
  });

  it('keeps moderation and the report queue to administrators', async () => {
    const id = await newThread(alice.session);
    for (const who of [alice.session, bob.session]) {
      expect((await call('/sys/forum/moderate', { type: 'thread', id, action: 'pin' }, who)).code).toBe('2007');
      expect((await call('/sys/forum/reports', {}, who)).code).toBe('2007');
      expect((await call('/sys/forum/report/resolve', { id: 1 }, who)).code).toBe('2007');
    }
    expect((await call('/sys/forum/moderate', { type: 'thread', id, action: 'pin' }, admin)).code).toBe('1000');
  });
});

describe('forum posts', () => {
  it('sanitises bodies on the server: scripts, handlers, foreign images and javascript: links never stored', async () => {
    const id = await newThread(alice.session, {
      body:
        '<p onclick="steal()">Hello <b>bold</b> H<sub>2</sub>O<script>alert(1)</script></p>' +
        '<img src="https://evil.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
        '<a href="https://doi.org/10.1000/x">doi</a><iframe src="https://evil.example"></iframe>',
    });
    const r = await call<ForumThread>('/sys/forum/thread', { id }, bob.session);
    const html = r.data.bodyHtml;
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<sub>2</sub>');
    expect(html).toContain('href="https://doi.org/10.1000/x"');
    expect(html).toContain('rel="nofollow noopener noreferrer"');
    for (const bad of ['script', 'onclick', 'onerror', 'evil.example', 'javascript:', 'iframe', 'alert'])
      expect(html).not.toContain(bad);
  });

  it('refuses a body that is empty after cleaning, and an unknown board', async () => {
    const boardId = await board('academic');
    const empty = await call(
      '/sys/forum/thread/create',
      { boardId, title: 'x', body: '<script>1</script>' },
      alice.session,
    );
    expect(empty.code).toBe('4605');
    const noBoard = await call('/sys/forum/thread/create', { boardId: 99999, title: 'x', body: 'y' }, alice.session);
    expect(noBoard.code).toBe('4603');
    const noTitle = await call('/sys/forum/thread/create', { boardId, body: 'y' }, alice.session);
    expect(noTitle.code).toBe('1001');
  });

  it('lists by forum and board, searches title and text, pages, and shows pinned threads first', async () => {
    const feedback = await board('feedback');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      const r = await call<{ id: number }>(
        '/sys/forum/thread/create',
        { boardId: feedback, title: `反馈 ${i}`, body: `<p>needle-${i} 50%_off</p>` },
        bob.session,
      );
      ids.push(r.data.id);
    }
    const page1 = await call<ForumThreadsData>(
      '/sys/forum/threads',
      { boardId: feedback, page: 1, size: 2 },
      alice.session,
    );
    expect(page1.data.total).toBe(5);
    expect(page1.data.list.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    const page3 = await call<ForumThreadsData>(
      '/sys/forum/threads',
      { boardId: feedback, page: 3, size: 2 },
      alice.session,
    );
    expect(page3.data.list.map((x) => x.id)).toEqual([ids[0]]);
    const found = await call<ForumThreadsData>(
      '/sys/forum/threads',
      { forum: 'feedback', search: 'NEEDLE-2' },
      alice.session,
    );
    expect(found.data.list.map((x) => x.id)).toEqual([ids[2]]);
    // LIKE wildcards in the search text are literal.
    const literal = await call<ForumThreadsData>(
      '/sys/forum/threads',
      { forum: 'feedback', search: '0%_o' },
      alice.session,
    );
    expect(literal.data.total).toBe(5);
    const none = await call<ForumThreadsData>(
      '/sys/forum/threads',
      { forum: 'feedback', search: '1%f' },
      alice.session,
    );
    expect(none.data.total).toBe(0);
    const academic = await call<ForumThreadsData>('/sys/forum/threads', { forum: 'academic' }, alice.session);
    expect(academic.data.list.every((x) => x.forum === 'academic')).toBe(true);

    expect((await call('/sys/forum/moderate', { type: 'thread', id: ids[0], action: 'pin' }, admin)).code).toBe('1000');
    const pinned = await call<ForumThreadsData>('/sys/forum/threads', { boardId: feedback }, alice.session);
    expect(pinned.data.list[0]).toMatchObject({ id: ids[0], pinned: true });
  });

  it('numbers reply floors, quotes, and tells the thread author and the quoted author by message and live act', async () => {
    const id = await newThread(alice.session, { title: '通知测试' });
    const live: Array<{ userId: number; act: string; link?: string }> = [];
    const original = t.app.live.toUser.bind(t.app.live);
    t.app.live.toUser = (userId, message) => {
      live.push({ userId, act: message.act, ...(message.link ? { link: message.link } : {}) });
      original(userId, message);
    };
    try {
      const unreadBefore = (await call<MsgListData>('/sys/msg/list', {}, alice.session)).data.unread;
      const first = await call<{ id: number }>(
        '/sys/forum/reply/create',
        { threadId: id, body: 'bob says hi' },
        bob.session,
      );
      const second = await call<{ id: number }>(
        '/sys/forum/reply/create',
        { threadId: id, body: 'quoting bob', quoteId: first.data.id },
        admin,
      );
      expect(second.code).toBe('1000');
      // Replying in one's own thread tells nobody.
      await call('/sys/forum/reply/create', { threadId: id, body: 'thanks' }, alice.session);

      const msgs = await call<MsgListData>('/sys/msg/list', {}, alice.session);
      expect(msgs.data.unread).toBe(unreadBefore + 2);
      expect(msgs.data.list[0]).toMatchObject({ kind: 'forum-reply', link: `/plat/bbs/detail/${id}`, read: false });
      expect(msgs.data.list[0]!.title).toContain('通知测试');
      const bobMsgs = await call<MsgListData>('/sys/msg/list', {}, bob.session);
      expect(bobMsgs.data.list[0]).toMatchObject({ kind: 'forum-quote' });
      const aliceId = Number(alice.session.user_id);
      expect(live.filter((l) => l.userId === aliceId && l.act === 'newMsg')).toHaveLength(2);
      expect(live.find((l) => l.userId === aliceId)?.link).toBe(`/plat/bbs/detail/${id}`);

      const thread = await call<ForumThread>('/sys/forum/thread', { id }, bob.session);
      expect(thread.data.replies.map((r) => r.floor)).toEqual([1, 2, 3]);
      expect(thread.data.replies[1]!.quote).toMatchObject({ id: first.data.id, floor: 1, excerpt: 'bob says hi' });
      expect(thread.data.replyCount).toBe(3);
      const paged = await call<ForumThread>('/sys/forum/thread', { id, page: 2, size: 2 }, bob.session);
      expect(paged.data.replies.map((r) => r.floor)).toEqual([3]);
      expect(paged.data.total).toBe(3);
    } finally {
      t.app.live.toUser = original;
    }
  });

  it('refuses a quote from another thread', async () => {
    const a = await newThread(alice.session);
    const b = await newThread(alice.session);
    const r = await call<{ id: number }>('/sys/forum/reply/create', { threadId: a, body: 'x' }, bob.session);
    const q = await call('/sys/forum/reply/create', { threadId: b, body: 'y', quoteId: r.data.id }, bob.session);
    expect(q.code).toBe('4602');
  });

  it('lists my threads and my replies', async () => {
    const carol = await registerUser(t.app);
    const id = await newThread(carol.session, { title: 'carol thread' });
    await call('/sys/forum/reply/create', { threadId: id, body: 'carol reply' }, carol.session);
    const threads = await call<ForumMyPostsData>('/sys/forum/myposts', { type: 'thread' }, carol.session);
    expect(threads.data.threads.map((x) => x.title)).toEqual(['carol thread']);
    const replies = await call<ForumMyPostsData>('/sys/forum/myposts', { type: 'reply' }, carol.session);
    expect(replies.data.replies).toMatchObject([{ threadId: id, excerpt: 'carol reply', threadTitle: 'carol thread' }]);
  });

  it('shows the forum nickname when one is set', async () => {
    const dave = await registerUser(t.app, { real_name: '戴夫' });
    expect((await call('/sys/user/updateUserAddon', { nickname: '光伏小白' }, dave.session)).code).toBe('1000');
    const id = await newThread(dave.session);
    const r = await call<ForumThread>('/sys/forum/thread', { id }, alice.session);
    expect(r.data.author.nickname).toBe('光伏小白');
  });
});

describe('attachments', () => {
  it('accepts only what the poster may open and shows each reader a card only when they may open it', async () => {
    const calcId = await t.app.services.calculations.insert({
      userId: Number(alice.session.user_id),
      kind: 'opt',
      name: '我的光学计算',
      priority: 0,
      parentId: null,
      input: {},
      engineVersion: 'test',
      now: t.clock.now(),
    });
    const publicDevice = await t.app.services.db.kysely
      .selectFrom('devices')
      .select(['id', 'name'])
      .where('status', '=', 'public')
      .executeTakeFirst();
    const refs = [
      { type: 'calc', id: String(calcId) },
      ...(publicDevice ? [{ type: 'device', id: publicDevice.id }] : []),
    ];
    // Bob may not attach Alice's calculation.
    const stolen = await newThreadRaw(bob.session, [{ type: 'calc', id: String(calcId) }]);
    expect(stolen.code).toBe('4607');
    const made = await newThreadRaw(alice.session, refs);
    expect(made.code).toBe('1000');

    const mine = await call<ForumThread>('/sys/forum/thread', { id: made.data.id }, alice.session);
    expect(mine.data.attachments[0]).toMatchObject({
      type: 'calc',
      id: String(calcId),
      visible: true,
      name: '我的光学计算',
      kind: 'opt',
    });
    const theirs = await call<ForumThread>('/sys/forum/thread', { id: made.data.id }, bob.session);
    expect(theirs.data.attachments[0]).toEqual({ type: 'calc', id: String(calcId), visible: false });
    if (publicDevice)
      expect(theirs.data.attachments[1]).toMatchObject({ type: 'device', visible: true, name: publicDevice.name });
    const unknownDevice = await newThreadRaw(alice.session, [{ type: 'device', id: 'f'.repeat(32) }]);
    expect(unknownDevice.code).toBe('4607');
  });
});

async function newThreadRaw(who: SessionData, attachments: unknown[]) {
  return call<{ id: number }>(
    '/sys/forum/thread/create',
    { boardId: await board('academic'), title: 'with attachments', body: 'see card', attachments },
    who,
  );
}

describe('images', () => {
  it('stores a real PNG, serves it by key, and lets posts show only forum images', async () => {
    const png = makePng(40, 30);
    const r = await upload(alice.session, png);
    expect(r.code, r.msg).toBe('1000');
    expect(r.data).toMatchObject({ width: 40, height: 30, type: 'image/png' });
    expect(r.data.url).toMatch(/^\/calc\/sys\/forum\/image\/[0-9a-f]{32}$/);
    const img = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    const id = await newThread(alice.session, { body: `<p>figure</p><img src="${r.data.url}" alt="fig">` });
    const thread = await call<ForumThread>('/sys/forum/thread', { id }, bob.session);
    expect(thread.data.bodyHtml).toContain(`src="${r.data.url}"`);
    const missing = await t.app.inject({ method: 'GET', url: `/calc/sys/forum/image/${'0'.repeat(32)}` });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses files that are not images, whatever they claim, too many pixels, and anonymous uploads', async () => {
    expect((await upload(alice.session, Buffer.from('<svg onload=alert(1)></svg>'), 'image/png')).code).toBe('4606');
    const html = await upload(alice.session, Buffer.from('<html><script>1</script></html>'), 'image/jpeg');
    expect(html.code).toBe('4606');
    const bomb = await upload(alice.session, pngHeaderClaiming(20000, 20000));
    expect(bomb.code).toBe('4606');
    expect(bomb.msg).toContain('4096');
    const big = await upload(alice.session, Buffer.concat([makePng(10, 10), Buffer.alloc(1024 * 1024 + 10)]));
    expect(big.code).toBe('4606');
    expect((await upload(undefined, makePng(4, 4))).code).toBe('2001');
  });
});

describe('moderation and reports', () => {
  it('locks a thread against replies (except administrators), hides threads and replies from others', async () => {
    const id = await newThread(alice.session);
    expect((await call('/sys/forum/moderate', { type: 'thread', id, action: 'lock' }, admin)).code).toBe('1000');
    expect((await call('/sys/forum/reply/create', { threadId: id, body: 'late' }, bob.session)).code).toBe('4604');
    expect((await call('/sys/forum/reply/create', { threadId: id, body: 'mod note' }, admin)).code).toBe('1000');
    await call('/sys/forum/moderate', { type: 'thread', id, action: 'unlock' }, admin);
    const reply = await call<{ id: number }>(
      '/sys/forum/reply/create',
      { threadId: id, body: 'rude words' },
      bob.session,
    );

    expect((await call('/sys/forum/moderate', { type: 'reply', id: reply.data.id, action: 'hide' }, admin)).code).toBe(
      '1000',
    );
    const seenByAlice = await call<ForumThread>('/sys/forum/thread', { id }, alice.session);
    const hidden = seenByAlice.data.replies.find((r) => r.id === reply.data.id)!;
    expect(hidden).toMatchObject({ hidden: true, bodyHtml: '' });
    const seenByBob = await call<ForumThread>('/sys/forum/thread', { id }, bob.session);
    expect(seenByBob.data.replies.find((r) => r.id === reply.data.id)!.bodyHtml).toContain('rude words');
    const bobMsgs = await call<MsgListData>('/sys/msg/list', {}, bob.session);
    expect(bobMsgs.data.list[0]).toMatchObject({ kind: 'forum-moderated' });

    expect((await call('/sys/forum/moderate', { type: 'thread', id, action: 'hide' }, admin)).code).toBe('1000');
    expect((await call('/sys/forum/thread', { id }, bob.session)).code).toBe('4601');
    expect((await call('/sys/forum/thread', { id }, alice.session)).data).toMatchObject({ hidden: true });
    expect((await call<ForumThread>('/sys/forum/thread', { id }, admin)).data.hidden).toBe(true);
    const list = await call<ForumThreadsData>('/sys/forum/threads', { forum: 'academic', size: 50 }, bob.session);
    expect(list.data.list.map((x) => x.id)).not.toContain(id);
    const adminList = await call<ForumThreadsData>('/sys/forum/threads', { forum: 'academic', size: 50 }, admin);
    expect(adminList.data.list.map((x) => x.id)).toContain(id);
    expect((await call('/sys/forum/moderate', { type: 'reply', id: reply.data.id, action: 'pin' }, admin)).code).toBe(
      '1001',
    );
  });

  it('takes one report per user and post, lists them for administrators, settles them when the post is hidden', async () => {
    const id = await newThread(bob.session, { title: '广告帖' });
    expect((await call('/sys/forum/report', { type: 'thread', id, reason: '广告' }, alice.session)).code).toBe('1000');
    expect((await call('/sys/forum/report', { type: 'thread', id, reason: 'again' }, alice.session)).code).toBe('4608');
    expect((await call('/sys/forum/report', { type: 'reply', id: 999999, reason: 'x' }, alice.session)).code).toBe(
      '4602',
    );
    const open = await call<ForumReportsData>('/sys/forum/reports', { status: 'open' }, admin);
    const mine = open.data.list.find((r) => r.targetId === id && r.type === 'thread')!;
    expect(mine).toMatchObject({ reason: '广告', excerpt: '广告帖', threadId: id, status: 'open' });
    await call('/sys/forum/moderate', { type: 'thread', id, action: 'hide' }, admin);
    const after = await call<ForumReportsData>('/sys/forum/reports', { status: 'resolved' }, admin);
    expect(after.data.list.find((r) => r.id === mine.id)?.status).toBe('resolved');
    expect((await call('/sys/forum/report/resolve', { id: 999999 }, admin)).code).toBe('4609');
  });
});
