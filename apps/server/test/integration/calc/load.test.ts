import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { recordEvents, sdmJob } from './helpers.js';

/** Issue 6's bounded load test: 20 users submit 200 jobs at once; all finish, none lost or duplicated. */
describe('calculation load', () => {
  let t: TestApp;
  let users: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.jobs.start();
    users = [];
    for (let i = 0; i < 20; i++) users.push(await registerUser(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs 200 jobs of 20 users submitted at once, each exactly once', async () => {
    const rec = recordEvents(t.app.services.jobs);
    const t0 = Date.now();
    const answers = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 10 }, (_, k) =>
          post<{ id: number }>(
            t.app,
            '/calc/sys/calc/circle',
            { job: sdmJob(20 + k) },
            { headers: signed(u.session, t.clock) },
          ),
        ),
      ),
    );
    expect(answers.every((a) => a.code === '1000')).toBe(true);
    const ids = answers.map((a) => a.data.id);
    expect(new Set(ids).size).toBe(200);
    const finished = await Promise.all(ids.map((id) => rec.finished(id, 60_000)));
    expect(finished.every((e) => e.type === 'finished' && e.status === 'succeeded')).toBe(true);
    // exactly one start and one finish per job
    for (const type of ['started', 'finished'] as const) {
      const seen = rec.events.filter((e) => e.type === type).map((e) => e.jobId);
      expect(seen.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    }
    const rows = await t.app.services.db.kysely
      .selectFrom('calculations')
      .select(['status', 'attempts', 'result_size'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1 && r.result_size > 0)).toBe(true);
    // per-user results belong to their owner: each user's list holds exactly their 10
    const u0 = await post<{ total: number }>(
      t.app,
      '/calc/sys/calc/circleCalcList',
      {},
      { headers: signed(users[0]!.session, t.clock) },
    );
    expect(u0.data.total).toBe(10);
    console.info(`load: 200 jobs of 20 users in ${Date.now() - t0} ms`);
  }, 90_000);
});
