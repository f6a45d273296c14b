import { randomBytes } from 'node:crypto';
import type { SessionData } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { type AppConfig, loadConfig } from '../../../src/config.js';
import { seed } from '../../../src/seed/seed.js';
import { dropRedisPrefix, sdmJob } from '../calc/helpers.js';
import { ADMIN, createTestApp, TEST_ARGON2 } from '../helpers/app.js';
import { login, post, registerUser, signed } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { closeAll, connected, quiet } from './client.js';

/**
 * Two server instances on one database and one Redis (redis://127.0.0.1:6379, as in CI): a live
 * message published on instance A reaches a user connected to instance B.
 */
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = new TestClock();
let admin: SessionData;
let alice: SessionData;
let bob: SessionData;
const savedPrefix = process.env['LIVE_CHANNEL_PREFIX'];
// The BullMQ keys of this file's two instances, apart from every other suite on the same Redis.
const queuePrefix = `pvtest-live-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  // A prefix of its own: parallel runs and other suites on the same Redis never cross.
  process.env['LIVE_CHANNEL_PREFIX'] = `pvforge-test:${randomBytes(4).toString('hex')}:`;
  database = await createTestDatabase();
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: `${database.dataDir}/no-web-dist`,
      REDIS_URL,
      // counters (registrations per address and hour, lockouts) of this run alone: the default
      // prefix kept the registrations of earlier runs on the same Redis within the hour, and the
      // fourth answered 1006
      REDIS_KEY_PREFIX: queuePrefix,
    }),
    argon2: TEST_ARGON2,
  };
  a = await buildApp(config, { db: database.db, clock, queue: { prefix: queuePrefix } });
  b = await buildApp(config, { db: database.db, clock, queue: { prefix: queuePrefix } });
  await seed(a.services, { ...config, adminEmail: ADMIN.email, adminPassword: ADMIN.password }, () => undefined);
  for (const app of [a, b]) await app.listen({ port: 0, host: '127.0.0.1' });
  admin = (await login(a, ADMIN.email, ADMIN.password)).data;
  alice = (await registerUser(a, { real_name: 'Alice' })).session;
  bob = (await registerUser(a, { real_name: 'Bob' })).session;
});
afterEach(closeAll);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
  await dropRedisPrefix(queuePrefix);
  if (savedPrefix === undefined) delete process.env['LIVE_CHANNEL_PREFIX'];
  else process.env['LIVE_CHANNEL_PREFIX'] = savedPrefix;
});

describe('live messages across instances (Redis pub/sub)', () => {
  it('tells the owner about a calculation once, whichever instance ran it and holds the socket', async () => {
    await a.services.jobs.start();
    await b.services.jobs.start();
    const onB = await connected(b, alice);
    const res = await post<{ id: number }>(
      a,
      '/calc/sys/calc/circle',
      { job: sdmJob(), name: 'once' },
      {
        headers: signed(alice, clock),
      },
    );
    expect(res.code).toBe('1000');
    const id = res.data.id;
    await onB.next((m) => m.act === 'finishCircle' && m.jobId === id, 30_000);
    // Every instance sees the BullMQ events; give a duplicate time to arrive before counting.
    await new Promise((r) => setTimeout(r, 500));
    const acts = onB.messages.filter((m) => m.jobId === id).map((m) => m.act);
    expect(acts.filter((x) => x === 'fireCircle')).toHaveLength(1);
    expect(acts.filter((x) => x === 'finishCircle')).toHaveLength(1);
  });

  it('delivers LivePublisher.toUser on A to the user connected to B, exactly once', async () => {
    const onB = await connected(b, alice);
    await quiet(100);
    a.live.toUser(alice.user_id, { act: 'fireElec', jobId: 41, kind: 'elec' });
    a.live.toUser(alice.user_id, {
      act: 'finishElec',
      jobId: 41,
      kind: 'elec',
      status: 'failed',
      msg: 'no convergence',
    });
    await onB.next((m) => m.act === 'finishElec');
    await quiet(200);
    expect(onB.messages.filter((m) => m.jobId === 41).map((m) => m.act)).toEqual(['fireElec', 'finishElec']);
    expect(a.live.connectionCount(alice.user_id)).toBe(0);
    onB.close();
    await onB.closed;
  });

  it('relays chat from a user on A to a user on B, and sees B’s users as online from A', async () => {
    const aliceOnA = await connected(a, alice);
    const bobOnB = await connected(b, bob);
    await quiet(100);
    aliceOnA.send({ act: '999', msgid: 'x1', to: bob.user_id, msg: 'hello across' });
    expect((await aliceOnA.next((m) => m.msgid === 'x1' && m.act === 'ack')).msg).toBe('ok');
    expect(await bobOnB.next((m) => m.act === '999')).toMatchObject({
      from: alice.user_id,
      nickname: 'Alice',
      msg: 'hello across',
    });

    const adminOnA = await connected(a, admin);
    adminOnA.send({ act: 'report', msgid: 'r' });
    const list = JSON.parse((await adminOnA.next((m) => m.msgid === 'r')).msg ?? '[]') as Array<{ uid: number }>;
    expect(list.map((e) => e.uid)).toEqual(expect.arrayContaining([alice.user_id, bob.user_id, admin.user_id]));

    bobOnB.close();
    await bobOnB.closed;
    await quiet(200);
    aliceOnA.send({ act: '999', msgid: 'x2', to: bob.user_id, msg: 'still there?' });
    expect((await aliceOnA.next((m) => m.msgid === 'x2')).msg).toBe('offline');
    aliceOnA.close();
    adminOnA.close();
    await Promise.all([aliceOnA.closed, adminOnA.closed]);
  });

  it('stores a message sent through the API of A and notifies the recipient on B; B shows the contact online', async () => {
    const bobOnB = await connected(b, bob);
    const aliceOnA = await connected(a, alice);
    await quiet(100);
    const sent = await post<{ delivered: boolean; message: { id: number } }>(
      a,
      '/calc/sys/chat/send',
      { to: bob.user_id, msg: '跨实例的私信', bg: '#ffe' },
      { headers: signed(alice, clock) },
    );
    expect(sent.code).toBe('1000');
    expect(sent.data.delivered).toBe(true);
    expect(await bobOnB.next((m) => m.act === '999' && m.msgid === `u${sent.data.message.id}`)).toMatchObject({
      from: alice.user_id,
      msg: '跨实例的私信',
      bg: '#ffe',
    });
    await quiet(200);
    expect(bobOnB.messages.filter((m) => m.act === '999' && m.msgid === `u${sent.data.message.id}`)).toHaveLength(1);
    // Read through B: the same database.
    const conv = await post<{ unread: number }>(b, '/calc/sys/chat/conversations', {}, { headers: signed(bob, clock) });
    expect(conv.data.unread).toBeGreaterThan(0);
    // Bob (on B) now sees Alice (on A) in his online list: they have exchanged messages.
    bobOnB.send({ act: 'report', msgid: 'rb' });
    const list = JSON.parse((await bobOnB.next((m) => m.msgid === 'rb')).msg ?? '[]') as Array<{ uid: number }>;
    expect(list.map((e) => e.uid)).toEqual([alice.user_id, bob.user_id].sort((x, y) => x - y));
    aliceOnA.close();
    bobOnB.close();
    await Promise.all([aliceOnA.closed, bobOnB.closed]);
  });

  it('kicks from A close the user’s sockets on B; logout through A closes that session’s socket on B', async () => {
    const adminOnA = await connected(a, admin);
    const bobOnB = await connected(b, bob);
    await quiet(100);
    adminOnA.send({ act: 'k', msgid: 'k', to: bob.user_id });
    await bobOnB.next((m) => m.act === 'k');
    expect((await bobOnB.closed).code).toBe(4000);

    const aliceOnB = await connected(b, alice);
    const out = await post(a, '/calc/sys/user/logout', { token: alice.mytoken }, { headers: signed(alice, clock) });
    expect(out.code).toBe('1000');
    await aliceOnB.next((m) => m.act === 'k');
    expect((await aliceOnB.closed).code).toBe(4001);
    adminOnA.close();
    await adminOnA.closed;
  });
});

describe('Redis unreachable', () => {
  it('still starts, delivers to this instance’s sockets and relays chat between them', async () => {
    // Nothing listens on port 1: every publish fails; the hub falls back to local delivery.
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const u = (await registerUser(t.app, { real_name: 'Dora' })).session;
      const c = await connected(t.app, u);
      t.app.live.toUser(u.user_id, { act: 'fireCircle', jobId: 5, kind: 'circle' });
      expect(await c.next((m) => m.act === 'fireCircle', 10_000)).toMatchObject({ jobId: 5 });
      const v = (await registerUser(t.app, { real_name: 'Eve' })).session;
      const e = await connected(t.app, v);
      c.send({ act: '999', msgid: 'd1', to: v.user_id, msg: 'local only' });
      expect((await c.next((m) => m.msgid === 'd1' && m.act === 'ack', 10_000)).msg).toBe('ok');
      expect(await e.next((m) => m.act === '999', 10_000)).toMatchObject({ msg: 'local only', nickname: 'Dora' });
    } finally {
      await t.close();
    }
  });
});
