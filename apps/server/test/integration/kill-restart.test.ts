/**
 * kill -9 of the real server process during a burst of job submissions (issue 15): after a restart
 * on the same DATA_DIR every acknowledged job ends (none lost, none left "running"), each has one
 * record with one result, and the server answers as before. SQLite and the in-process queue, the
 * single-machine deployment; the PostgreSQL + Redis variant is bullmq.test.ts's restart case.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SessionData, signRequest } from '@pvforge/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { sdmJob } from './calc/helpers.js';
import { validRegistration } from './helpers/client.js';
import { freePort, startServer } from './helpers/processes.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pvforge-kill-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  WEB_DIST: path.join(dataDir, 'no-web'),
};
const start = async (port: number) => (await startServer(port, env)).child;

async function call<T>(port: number, url: string, body: unknown, s?: SessionData) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (s) {
    headers['x-uid'] = String(s.user_id);
    headers['x-sign'] = signRequest(s.mytoken, String(s.user_id));
  }
  const res = await fetch(`http://127.0.0.1:${port}/calc${url}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: T };
}

describe('kill -9 during a burst of submissions', () => {
  it('loses no acknowledged job, leaves none running, and runs each into one result', async () => {
    const port = await freePort();
    server = await start(port);
    const reg = await call<SessionData>(port, '/sys/user/reg', validRegistration());
    expect(reg.code).toBe('1000');
    const session = reg.data;

    const acknowledged: number[] = [];
    const burst = Array.from(
      { length: 30 },
      (_, k) =>
        call<{ id: number }>(
          port,
          '/sys/calc/circle',
          { job: JSON.stringify(sdmJob(4000)), name: `burst ${k}` },
          session,
        )
          .then((a) => {
            if (a.code === '1000') acknowledged.push(a.data.id);
          })
          .catch(() => undefined), // the connection dies with the server: not acknowledged
    );
    // kill while submissions are still arriving and the first jobs run
    while (acknowledged.length < 8) await new Promise((r) => setTimeout(r, 5));
    server.kill('SIGKILL');
    await Promise.all(burst);
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);

    server = await start(port);
    const deadline = Date.now() + 120_000;
    const statuses = new Map<number, string>();
    for (const id of acknowledged) {
      for (;;) {
        const a = await call<{ record: { status: string } }>(port, '/sys/calc/calcData', { id }, session);
        expect(a.code, `job ${id}`).toBe('1000');
        const s = a.data.record.status;
        if (s !== 'queued' && s !== 'running') {
          statuses.set(id, s);
          break;
        }
        if (Date.now() > deadline) throw new Error(`job ${id} still ${s} two minutes after the restart`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    // every acknowledged job ran to a result (an interrupted one is retried once)
    expect(
      [...statuses.values()].every((s) => s === 'succeeded'),
      JSON.stringify([...statuses]),
    ).toBe(true);
    // one record per acknowledged submission: nothing duplicated by the retry
    const list = await call<{ total: number; list: { id: number }[] }>(
      port,
      '/sys/calc/circleCalcList',
      { page: 1, size: 100 },
      session,
    );
    expect(list.code).toBe('1000');
    const ids = list.data.list.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of acknowledged) expect(ids).toContain(id);
    server.kill('SIGKILL');
    server = undefined;
  }, 300_000);
});
