import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from '../../src/auth/session-secret.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('resolveSessionSecret', () => {
  it('prefers SESSION_SECRET and writes nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvforge-secret-'));
    dirs.push(dir);
    expect(resolveSessionSecret('configured-secret-value', dir)).toBe('configured-secret-value');
    expect(() => statSync(path.join(dir, 'session-secret'))).toThrow();
  });

  it('generates one secret into DATA_DIR with mode 0600 and reuses it', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'pvforge-secret-')), 'nested');
    dirs.push(path.dirname(dir));
    const first = resolveSessionSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'session-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveSessionSecret(undefined, dir)).toBe(first);
  });
});
