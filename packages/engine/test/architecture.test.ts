import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of the circuit, losses and spectra code, read from the sources: circuit is below
 * losses (the loss analysis evaluates circuit models, never the reverse), the job runner sits
 * above both, and spectra are parsed and integrated in one place.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '../src');
const files = (dir: string): string[] =>
  readdirSync(join(src, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
const text = (f: string) => readFileSync(join(src, f), 'utf8');
const imports = (f: string) => [...text(f).matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('engine layering', () => {
  it('circuit imports neither losses nor the job runner', () => {
    for (const f of files('circuit')) {
      const bad = imports(f).filter((p) => /\/(losses|jobs)\//.test(p));
      expect(bad, f).toEqual([]);
    }
  });

  it('losses has its own public entry, exported from the package index and not through circuit', () => {
    expect(text('index.ts')).toMatch(/export \* from '\.\/losses\/index\.js'/);
    expect(text('circuit/index.ts')).not.toMatch(/from '\.\.\/losses/);
  });

  it('one spectrum parser and one spectrum type: losses reads spectra through the spectra module', () => {
    for (const f of files('.')) {
      expect(text(f), f).not.toMatch(/parseIrradianceCsv|SpectralIrradiance/);
    }
    expect(files('losses').map((f) => relative('losses', f))).not.toContain('spectrum.ts');
  });

  it('one trapezoid rule: no hand-written trapezoid sums in spectra, losses or the optical generation weights', () => {
    const trapezoidLoop = /0\.5 \* \([^)]*\+[^)]*\) \* \(|\/ 2;\s*\n\s*w\[i\] = w\[i\]!? \+ h/;
    for (const f of [...files('spectra'), ...files('losses'), 'optics/profile.ts']) {
      expect(text(f), f).not.toMatch(trapezoidLoop);
    }
    expect(text('optics/profile.ts')).toMatch(/trapezoidWeights\(/);
  });
});
