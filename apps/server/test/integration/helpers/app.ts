import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { buildApp } from '../../../src/app.js';
import { type AppConfig, loadConfig } from '../../../src/config.js';
import { seed } from '../../../src/seed/seed.js';
import { TestClock } from './clock.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** argon2id at a test cost; production uses ARGON2_PRODUCTION (19 MiB, 2 passes). */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailTransport?: Transporter;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://pvforge.test',
      WEB_DIST: `${database.dataDir}/no-web-dist`,
      // tests register many users from one address; with REDIS_URL the limit is counted in the
      // shared Redis across test files and runs (registration.test.ts sets its own limit)
      REGISTRATIONS_PER_HOUR: '100000',
      ...options.env,
    }),
    argon2: TEST_ARGON2,
  };
  const clock = new TestClock();
  const app = await buildApp(config, {
    db: database.db,
    clock,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  await app.ready();
  return {
    app,
    clock,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export const ADMIN = { email: 'admin@pvforge.test', password: 'Admin12345' };

/** Seeds the platform as on first start, with a known administrator. */
export async function seedWithAdmin(t: TestApp): Promise<string[]> {
  const printed: string[] = [];
  await seed(t.app.services, { ...t.config, adminEmail: ADMIN.email, adminPassword: ADMIN.password }, (s) =>
    printed.push(s),
  );
  return printed;
}
