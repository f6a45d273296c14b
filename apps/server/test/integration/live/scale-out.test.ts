import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SessionData, signRequest } from '@pvforge/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { sdmJob } from '../calc/helpers.js';
import { validRegistration } from '../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { freePort, hasRedisServer, startServer, startWorker } from '../helpers/processes.js';
import { PrivateRedis } from '../helpers/redis-server.js';
import { closeAll, connected } from './client.js';

/**
 * The scale-out deployment as processes (issue 15): two server processes and two `npm run worker`
 * processes on loopback sharing one PostgreSQL database, one Redis (a private one) and one
 * SESSION_SECRET. A user logged in through server A and connected to server B's live socket
 * submits calculations through A: every one runs (on whichever worker takes it) and B tells the
 * user of each start and end exactly once. PostgreSQL only (two processes cannot share SQLite).
 */
const pgUrl = process.env['TEST_DATABASE_URL'];

describe.runIf(pgUrl?.startsWith('postgres') === true && hasRedisServer)('two servers and two workers', () => {
  const redis = new PrivateRedis();
  let database: TestDatabase | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pvforge-scale-'));
  const processes: { kill(): Promise<void> }[] = [];
  afterAll(async () => {
    await closeAll();
    for (const p of processes) await p.kill();
    await redis.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the jobs submitted on A and tells the user connected to B once each', async () => {
    await redis.start();
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      JOB_CONCURRENCY: '1',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Migrations first (A), then the others side by side.
    const a = await startServer(portA, env);
    processes.push(a);
    const started = await Promise.all([startServer(portB, env), startWorker(env), startWorker(env)]);
    processes.push(...started);
    const b = started[0];

    const call = async <T>(base: string, url: string, body: unknown, s?: SessionData) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (s) {
        headers['x-uid'] = String(s.user_id);
        headers['x-sign'] = signRequest(s.mytoken, String(s.user_id));
      }
      const res = await fetch(`${base}/calc${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return (await res.json()) as { code: string; data: T };
    };
    const reg = await call<SessionData>(a.base, '/sys/user/reg', validRegistration());
    expect(reg.code).toBe('1000');
    const alice = reg.data;
    const onB = await connected(b.base.replace(/^http/, 'ws'), alice);

    const ids: number[] = [];
    for (let k = 0; k < 4; k++) {
      const r = await call<{ id: number }>(a.base, '/sys/calc/circle', { job: sdmJob(), name: `scale ${k}` }, alice);
      expect(r.code).toBe('1000');
      ids.push(r.data.id);
    }
    for (const id of ids) await onB.next((m) => m.act === 'finishCircle' && m.jobId === id, 45_000);
    await new Promise((r) => setTimeout(r, 500)); // room for a duplicate to arrive before counting
    for (const id of ids) {
      const acts = onB.messages.filter((m) => m.jobId === id).map((m) => m.act);
      expect(
        acts.filter((x) => x === 'fireCircle'),
        `job ${id}`,
      ).toHaveLength(1);
      expect(
        acts.filter((x) => x === 'finishCircle'),
        `job ${id}`,
      ).toHaveLength(1);
    }
    const rows = await database.db.kysely.selectFrom('calculations').select(['id', 'status']).execute();
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual(ids.map((id) => [id, 'succeeded']).sort());
  }, 120_000);
});
