import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../../src/config.js';

/** The README's configuration table is what operators read: it must list every variable the server reads. */
describe('README configuration table', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
  const table = /<!-- config-table:start -->([\s\S]*?)<!-- config-table:end -->/.exec(readme)?.[1] ?? '';
  const documented = new Set([...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));

  it('documents every variable the server reads, and no other', () => {
    expect([...documented].sort()).toEqual(CONFIG_VARS.map((v) => v.name).sort());
  });
});
