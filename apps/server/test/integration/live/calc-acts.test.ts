import type { SessionData } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCalcApp, fixtureDevice, sdmJob } from '../calc/helpers.js';
import { registerUser, signed } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { closeAll, connect } from './client.js';

/** A calculation's acts (spec §4: fireCircle, progress, finishCircle) reach its owner's live sockets, and only theirs. */
let app: FastifyInstance;
let database: TestDatabase;
const clock = new TestClock();
let alice: SessionData;
let bob: SessionData;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildCalcApp(database, { JOB_CONCURRENCY: '1' }, {}, clock);
  await app.services.jobs.start();
  alice = (await registerUser(app)).session;
  bob = (await registerUser(app)).session;
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeAll);
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('calculation acts on the live connection', () => {
  it('tells the owner that the job started, how far it is and how it ended', async () => {
    const mine = connect(app, alice);
    const theirs = connect(app, bob);
    await mine.next((m) => m.act === 'online');
    await theirs.next((m) => m.act === 'online');

    const res = await app.inject({
      method: 'POST',
      url: '/calc/sys/calc/circle',
      payload: { job: sdmJob(), name: 'acts' },
      headers: signed(alice, clock),
    });
    const id = (res.json() as { data: { id: number } }).data.id;
    expect(res.statusCode).toBe(200);

    const fire = await mine.next((m) => m.act === 'fireCircle');
    expect(fire).toMatchObject({ jobId: id, recordId: id, kind: 'circle' });
    const done = await mine.next((m) => m.act === 'finishCircle', 30_000);
    expect(done).toMatchObject({ jobId: id, recordId: id, kind: 'circle', status: 'succeeded' });
    const acts = mine.messages.filter((m) => m.jobId === id).map((m) => m.act);
    expect(acts[0]).toBe('fireCircle');
    expect(acts.at(-1)).toBe('finishCircle');
    const percents = mine.messages.filter((m) => m.act === 'progress' && m.jobId === id).map((m) => m.percent ?? -1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    expect(theirs.messages.some((m) => m.jobId === id)).toBe(false);
  });

  it('tells the owner once when a whole parameter sweep has ended', async () => {
    const mine = connect(app, alice);
    await mine.next((m) => m.act === 'online');
    const res = await app.inject({
      method: 'POST',
      url: '/calc/sys/calc/sweep',
      payload: {
        kind: 'opt',
        device: fixtureDevice('opt'),
        parameters: [{ path: 'layers[3].thicknessNm', values: [300, 500] }],
      },
      headers: signed(alice, clock),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { id: number } }).data.id;
    const done = await mine.next((m) => m.act === 'finishOpt' && m.jobId === id, 60_000);
    expect(done).toMatchObject({ type: 'sweep', recordId: id, kind: 'opt', status: 'succeeded' });
    // Each child also reported its own end before the sweep's.
    const childEnds = mine.messages.filter((m) => m.act === 'finishOpt' && m.type !== 'sweep');
    expect(childEnds).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.messages.filter((m) => m.jobId === id && m.type === 'sweep')).toHaveLength(1);
  });
});
