import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SessionData, signRequest } from '@pvforge/contracts';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrations.js';
import type { BenchFigure } from './types.js';

/**
 * The API under load on loopback (issue 15), one server process on SQLite with the production
 * argon2id parameters and the in-process job queue running:
 *  - a mix per connection of 1 login, 8 signed reads (profile, calculation list) and 1 job
 *    submission (a trivial single-diode simulation) in every 10 requests, 20 connections, 10 s:
 *    requests per second and latency percentiles;
 *  - 1000 WebSocket connections open at once, each answering the login check (`checklogin`):
 *    time until every one is authenticated and answered, and the p99 of the answer.
 */
const USERS = 20;
const SOCKETS = 1000;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: T }).data;
}

const signed = (s: SessionData) => {
  const uid = String(s.user_id);
  return { 'x-uid': uid, 'x-sign': signRequest(s.mytoken, uid) };
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export default async function apiLoadBench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pvforge-load-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: join(dir, 'no-web'), TRUST_PROXY: 'true' });
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: join(dir, 'pvforge.sqlite') });
  await migrateToLatest(db.kysely, db.dialect);
  const app = await buildApp(config, { db });
  await app.services.jobs.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}/calc`;
  const figures: BenchFigure[] = [];
  try {
    const users: { email: string; password: string; session: SessionData }[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `load${i}@example.com`;
      const password = 'Secret123';
      const session = await post<SessionData>(
        `${base}/sys/user/reg`,
        {
          username: email,
          password,
          real_name: '压测',
          gender: 1,
          phone: '13812345678',
          enterprise: '基准',
          address: '北京',
        },
        { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      );
      users.push({ email, password, session });
    }
    const job = {
      kind: 'simulate-sdm',
      params: { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 },
      voltageV: Array.from({ length: 20 }, (_, i) => 0.06 * i),
    };
    let next = 0;
    const pick = () => users[next++ % USERS]!;
    const read = (path: string, body: unknown) => ({
      method: 'POST' as const,
      path: `/calc${path}`,
      setupRequest: (req: autocannon.Request) => {
        const u = pick();
        return {
          ...req,
          headers: { 'content-type': 'application/json', ...signed(u.session) },
          body: JSON.stringify(body),
        };
      },
    });
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 20,
      duration: 10,
      requests: [
        {
          method: 'POST',
          path: '/calc/sys/user/login',
          setupRequest: (req) => {
            const u = pick();
            return {
              ...req,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: u.email, password: u.password }),
            };
          },
        },
        read('/sys/user/getUserAddon', {}),
        read('/sys/calc/calcList', { page: 1, size: 10 }),
        read('/sys/user/getUserAddon', {}),
        read('/sys/calc/calcList', { page: 1, size: 10 }),
        read('/sys/user/getUserAddon', {}),
        read('/sys/calc/calcList', { page: 1, size: 10 }),
        read('/sys/user/getUserAddon', {}),
        read('/sys/calc/calcList', { page: 1, size: 10 }),
        read('/sys/calc/circle', { job: JSON.stringify(job), name: 'load' }),
      ],
    });
    figures.push({
      name: 'API mix (1 login : 8 signed reads : 1 job submission), 20 connections, 10 s, SQLite',
      medianMs: result.latency.p50,
      extra: {
        'requests/s': result.requests.average,
        'p99 ms': result.latency.p99,
        'max ms': result.latency.max,
        'non-2xx': result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
    });

    // 1000 sockets: 50 sessions (login is deliberately costly), 20 sockets each
    const sessions: SessionData[] = [];
    for (let i = 0; i < 50; i++) {
      const u = users[i % USERS]!;
      sessions.push(await post<SessionData>(`${base}/sys/user/login`, { username: u.email, password: u.password }));
    }
    const t0 = performance.now();
    const answered: number[] = [];
    const sockets: WebSocket[] = [];
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, k) => {
        const s = sessions[k % sessions.length]!;
        return new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/calc/ws?tick=${s.mytoken}&uid=${s.user_id}`);
          sockets.push(ws);
          let sent = 0;
          ws.on('message', (raw) => {
            const m = JSON.parse(String(raw)) as { act: string; msg?: string; msgid?: string };
            if (m.act === 'online') {
              sent = performance.now();
              ws.send(JSON.stringify({ act: 'checklogin', msg: s.mytoken, msgid: `c${k}` }));
            } else if (m.act === 'ack' && m.msgid === `c${k}`) {
              if (m.msg !== 'ok') reject(new Error(`checklogin answered ${m.msg}`));
              answered.push(performance.now() - sent);
              resolve();
            }
          });
          ws.on('error', reject);
          ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
        });
      }),
    );
    const all = performance.now() - t0;
    answered.sort((a, b) => a - b);
    for (const ws of sockets) ws.terminate();
    figures.push({
      name: `${SOCKETS} WebSocket connections at once, each answering the login check`,
      medianMs: percentile(answered, 50),
      extra: { 'all connected and answered, ms': all, 'p99 answer ms': percentile(answered, 99) },
    });
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
