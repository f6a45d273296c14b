import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './processes.js';

/**
 * A Redis server of the test's own on a free loopback port (the redis-server binary, no
 * persistence, like CI's): a test may kill and restart it without disturbing the shared Redis at
 * 6379 that other suites use at the same time.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again on the same port after a stop). */
  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      for (let i = 0; i < 200; i++) {
        if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('redis-server did not start');
    } finally {
      probe.disconnect();
    }
  }

  /** A client of it, quiet about errors once it is gone (the caller disconnects it). */
  client(): Redis {
    const c = new Redis(this.url);
    c.on('error', () => undefined);
    return c;
  }

  /** Kills it at once (SIGKILL): its data is gone, as at a crash of a Redis without persistence. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
