import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsState, isCurrent, writeStamp } from '../scripts/build-stamp.mjs';

/**
 * The freshness check that lets `npm start` skip a build step and the `pvforge` bin skip its
 * compile: a stamp holds only while no input was edited, added or removed and the outputs exist.
 */
describe('build stamps', () => {
  const root = mkdtempSync(join(tmpdir(), 'pvf-stamp-'));
  mkdirSync(join(root, 'src/deep'), { recursive: true });
  mkdirSync(join(root, 'src/node_modules'), { recursive: true });
  mkdirSync(join(root, 'out'));
  writeFileSync(join(root, 'src/a.ts'), 'a');
  writeFileSync(join(root, 'src/deep/b.ts'), 'b');
  writeFileSync(join(root, 'out/main.js'), 'built');
  const step = { inputs: ['src', 'tsconfig.json'], outputs: ['out/main.js'], stamp: '.cache/step.json' };
  const stamp = () => writeStamp(root, step, inputsState(root, step.inputs));

  it('counts the files below the inputs, skipping node_modules, and a missing input as none', () => {
    writeFileSync(join(root, 'src/node_modules/dep.js'), 'x');
    expect(inputsState(root, step.inputs).files).toBe(2);
  });

  it('is stale without a stamp, current after one', () => {
    expect(isCurrent(root, step)).toBe(false);
    stamp();
    expect(isCurrent(root, step)).toBe(true);
  });

  it('is stale after an edit, an added file, a removed file or a removed output', () => {
    const cases: [string, () => void][] = [
      ['edit', () => writeFileSync(join(root, 'src/deep/b.ts'), 'b2')],
      ['add', () => writeFileSync(join(root, 'src/c.ts'), 'c')],
      ['remove', () => rmSync(join(root, 'src/c.ts'))],
      ['output', () => rmSync(join(root, 'out/main.js'))],
    ];
    for (const [what, change] of cases) {
      stamp();
      change();
      expect(isCurrent(root, step), what).toBe(false);
      writeFileSync(join(root, 'out/main.js'), 'built');
    }
  });
});
