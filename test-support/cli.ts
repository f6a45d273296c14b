import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The repository's root: the CLI runs from there, as the README's commands do. */
export const repoRoot = join(import.meta.dirname, '..');

/**
 * The built command line that the `pvforge` bin runs (apps/cli/bin/pvforge.js imports it after
 * its freshness check); test-support/build-cli.ts brings it up to date once before the tests.
 * Spawning it directly keeps each call at Node's own start-up time, and a source edited while the
 * tests run cannot make every later call compile again.
 */
export const builtCli = join(repoRoot, 'apps/cli/dist/main.js');

/** `pvforge ...args` as a process of its own: exit code, stdout and stderr. */
export function runCli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [builtCli, ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
