import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_JOB_TIME_LIMIT_MS } from '@pvforge/contracts';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** undefined: SQLite file in dataDir; postgres://...: PostgreSQL. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** undefined: generated once into dataDir/session-secret. */
  sessionSecret: string | undefined;
  logLevel: string;
  webDist: string;
  trustProxy: boolean | string;
  bodyLimitBytes: number;
  argon2: Argon2Params;
  /** Calculations at once in this process (worker threads). */
  jobConcurrency: number;
  /** Wall-clock limit of one calculation, ms (a device fit gets its own budget and a margin instead). */
  jobTimeLimitMs: number;
  /**
   * Worker threads that run device fits' forward runs: one fit's own, started by its calculation
   * thread, or, with fitRunsAcrossWorkers, this process's share of every fit's runs.
   */
  fitThreads: number;
  /**
   * With Redis: a device fit's forward runs go to a queue that every worker process takes runs from
   * (on its fitThreads threads), rather than to threads of the fit's own process.
   */
  fitRunsAcrossWorkers: boolean;
  /** Calculations of one user running at once. */
  jobMaxPerUser: number;
  /** With Redis: how long a worker's hold on a job lasts unrenewed; a dead worker's job is redelivered after it, ms. */
  jobLockMs: number;
  /** Accounts one client address may register per hour. */
  registrationsPerHour: number;
  /** Prefix of the job queue's and the rate limiter's Redis keys (one per deployment sharing a Redis). */
  redisKeyPrefix: string;
  /** How long a starting server or worker waits for PostgreSQL to answer before it gives up, ms. */
  databaseStartWaitMs: number;
}

export interface ConfigVar {
  name: string;
  default: string;
  description: string;
}

/** Every environment variable the server reads; the README's configuration table is generated from this. */
export const CONFIG_VARS: readonly ConfigVar[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Address the server binds to.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Directory for the SQLite file and the generated session secret.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'Unset: SQLite file DATA_DIR/pvforge.sqlite. postgres://user@host:port/db: PostgreSQL.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'Redis for the job queue (BullMQ), e.g. redis://127.0.0.1:6379: jobs also run in `npm run worker` processes sharing the database and Redis. Unset: in-process queue.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for outgoing mail, e.g. smtp://127.0.0.1:2525. Unset: mail kept in the outbox table and logged.',
  },
  { name: 'MAIL_FROM', default: 'PVForge <no-reply@pvforge.local>', description: 'Sender of outgoing mail.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description: 'Public base address of the site, used for links in mails (password reset).',
  },
  {
    name: 'ADMIN_EMAIL',
    default: 'admin@pvforge.local',
    description: 'E-mail of the administrator created on first start.',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '(generated)',
    description: 'Password of that administrator; unset: a strong random one is generated and printed once.',
  },
  {
    name: 'SESSION_SECRET',
    default: '(generated)',
    description:
      'Secret that encrypts session tokens at rest (AES-256-GCM). Unset: generated into DATA_DIR/session-secret (mode 0600) and reused. Every instance of a cluster needs the same one.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace, silent.',
  },
  { name: 'WEB_DIST', default: 'apps/web/dist', description: 'Directory of the built web app served at /.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'Trust X-Forwarded-* headers: true, false, or a comma-separated list of proxy addresses.',
  },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', description: 'Largest accepted request body in bytes.' },
  {
    name: 'JOB_CONCURRENCY',
    default: '(cores)',
    description: 'Calculations run at once by this process (worker threads); default os.availableParallelism().',
  },
  {
    name: 'JOB_TIME_LIMIT_MS',
    default: '300000',
    description:
      'Wall-clock limit of one calculation in ms; a calculation still running then ends as nonconvergent. A device fit has its own limit instead: its time budget (options.maxSeconds, 600 s by default, at most 3600 s) plus a tenth and two minutes.',
  },
  {
    name: 'PVFORGE_FIT_THREADS',
    default: '(cores)',
    description:
      "Worker threads that run device fits' forward runs (J-V calculations). Without REDIS_URL (or with FIT_RUNS_ACROSS_WORKERS=false) one fit's own, started by its calculation thread, so two fits at once use twice as many; with REDIS_URL this process's share of every fit's runs. Default os.availableParallelism().",
  },
  {
    name: 'FIT_RUNS_ACROSS_WORKERS',
    default: 'true',
    description:
      "With REDIS_URL: a device fit's forward runs are queued in Redis and every worker process (servers and `npm run worker`) runs them on PVFORGE_FIT_THREADS threads, so one fit uses all of them; false: each fit runs on threads of the process that took it. Without REDIS_URL it has no effect.",
  },
  {
    name: 'JOB_MAX_PER_USER',
    default: '2',
    description: 'Calculations of one user running at once; the others wait in the queue.',
  },
  {
    name: 'JOB_LOCK_MS',
    default: '30000',
    description:
      'With REDIS_URL: how long a worker holds a job without renewing it (ms); a job whose worker process died runs again on another worker after about this long.',
  },
  {
    name: 'REGISTRATIONS_PER_HOUR',
    default: '20',
    description:
      'Accounts one client address may register per hour; more get 429. Counted in Redis when REDIS_URL is set (all instances together), else per instance.',
  },
  {
    name: 'DATABASE_START_WAIT_SECONDS',
    default: '300',
    description:
      'How long a starting server or worker waits for PostgreSQL (refused connections while it restarts or boots), trying again after 0.5, 1, 2, 4, 8 and then every 15 s, before it exits.',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    default: 'pvforge',
    description:
      "With REDIS_URL: prefix of the calculation queue's and the rate limits' Redis keys; give each deployment sharing a Redis its own (servers and workers of one deployment the same).",
  },
  {
    name: 'LIVE_CHANNEL_PREFIX',
    default: 'pvforge:live:',
    description:
      'Prefix of the Redis channel and keys of the live connection (with REDIS_URL); one per deployment sharing a Redis.',
  },
];

