import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the built platform (apps/server/dist/main.js serving apps/web/dist) as a user would
 * after `npm start`: its own process, a fresh SQLite data folder, mail through the given SMTP port.
 */
export const repoRoot = join(import.meta.dirname, '..', '..');
export const ADMIN = { email: 'admin@e2e.pvforge.test', password: 'E2eAdmin2026' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface Platform {
  url: string;
  dataDir: string;
  log: string[];
  stop(): Promise<void>;
}

export async function startPlatform(smtpPort: number): Promise<Platform> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pvforge-e2e-'));
  mkdirSync(dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // every browser test registers its users from 127.0.0.1
      REGISTRATIONS_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/calc/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`platform exited with ${child.exitCode}:\n${log.join('')}`);
    if (Date.now() > deadline) throw new Error(`platform did not start within 60 s:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    dataDir,
    log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
