import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A worker-thread entry file next to the calling module: the built .js, or, when the caller runs
 * from its TypeScript sources (tests, `tsx`), the .ts file loaded through tsx in each thread.
 * `callerUrl` is the caller's import.meta.url; `target` the entry's name without extension.
 */
export function threadEntry(callerUrl: string, target: string): { filename: string; execArgv: string[] } {
  const self = fileURLToPath(callerUrl);
  const ext = self.endsWith('.ts') ? '.ts' : '.js';
  const filename = join(dirname(self), `${target}${ext}`);
  if (ext === '.ts') return { filename, execArgv: ['--conditions=@pvforge/source', '--import', 'tsx'] };
  if (!existsSync(filename)) throw new Error(`worker entry missing: ${filename}`);
  return { filename, execArgv: [] };
}