/** Production argon2id parameters (OWASP's first recommendation: 19 MiB, 2 passes, 1 lane). */
export const ARGON2_PRODUCTION: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
}

function bool(value: string | undefined, fallback: boolean, name: string): boolean {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '') return fallback;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`${name} must be true or false, got '${value}'`);
}

function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env['PORT'], 8080, 'PORT');
  const databaseUrl = blankToUndefined(env['DATABASE_URL']);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  }
  const webDist = blankToUndefined(env['WEB_DIST']);
  return {
    port,
    host: blankToUndefined(env['HOST']) ?? '0.0.0.0',
    dataDir: path.resolve(blankToUndefined(env['DATA_DIR']) ?? './data'),
    databaseUrl,
    redisUrl: blankToUndefined(env['REDIS_URL']),
    smtpUrl: blankToUndefined(env['SMTP_URL']),
    mailFrom: blankToUndefined(env['MAIL_FROM']) ?? 'PVForge <no-reply@pvforge.local>',
    publicUrl: (blankToUndefined(env['PUBLIC_URL']) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    adminEmail: blankToUndefined(env['ADMIN_EMAIL']),
    adminPassword: blankToUndefined(env['ADMIN_PASSWORD']),
    sessionSecret: blankToUndefined(env['SESSION_SECRET']),
    logLevel: blankToUndefined(env['LOG_LEVEL']) ?? 'info',
    webDist: webDist ? path.resolve(webDist) : path.join(repoRoot, 'apps/web/dist'),
    trustProxy: trustProxy(blankToUndefined(env['TRUST_PROXY'])),
    bodyLimitBytes: int(env['BODY_LIMIT_BYTES'], 1024 * 1024, 'BODY_LIMIT_BYTES'),
    argon2: ARGON2_PRODUCTION,
    jobConcurrency: int(env['JOB_CONCURRENCY'], availableParallelism(), 'JOB_CONCURRENCY'),
    jobTimeLimitMs: int(env['JOB_TIME_LIMIT_MS'], DEFAULT_JOB_TIME_LIMIT_MS, 'JOB_TIME_LIMIT_MS'),
    fitThreads: int(env['PVFORGE_FIT_THREADS'], availableParallelism(), 'PVFORGE_FIT_THREADS'),
    fitRunsAcrossWorkers: bool(env['FIT_RUNS_ACROSS_WORKERS'], true, 'FIT_RUNS_ACROSS_WORKERS'),
    jobMaxPerUser: int(env['JOB_MAX_PER_USER'], 2, 'JOB_MAX_PER_USER'),
    jobLockMs: int(env['JOB_LOCK_MS'], 30_000, 'JOB_LOCK_MS'),
    registrationsPerHour: int(env['REGISTRATIONS_PER_HOUR'], 20, 'REGISTRATIONS_PER_HOUR'),
    redisKeyPrefix: redisKeyPrefix(env['REDIS_KEY_PREFIX']),
    databaseStartWaitMs: 1000 * int(env['DATABASE_START_WAIT_SECONDS'], 300, 'DATABASE_START_WAIT_SECONDS'),
  };
}

/** A Redis key prefix: letters, digits, '-', '_' and '.', up to 40 (it starts every queue and limit key). */
function redisKeyPrefix(v: string | undefined): string {
  const p = blankToUndefined(v) ?? 'pvforge';
  if (!/^[A-Za-z0-9._-]{1,40}$/.test(p))
    throw new Error(`REDIS_KEY_PREFIX must be 1-40 letters, digits, '.', '-' or '_' (got ${JSON.stringify(p)})`);
  return p;
}

export function webDistExists(config: AppConfig): boolean {
  return existsSync(path.join(config.webDist, 'index.html'));
}
