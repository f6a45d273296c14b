// npm run typecheck: the three TypeScript checks side by side (tsc is single-threaded, so on two
// cores they take about the time of the longest instead of their sum), each one's output printed
// whole when it ends, with its time; the exit status is non-zero when any of them fails.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

const CHECKS = [
  // the build's projects, emitting their dist/ (npm start and the CLI run it)
  { name: 'tsc -b tsconfig.build.json', args: ['-b', 'tsconfig.build.json'] },
  // tests, benches, e2e and test-support, with the sources they import
  { name: 'tsc -p tsconfig.tests.json', args: ['-p', 'tsconfig.tests.json'] },
  // the web app (its own DOM and JSX settings)
  { name: 'tsc -p apps/web/tsconfig.json', args: ['-p', 'apps/web/tsconfig.json'] },
];

/**
 * @param {{ name: string, args: string[] }} check
 * @returns {Promise<boolean>} whether it passed
 */
function run(check) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, ...check.args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString();
      if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      const s = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`typecheck: ${check.name} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${s} s\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
