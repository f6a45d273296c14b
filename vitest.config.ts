import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three test tiers whose names say what is real:
 *   unit         pure functions (engine physics, contracts, CLI parsing)
 *   integration  the real server on real SQLite (default) or PostgreSQL (TEST_DATABASE_URL),
 *                real SMTP on loopback
 *   e2e          real Chromium driving the built platform (npm run test:e2e)
 * Workspace packages resolve to their TypeScript sources through the "@pvforge/source" condition,
 * so tests never need a build.
 */
const conditions = ['@pvforge/source', 'module', 'node', 'default'];
const resolve = { conditions };
// Node tests run in Vite's server-side environment, which reads its own conditions: without these,
// workspace packages would resolve to a stale (or missing) dist/.
const ssr = { resolve: { conditions, externalConditions: conditions } };

export default defineConfig({
  resolve,
  ssr,
  test: {
    reporters: ['default', './test-support/slowest-files.ts'],
    // Vitest's default, one worker less than the cores, runs one test file at a time on two cores
    // while the main process idles and files wait on spawned processes, servers and worker threads.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'unit',
          // Pure modules: sharing the module graph across files saves most of the import time.
          isolate: false,
          // CLI tests spawn the built CLI, compiled first if stale (test-support/build-cli.ts).
          globalSetup: ['./test-support/build-cli.ts'],
          testTimeout: 60_000,
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/cli/test/**/*.test.ts',
            'apps/web/test/**/*.test.ts',
            // repository-wide rules (import circles)
            'test-support/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          // one test spawns the built CLI
          globalSetup: ['./test-support/build-cli.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Vitest's default of 1 s for expect.poll is shorter than a login (argon2id) takes on a
          // loaded 2-core CI machine; waiting longer only costs time when something is wrong.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
