import path from 'node:path';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { CalculationsRepository } from './db/repositories/calculations.js';
import { BullWorkerHost } from './jobs/bullmq-queue.js';
import { MAX_PENDING_PER_USER } from './services/container.js';

/**
 * `npm run worker`: a calculation worker process for the BullMQ adapter. It needs the same
 * DATABASE_URL (PostgreSQL) and REDIS_URL as the servers and can run on any machine; it runs
 * JOB_CONCURRENCY calculations at once on worker threads and, unless FIT_RUNS_ACROSS_WORKERS is
 * false, device fits' forward runs (every process's fits') on PVFORGE_FIT_THREADS more.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // One JSON line per message, like the server's pino output (pino is Fastify's, not ours to import).
  const line = (level: string) => (objOrMsg: object | string, msg?: string) => {
    const obj = typeof objOrMsg === 'string' ? {} : objOrMsg;
    const text = typeof objOrMsg === 'string' ? objOrMsg : msg;
    const err = (obj as { err?: unknown }).err;
    process.stderr.write(
      `${JSON.stringify({ level, time: Date.now(), module: 'worker', ...obj, ...(err instanceof Error ? { err: err.message } : {}), msg: text })}\n`,
    );
  };
  const log = { info: line('info'), warn: line('warn'), error: line('error'), fatal: line('fatal') };
  if (!config.redisUrl) {
    log.fatal('REDIS_URL is not set: calculation workers take their jobs from Redis (BullMQ)');
    process.exit(1);
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'pvforge.sqlite') });
  const host = new BullWorkerHost(
    new CalculationsRepository(db.kysely),
    systemClock,
    {
      redisUrl: config.redisUrl,
      concurrency: config.jobConcurrency,
      timeLimitMs: config.jobTimeLimitMs,
      fitThreads: config.fitThreads,
      fitRunsAcrossWorkers: config.fitRunsAcrossWorkers,
      maxRunningPerUser: config.jobMaxPerUser,
      maxPendingPerUser: MAX_PENDING_PER_USER,
      lockMs: config.jobLockMs,
      prefix: config.redisKeyPrefix,
    },
    log,
  );
  await host.start();
  log.info({ concurrency: config.jobConcurrency }, 'calculation worker started');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    host
      .stop()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
