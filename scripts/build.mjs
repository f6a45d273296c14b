// The platform's build as steps that each run only when their inputs changed since they last ran,
// one line per step with its time. `node scripts/build.mjs [step...] [--force]`; no step: all of
// them (npm run build, npm start); `cli` alone is the command line's build (npm install's prepare).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsState, isCurrent, writeStamp } from './build-stamp.mjs';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
// Stamps stay out of dist/: apps/web/dist is served as it is, and npm ci (which clears
// node_modules) may bring other dependencies, so everything is built again after it.
const STAMPS = 'node_modules/.cache/pvforge-build';

/** A TypeScript project's inputs: its sources, its tsconfig and package.json. @param {string} dir */
const project = (dir) => [`${dir}/src`, `${dir}/tsconfig.json`, `${dir}/package.json`];
const CLI_PROJECTS = [
  'packages/params',
  'packages/contracts',
  'packages/engine',
  'packages/interop',
  'packages/workers',
  'apps/cli',
];
const ENGINE_SOURCES = ['packages/params/src', 'packages/contracts/src', 'packages/engine/src', 'packages/interop/src'];

/**
 * @typedef {{ name: string, what: string, command: [string, ...string[]], cwd?: string,
 *   inputs: string[], outputs: string[], stamp: string, covers?: Step[] }} Step
 * `covers`: steps whose outputs this one builds too (tsc -b of everything builds the CLI), so
 * their stamps are written with it.
 */
/** @type {Step} */
const CLI = {
  name: 'cli',
  what: 'command line and its packages (tsc -b apps/cli)',
  command: [process.execPath, TSC, '-b', 'apps/cli'],
  inputs: ['tsconfig.base.json', ...CLI_PROJECTS.flatMap(project)],
  outputs: ['apps/cli/dist/main.js'],
  stamp: `${STAMPS}/cli.json`,
};

/** @type {Step} */
const SERVER = {
  name: 'server',
  what: 'server, command line and packages (tsc -b tsconfig.build.json)',
  command: [process.execPath, TSC, '-b', 'tsconfig.build.json'],
  inputs: ['tsconfig.base.json', 'tsconfig.build.json', ...[...CLI_PROJECTS, 'apps/server'].flatMap(project)],
  outputs: [
    'apps/server/dist/main.js',
    'apps/server/dist/worker-main.js',
    'apps/server/dist/paper-main.js',
    'apps/cli/dist/main.js',
  ],
  stamp: `${STAMPS}/server.json`,
  covers: [CLI],
};

/** @type {Step} */
const WEB = {
  name: 'web',
  what: 'web app (vite build)',
  command: [process.execPath, VITE, 'build', '--logLevel', 'warn'],
  cwd: 'apps/web',
  inputs: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/tsconfig.json',
    'apps/web/package.json',
    'assets',
    'package-lock.json',
    ...ENGINE_SOURCES,
  ],
  outputs: ['apps/web/dist/index.html'],
  stamp: `${STAMPS}/web.json`,
};

/** @type {Step} */
const PAPER = {
  name: 'paper',
  what: 'platform paper: every public case run, docs/physics typeset (apps/server/dist/paper-main.js)',
  command: [process.execPath, '--enable-source-maps', 'apps/server/dist/paper-main.js'],
  // the engine it runs, the cases and data it runs them on, the notes and the code that typesets them
  inputs: ['docs/physics', 'assets', 'apps/server/src', ...ENGINE_SOURCES],
  // the web build empties apps/web/dist, so a new web build brings a new paper
  outputs: [
    'apps/web/dist/downloads/pvforge-platform-paper.pdf',
    'apps/web/dist/downloads/pvforge-platform-paper.json',
  ],
  stamp: `${STAMPS}/paper.json`,
};

/** The steps by name; `npm run build` runs server, web and paper in that order. */
export const STEPS = { cli: CLI, server: SERVER, web: WEB, paper: PAPER };
/** @type {Map<string, Step>} */
const BY_NAME = new Map(Object.entries(STEPS));

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs a step when its inputs changed since its stamp (or `force`), printing what it does and how
 * long it took on `log`. The command's own output goes to `outFd` (2 keeps a command's stdout, such
 * as the CLI's JSON, clean). Returns whether it ran and its exit status (0 when current).
 * @param {Step} step
 * @param {{ force?: boolean, log?: (line: string) => void, outFd?: number }} [opts]
 */
export function runStep(step, { force = false, log = (l) => process.stdout.write(`${l}\n`), outFd = 1 } = {}) {
  const started = Date.now();
  const state = inputsState(ROOT, step.inputs);
  if (!force && isCurrent(ROOT, step, state)) {
    log(`build: ${step.name.padEnd(6)} current (${seconds(Date.now() - started)} to check)`);
    return { ran: false, status: 0 };
  }
  log(`build: ${step.name.padEnd(6)} ${step.what} ...`);
  const covered = (step.covers ?? []).map((c) => ({ c, state: inputsState(ROOT, c.inputs) }));
  const [cmd, ...args] = step.command;
  const r = spawnSync(cmd, args, { cwd: join(ROOT, step.cwd ?? '.'), stdio: ['ignore', outFd, 2] });
  const status = r.status ?? 1;
  if (status === 0) {
    writeStamp(ROOT, step, state);
    for (const { c, state: s } of covered) writeStamp(ROOT, c, s);
  }
  log(
    `build: ${step.name.padEnd(6)} ${status === 0 ? 'done' : `failed (exit ${status})`} in ${seconds(Date.now() - started)}`,
  );
  return { ran: true, status, state };
}

/**
 * The CLI's build for its launcher, npm install and the tests. tsc reports type errors with exit
 * status 2 when it emitted JavaScript anyway (1 when it skipped a project): the command line then
 * runs what it emitted, saying so, and the type check of npm test reports the errors. After a
 * status 2 the build counts as done, so the next start does not compile the same sources again.
 * @param {{ log?: (line: string) => void }} [opts]
 * @returns {boolean} whether there is a built command line to run
 */
export function buildCli({ log = (l) => process.stderr.write(`${l}\n`) } = {}) {
  const r = runStep(CLI, { outFd: 2, log });
  if (r.status === 0) return true;
  if ((r.status !== 1 && r.status !== 2) || !CLI.outputs.every((o) => existsSync(join(ROOT, o)))) return false;
  if (r.status === 2 && r.state) writeStamp(ROOT, CLI, r.state);
  log('build: cli    type errors above; the command line runs what tsc emitted (npm run typecheck lists them)');
  return true;
}

/** @param {string[]} argv */
function main(argv) {
  const force = argv.includes('--force');
  const names = argv.filter((a) => a !== '--force');
  const unknown = names.filter((n) => !BY_NAME.has(n));
  if (unknown.length > 0) {
    process.stderr.write(`build: unknown step ${unknown.join(', ')}; steps: ${[...BY_NAME.keys()].join(', ')}\n`);
    return 2;
  }
  if (names.length === 1 && names[0] === 'cli' && !force) return buildCli() ? 0 : 1;
  const started = Date.now();
  for (const step of names.length > 0 ? names.map((n) => BY_NAME.get(n) ?? CLI) : [SERVER, WEB, PAPER]) {
    if (runStep(step, { force }).status !== 0) return 1;
  }
  process.stdout.write(`build: finished in ${seconds(Date.now() - started)}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
