import { SESSION } from '@pvforge/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Transporter } from 'nodemailer';
import { createPasswordHasher, type PasswordHasher } from '../auth/password.js';
import { MemoryReplayGuard, RedisReplayGuard } from '../auth/replay-guard.js';
import { resolveSessionSecret } from '../auth/session-secret.js';
import { TokenCipher } from '../auth/token-crypto.js';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { CalculationsRepository } from '../db/repositories/calculations.js';
import { ContentRepository } from '../db/repositories/content.js';
import { DevicesRepository } from '../db/repositories/devices.js';
import { LoginFailuresRepository } from '../db/repositories/login-failures.js';
import { MailOutboxRepository } from '../db/repositories/mail-outbox.js';
import { MaterialsRepository } from '../db/repositories/materials.js';
import { PasswordResetsRepository } from '../db/repositories/password-resets.js';
import { SessionsRepository } from '../db/repositories/sessions.js';
import { StatsRepository } from '../db/repositories/stats.js';
import { UsersRepository } from '../db/repositories/users.js';
import { BullMqQueue } from '../jobs/bullmq-queue.js';
import { InProcessQueue, type QueueOptions } from '../jobs/in-process-queue.js';
import type { JobQueue } from '../jobs/types.js';
import { createSmtpTransport, Mailer } from '../mail/mailer.js';
import { AccountService } from './accounts.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordResetService } from './password-reset.js';
import { SessionService } from './sessions.js';

export interface Services {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  users: UsersRepository;
  content: ContentRepository;
  stats: StatsRepository;
  devices: DevicesRepository;
  materials: MaterialsRepository;
  outbox: MailOutboxRepository;
  mailer: Mailer;
  sessions: SessionService;
  accounts: AccountService;
  resets: PasswordResetService;
  calculations: CalculationsRepository;
  jobs: JobQueue;
}

/** Calculations of one user queued or running at once; submit refuses more (code 4102). */
export const MAX_PENDING_PER_USER = 100;

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Overrides the transport built from SMTP_URL. */
  mailTransport?: Transporter | undefined;
  /** The Redis of REDIS_URL (limits, used signatures), when there is one. */
  redis?: Redis | undefined;
  /** Overrides of the queue's options (tests: fault inputs, poll interval). */
  queue?: (Partial<QueueOptions> & { prefix?: string; lockMs?: number }) | undefined;
}

/** The composition root: each service gets exactly the repositories it uses. */
export function createServices(config: AppConfig, deps: ServiceDeps): Services {
  const { db, clock } = deps;
  const k = db.kysely;
  const users = new UsersRepository(k);
  const outbox = new MailOutboxRepository(k);
  const hasher = createPasswordHasher(config.argon2);
  const cipher = new TokenCipher(resolveSessionSecret(config.sessionSecret, config.dataDir));
  const mailer = new Mailer(
    outbox,
    deps.mailTransport ?? createSmtpTransport(config.smtpUrl),
    config.mailFrom,
    deps.log.child({ module: 'mail' }),
    clock,
  );
  const replay = deps.redis
    ? new RedisReplayGuard(deps.redis, config.redisKeyPrefix, SESSION.signatureSkewMs)
    : new MemoryReplayGuard(SESSION.signatureSkewMs);
  const sessions = new SessionService(new SessionsRepository(k), users, cipher, clock, replay);
  const throttle = new LoginThrottle(new LoginFailuresRepository(k), clock);
  const calculations = new CalculationsRepository(k);
  const queueOptions: QueueOptions = {
    concurrency: config.jobConcurrency,
    timeLimitMs: config.jobTimeLimitMs,
    maxRunningPerUser: config.jobMaxPerUser,
    maxPendingPerUser: MAX_PENDING_PER_USER,
    fitThreads: config.fitThreads,
    ...deps.queue,
  };
  const jobLog = deps.log.child({ module: 'jobs' });
  // With Redis, this server runs workers too; `npm run worker` processes add more.
  const jobs: JobQueue = config.redisUrl
    ? new BullMqQueue(
        calculations,
        clock,
        {
          ...queueOptions,
          redisUrl: config.redisUrl,
          prefix: deps.queue?.prefix ?? config.redisKeyPrefix,
          lockMs: deps.queue?.lockMs ?? config.jobLockMs,
          fitRunsAcrossWorkers: config.fitRunsAcrossWorkers,
          runWorkers: true,
        },
        jobLog,
      )
    : new InProcessQueue(calculations, clock, queueOptions, jobLog);
  return {
    calculations,
    jobs,
    db,
    clock,
    hasher,
    users,
    content: new ContentRepository(k),
    stats: new StatsRepository(k),
    devices: new DevicesRepository(k),
    materials: new MaterialsRepository(k, clock),
    outbox,
    mailer,
    sessions,
    accounts: new AccountService(users, sessions, throttle, hasher, clock),
    resets: new PasswordResetService(
      new PasswordResetsRepository(k),
      users,
      sessions,
      mailer,
      hasher,
      clock,
      config.publicUrl,
    ),
  };
}
