import type { SessionData } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import { type Db, openDatabase } from '../../src/db/database.js';
import { fixtureDevice, recordEvents, sdmJob, waitUntil } from './calc/helpers.js';
import { TEST_ARGON2 } from './helpers/app.js';
import { type Answer, post, registerUser, signed } from './helpers/client.js';
import { TestClock } from './helpers/clock.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { TcpRelay } from './helpers/tcp-relay.js';

/**
 * PostgreSQL restarted while the server is under load (issue 15). CI runs the other PostgreSQL
 * suites against the same cluster at the same time, so the real cluster is not restarted here: the
 * server reaches its database through a loopback relay that the test cuts (every connection ends
 * mid-query, as at a restart or pg_terminate_backend, and new ones are refused, as while the
 * cluster is down) and then opens again on the same port. Requests during the outage must be
 * answered 503 with the catalogue's message, never 500, and the process must carry on; afterwards
 * requests succeed on fresh connections and no calculation is left "running".
 */
const pgUrl = process.env['TEST_DATABASE_URL'];

describe.runIf(pgUrl?.startsWith('postgres') === true)('PostgreSQL restarted under load', () => {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  const relay = new TcpRelay({ host: '127.0.0.1', port: Number(new URL(pgUrl ?? 'postgres://x').port || 5432) });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await relay.cut();
    await database?.drop();
  });

  it('answers 503 while the database is away, crashes nothing, and serves again when it returns', async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    await relay.open();
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const idleLost: Error[] = [];
    db = openDatabase({ databaseUrl: relayed.toString(), sqliteFile: '', onIdleError: (e) => idleLost.push(e) });
    const clock = new TestClock();
    const config: AppConfig = {
      ...loadConfig({
        DATA_DIR: database.dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: `${database.dataDir}/no-web-dist`,
        JOB_CONCURRENCY: '1',
      }),
      argon2: TEST_ARGON2,
    };
    app = await buildApp(config, { db, clock, queue: { pollMs: 200 } });
    await app.ready();
    await app.services.jobs.start();
    const events = recordEvents(app.services.jobs);
    const alice: SessionData = (await registerUser(app)).session;
    const a = app;

    // Load: signed reads and job submissions from four loops until told to stop.
    const answers: { phase: 'before' | 'outage' | 'after'; status: number; code: string; msg: string }[] = [];
    const submitted: number[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    let stop = false;
    const loop = async (k: number) => {
      for (let i = 0; !stop; i++) {
        const seen = phase;
        const res: Answer<{ id?: number }> =
          (k + i) % 3 === 0
            ? await post(
                a,
                '/calc/sys/calc/circle',
                { job: sdmJob(), name: `load ${k}.${i}` },
                {
                  headers: signed(alice, clock),
                },
              )
            : await post(a, '/calc/sys/calc/circleCalcList', { page: 1, size: 5 }, { headers: signed(alice, clock) });
        answers.push({ phase: seen === phase ? seen : 'outage', status: res.status, code: res.code, msg: res.msg });
        if (res.code === '1000' && typeof res.data?.id === 'number') submitted.push(res.data.id);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    await waitUntil(() => answers.filter((x) => x.code === '1000').length >= 20, 20_000);

    // An electrical run (about a second) is under way when the database goes and ends during the
    // outage: its result must be written once the database is back, not lost with the job "running".
    const elec = await post<{ id: number }>(
      a,
      '/calc/sys/calc/elec',
      { device: fixtureDevice('elec'), name: 'across the outage' },
      { headers: signed(alice, clock) },
    );
    expect(elec.code).toBe('1000');
    // Cut late in the run: the outage lasts only the rest of it.
    await waitUntil(
      () => events.events.some((e) => e.type === 'progress' && e.jobId === elec.data.id && e.percent >= 60),
      45_000,
    );

    phase = 'outage';
    await relay.cut();
    // Away until the run has its outcome (its last progress message comes just before) and has
    // tried to write it.
    let outcomeAt = 0;
    await waitUntil(() => {
      if (!outcomeAt && events.events.some((e) => e.type === 'progress' && e.jobId === elec.data.id && e.percent >= 95))
        outcomeAt = Date.now();
      return answers.filter((x) => x.phase === 'outage').length >= 20 && outcomeAt > 0 && Date.now() - outcomeAt > 500;
    }, 30_000);
    expect(events.events.some((e) => e.type === 'finished' && e.jobId === elec.data.id)).toBe(false);
    await relay.open(); // same port: the pool's next connections reach the database again
    phase = 'after';
    await waitUntil(() => answers.filter((x) => x.phase === 'after' && x.code === '1000').length >= 10, 30_000, 50);
    stop = true;
    await Promise.all(loops);

    // Never an internal error; every refusal during the outage is the catalogue's 503.
    expect(answers.filter((x) => x.status >= 500 && x.code !== '5001')).toEqual([]);
    const outage = answers.filter((x) => x.phase === 'outage');
    expect(outage.some((x) => x.code === '5001')).toBe(true);
    for (const x of outage.filter((y) => y.code !== '1000'))
      expect([x.status, x.code, x.msg]).toEqual([503, '5001', '服务暂不可用']);
    // served again: once the first request after the outage succeeds, no answer is an outage's (a
    // full queue's 4102 is the server's own answer to a user who submitted too much, not an outage)
    const after = answers.filter((x) => x.phase === 'after');
    const back = after.findIndex((x) => x.code === '1000');
    expect(back).toBeGreaterThanOrEqual(0);
    expect(after.slice(back).filter((x) => x.status >= 500)).toEqual([]);

    // Every acknowledged job ends (a result written during the outage is written once it is back).
    await waitUntil(
      async () => {
        const open = await database!.db.kysely
          .selectFrom('calculations')
          .select('id')
          .where('status', 'in', ['queued', 'running'])
          .execute();
        return open.length === 0;
      },
      30_000,
      200,
    );
    expect(await events.finished(elec.data.id, 30_000)).toMatchObject({ status: 'succeeded' });
    const rows = await database.db.kysely
      .selectFrom('calculations')
      .select(['id', 'status'])
      .where('id', 'in', submitted)
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...submitted].sort());
    expect(rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
  }, 60_000);
});
