import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const repoRoot = path.join(import.meta.dirname, '..', '..', '..', '..', '..');

/** A free TCP port on loopback (closed again before it is used; fine for tests on one machine). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** True when the redis-server binary can be started (tests with a Redis of their own). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A `npm run worker` process from the TypeScript sources (as kill-restart.test.ts runs the
 * server): resolves once it logs that it has started, with its output kept for the test to read.
 */
export async function startWorker(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string; kill(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@pvforge/source', '--import', 'tsx', 'apps/server/src/worker-main.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', REGISTRATIONS_PER_HOUR: '100000', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('calculation worker started')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${out}`)));
  });
  await started;
  return {
    child,
    output: () => out,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A server process (apps/server/src/main.ts from the sources, as kill-restart.test.ts runs it) on
 * loopback at `port`: resolves once it answers HTTP.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; kill(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@pvforge/source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        // registrations from one address are counted in the shared Redis across tests
        REGISTRATIONS_PER_HOUR: '100000',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/calc/sys/stat/all`)).ok) return { child, base, kill };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill();
  throw new Error('server did not start');
}
