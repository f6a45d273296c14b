import type { CalcListData } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, sdmJob } from './helpers.js';

/**
 * The calculation lists sort and search over the whole list (not one page), with the sort key
 * whitelisted and the search text taken literally. Jobs are only queued (the queue is not started),
 * which is all a list needs.
 */
let app: FastifyInstance;
let database: TestDatabase;
const clock = new TestClock();
let alice: TestUser;
let bob: TestUser;
const as = (u: TestUser) => ({ headers: signed(u.session, clock) });
const list = (body: Record<string, unknown>, u = alice) =>
  post<CalcListData>(app, '/calc/sys/calc/circleCalcList', { size: 2, ...body }, as(u));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildCalcApp(database, { JOB_MAX_PER_USER: '100' }, {}, clock);
  alice = await registerUser(app);
  bob = await registerUser(app);
  for (const name of ['beta 50%', 'alpha', 'gamma_x', 'Delta']) {
    clock.advance(1000);
    expect((await post(app, '/calc/sys/calc/circle', { job: sdmJob(), name }, as(alice))).code).toBe('1000');
  }
  await post(app, '/calc/sys/calc/circle', { job: sdmJob(), name: 'alpha of bob' }, as(bob));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('calculation list sort and search', () => {
  it('sorts by name across pages, both ways', async () => {
    const p1 = await list({ sort: 'name', order: 'asc', page: 1 });
    const p2 = await list({ sort: 'name', order: 'asc', page: 2 });
    expect(p1.data.total).toBe(4);
    const names = [...p1.data.list, ...p2.data.list].map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(4);
    const desc = await list({ sort: 'name', order: 'desc', size: 4 });
    expect(desc.data.list.map((r) => r.name)).toEqual([...names].reverse());
  });

  it('defaults to newest first and sorts oldest first on request', async () => {
    expect((await list({ size: 4 })).data.list.map((r) => r.name)).toEqual(['Delta', 'gamma_x', 'alpha', 'beta 50%']);
    expect((await list({ size: 4, sort: 'created', order: 'asc' })).data.list[0]!.name).toBe('beta 50%');
  });

  it('searches names case-insensitively, with % and _ taken literally, and only among the caller’s own', async () => {
    expect((await list({ search: 'ALPHA', size: 10 })).data.list.map((r) => r.name)).toEqual(['alpha']);
    expect((await list({ search: '50%', size: 10 })).data.list.map((r) => r.name)).toEqual(['beta 50%']);
    expect((await list({ search: '_', size: 10 })).data.list.map((r) => r.name)).toEqual(['gamma_x']);
    expect((await list({ search: '%', size: 10 })).data.total).toBe(1);
  });

  it('refuses a sort key that is not on the list', async () => {
    const res = await list({ sort: 'user_id; drop table calculations' });
    expect(res.status).toBe(400);
    expect((await list({ size: 10 })).data.total).toBe(4);
  });
});
