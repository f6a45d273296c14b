import path from 'node:path';
import { SESSION } from '@pvforge/contracts';
import { buildApp } from './app.js';
import { holdServerLock } from './backup/server-lock.js';
import { loadConfig } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import { outagePart } from './db/outage.js';
import { untilDatabaseAnswers } from './db/start-retry.js';
import { seed } from './seed/seed.js';

/** Starts the platform: configuration, migrations, first-start seeding, then listening. */
async function main(): Promise<void> {
  const config = loadConfig();
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  // the SQLite deployment's data directory is this process's while it runs (a restore waits for it)
  let releaseLock = () => {};
  try {
    db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'pvforge.sqlite') });
    if (!config.databaseUrl) releaseLock = holdServerLock(config.dataDir);
    app = await buildApp(config, { db });
  } catch (err) {
    // Before the logger exists: DATA_DIR read-only or full is the usual cause, so say which folder.
    const why = err instanceof Error ? err.message : String(err);
    const part =
      outagePart(err) === 'storage'
        ? `DATA_DIR (${config.dataDir}) cannot be written (read-only or full); it holds the SQLite database and the session secret`
        : 'start failed';
    process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: `${part}: ${why}` })}\n`);
    process.exit(1);
  }
  try {
    // PostgreSQL restarting or not yet up is waited for (db/start-retry.ts); each step may run again
    await untilDatabaseAnswers(
      async () => {
        const applied = await migrateToLatest(db.kysely, db.dialect);
        if (applied.length > 0) app.log.info({ applied }, 'database migrated');
        await seed(app.services, config, (text) => process.stdout.write(text));
        await app.services.sessions.purgeEnded(SESSION.rememberTtlMs);
        // After the migrations: recovery of interrupted jobs reads the calculations table.
        try {
          await app.services.jobs.start();
        } catch (err) {
          await app.services.jobs.stop().catch(() => undefined);
          throw err;
        }
      },
      {
        waitMs: config.databaseStartWaitMs,
        onRetry: (err, attempt, delayMs) =>
          app.log.warn(
            { err, attempt, retryInMs: delayMs },
            'the database does not answer at start (restarting or not yet up): trying again',
          ),
      },
    );
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal(
      { err },
      outagePart(err) === 'storage'
        ? `start failed: DATA_DIR (${config.dataDir}) cannot be written (read-only or full)`
        : 'start failed',
    );
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    releaseLock();
    process.exit(1);
  }
  process.on('exit', () => releaseLock());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
