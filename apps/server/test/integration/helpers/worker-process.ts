import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.join(import.meta.dirname, '..', '..', '..', '..', '..');

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
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
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
