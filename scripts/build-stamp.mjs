// Whether a build step's output is current: plain JavaScript, because it decides whether the
// TypeScript needs compiling and so must run before any of it is.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The state of a step's inputs: how many files and the newest change among them. A file's ctime
 * moves on every write, rename or checkout (mtime can be set back by tools that keep it), so a
 * change, an added or a deleted file all show. `paths` are files or folders, relative to `root`;
 * folders are read recursively without node_modules and dist.
 * @param {string} root
 * @param {readonly string[]} paths
 * @returns {{ files: number, newestMs: number }}
 */
export function inputsState(root, paths) {
  let files = 0;
  let newestMs = 0;
  /** @param {string} path */
  const visit = (path) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return; // an optional input (a folder some checkouts lack)
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(path)) {
        if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
      }
      return;
    }
    files++;
    newestMs = Math.max(newestMs, st.mtimeMs, st.ctimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return { files, newestMs };
}

/**
 * True when the stamp was written for exactly these inputs and every output still exists.
 * @param {string} root
 * @param {{ stamp: string, inputs: readonly string[], outputs: readonly string[] }} step
 * @param {{ files: number, newestMs: number }} [state] the inputs' state, when already read
 */
export function isCurrent(root, step, state = inputsState(root, step.inputs)) {
  if (!step.outputs.every((o) => existsSync(join(root, o)))) return false;
  let stamped;
  try {
    stamped = JSON.parse(readFileSync(join(root, step.stamp), 'utf8'));
  } catch {
    return false;
  }
  return stamped.files === state.files && stamped.newestMs === state.newestMs;
}

/**
 * Records that the outputs were built from inputs in `state`, read before the build started, so a
 * file edited during the build leaves the step stale.
 * @param {string} root
 * @param {{ stamp: string }} step
 * @param {{ files: number, newestMs: number }} state
 */
export function writeStamp(root, step, state) {
  const file = join(root, step.stamp);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...state, builtAt: new Date().toISOString() })}\n`);
}
