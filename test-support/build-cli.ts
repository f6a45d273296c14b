import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Vitest global setup: the command-line tests spawn the built CLI (test-support/cli.ts), so it is
 * compiled here first when its sources changed since its last build (scripts/build.mjs cli, the
 * step npm install's prepare runs; a no-op of a few milliseconds when it is current).
 */
export default function setup(): void {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, '../scripts/build.mjs'), 'cli'], {
    stdio: 'inherit',
  });
  if (r.status !== 0)
    throw new Error(`building the command line failed (exit ${r.status}): node scripts/build.mjs cli`);
}
