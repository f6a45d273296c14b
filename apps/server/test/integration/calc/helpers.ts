import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceFitFree, DeviceFitJvCurve } from '@pvforge/contracts';
import { evaluateFitPoint } from '@pvforge/engine';
import { fileAssets } from '@pvforge/workers';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../../src/app.js';
import { type AppConfig, loadConfig } from '../../../src/config.js';
import type { QueueOptions } from '../../../src/jobs/in-process-queue.js';
import type { JobEvent, JobQueue } from '../../../src/jobs/types.js';
import { TEST_ARGON2 } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import type { TestDatabase } from '../helpers/database.js';
import { TcpRelay } from '../helpers/tcp-relay.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..', '..');

/** The engine's own test devices: an optical one and one with the electrical block. */
export function fixtureDevice(which: 'opt' | 'elec'): Record<string, unknown> {
  const file =
    which === 'opt'
      ? 'packages/engine/test/optics/fixtures/perovskite-pin.device.json'
      : 'packages/engine/test/device/fixtures/perovskite-pin-electrical.device.json';
  return JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as Record<string, unknown>;
}

/**
 * A device to fit in tests: the p-i-n perovskite example on a 60-point mesh without its EQE, so a
 * fit's forward run takes tens of milliseconds.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely, including into invalid shapes
export function fastFitDevice(): any {
  const d = JSON.parse(readFileSync(join(repoRoot, 'assets/devices/perovskite-pin-electrical.device.json'), 'utf8'));
  d.electrical.gridPoints = 60;
  delete d.electrical.eqe;
  return d;
}

/**
 * One light J-V of the engine for fastFitDevice at fit variables u (log10 for a log-scaled
 * parameter), with a fixed pseudo-noise of about `noise` mA/cm²: the curve a fit gets, its truth known.
 */
export function syntheticCurve(
  free: DeviceFitFree[],
  u: number[],
  voltages: number[],
  noise: number,
): DeviceFitJvCurve {
  const shell: DeviceFitJvCurve = { kind: 'jv', intensitySuns: 1, voltageV: voltages, jMaCm2: voltages.map(() => 1) };
  const clean = evaluateFitPoint({ device: fastFitDevice(), curves: [shell], free }, u, fileAssets());
  if (!clean.ok) throw new Error(`synthetic curve failed: ${clean.reason.en}`);
  // deterministic, zero-mean-ish noise of about `noise`
  const j = clean.model[0]!.map((x, i) => x + 1.7 * noise * Math.sin(12.9898 * (i + 1)));
  return { ...shell, label: '1 sun', jMaCm2: j, noiseMaCm2: noise };
}

/** A single-diode simulation: a trivial, fast circuit job. */
export function sdmJob(points = 50): Record<string, unknown> {
  return {
    kind: 'simulate-sdm',
    params: { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 },
    voltageV: Array.from({ length: points }, (_, i) => (1.2 * i) / (points - 1)),
  };
}

/** Resolves at the job's 'finished' event (listening starts before the submit, so none is missed). */
export function recordEvents(queue: JobQueue): {
  events: JobEvent[];
  finished(id: number, ms?: number): Promise<JobEvent>;
} {
  const events: JobEvent[] = [];
  const waiters = new Map<number, (e: JobEvent) => void>();
  queue.onEvent((e) => {
    events.push(e);
    if (e.type === 'finished') waiters.get(e.jobId)?.(e);
  });
  return {
    events,
    finished(id, ms = 20_000) {
      const done = events.find((e) => e.type === 'finished' && e.jobId === id);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`job ${id} did not finish in ${ms} ms`)), ms);
        waiters.set(id, (e) => {
          clearTimeout(t);
          resolve(e);
        });
      });
    },
  };
}

export async function waitUntil(check: () => Promise<boolean> | boolean, ms = 10_000, step = 20): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, step));
  }
  throw new Error('condition not met in time');
}

export async function calcCount(app: FastifyInstance): Promise<number> {
  const row = await app.services.db.kysely
    .selectFrom('calculations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A server on an existing test database with job-queue overrides (tests: fault inputs, a Redis
 * key prefix of their own). Built like helpers/app.ts createTestApp, which takes no queue options.
 */
export async function buildCalcApp(
  database: TestDatabase,
  env: Record<string, string>,
  queue: Partial<QueueOptions> & { prefix?: string; lockMs?: number },
  clock = new TestClock(),
): Promise<FastifyInstance> {
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://pvforge.test',
      WEB_DIST: `${database.dataDir}/no-web-dist`,
      // tests register many users from one address; with REDIS_URL the limit is counted in the
      // shared Redis across test files and runs (registration.test.ts sets its own limit)
      REGISTRATIONS_PER_HOUR: '100000',
      ...env,
    }),
    argon2: TEST_ARGON2,
  };
  const app = await buildApp(config, { db: database.db, clock, queue });
  await app.ready();
  return app;
}

/** A relay to the shared Redis that the test can cut and restore: Redis "stopped" without touching it. */
export class RedisRelay extends TcpRelay {
  constructor() {
    super({ host: '127.0.0.1', port: 6379 });
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}

/** Removes every key of a test's BullMQ prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis('redis://127.0.0.1:6379');
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
