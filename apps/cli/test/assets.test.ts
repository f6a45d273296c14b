import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * assets/data and assets/validation are copies of ../shared/data and ../shared/validation so that
 * a clone works alone. Where ../shared is beside the repository (developers' machines, CI), the
 * copies must be identical; a user's clone has no ../shared and checks only that the copy is whole.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const shared = join(root, '..', 'shared');
/** CI has ../shared beside the clone and sets this, so that a missing copy fails instead of skipping. */
const sharedRequired = process.env['PVFORGE_REQUIRE_SHARED'] === '1';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('shipped data and benchmark cases', () => {
  it('are present in the repository', () => {
    expect(existsSync(join(root, 'assets', 'data', 'spectra', 'am15g.csv'))).toBe(true);
    expect(existsSync(join(root, 'assets', 'data', 'nk', 'SOURCES.md'))).toBe(true);
    expect(files(join(root, 'assets', 'validation', 'cases')).length).toBeGreaterThan(20);
  });
  it.runIf(sharedRequired)('../shared is beside the repository (CI compares the copies with it)', () => {
    expect(existsSync(join(shared, 'validation')), `${shared}/validation`).toBe(true);
    expect(existsSync(join(shared, 'data')), `${shared}/data`).toBe(true);
  });
  for (const sub of ['data', 'validation']) {
    it.runIf(sharedRequired || existsSync(join(shared, sub)))(`assets/${sub} is identical to ../shared/${sub}`, () => {
      const theirs = files(join(shared, sub))
        .map((p) => relative(join(shared, sub), p))
        .sort();
      const ours = files(join(root, 'assets', sub))
        .map((p) => relative(join(root, 'assets', sub), p))
        .sort();
      expect(ours).toEqual(theirs);
      for (const rel of theirs) {
        const a = readFileSync(join(shared, sub, rel));
        const b = readFileSync(join(root, 'assets', sub, rel));
        expect(a.equals(b), rel).toBe(true);
      }
    });
  }
});
