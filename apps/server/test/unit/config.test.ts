import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ARGON2_PRODUCTION, CONFIG_VARS, loadConfig } from '../../src/config.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('config', () => {
  it('has safe defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.bodyLimitBytes).toBe(1024 * 1024);
    expect(c.trustProxy).toBe(false);
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(c.argon2).toEqual(ARGON2_PRODUCTION);
    expect(ARGON2_PRODUCTION.memoryCost).toBeGreaterThanOrEqual(19_456);
  });

  it('reads the variables and refuses nonsense', () => {
    const c = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://pv.example/',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://x@h/db',
    });
    expect(c.port).toBe(9000);
    expect(c.publicUrl).toBe('https://pv.example');
    expect(c.trustProxy).toBe(true);
    expect(c.databaseUrl).toBe('postgres://x@h/db');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(loadConfig({}).redisKeyPrefix).toBe('pvforge');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'lab-b' }).redisKeyPrefix).toBe('lab-b');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b:*' })).toThrow(/REDIS_KEY_PREFIX/);
    // a fit's runs go across the worker processes unless switched off in so many words
    expect(loadConfig({}).fitRunsAcrossWorkers).toBe(true);
    expect(loadConfig({ FIT_RUNS_ACROSS_WORKERS: 'false' }).fitRunsAcrossWorkers).toBe(false);
    expect(loadConfig({ FIT_RUNS_ACROSS_WORKERS: '0' }).fitRunsAcrossWorkers).toBe(false);
    expect(loadConfig({ FIT_RUNS_ACROSS_WORKERS: 'TRUE' }).fitRunsAcrossWorkers).toBe(true);
    expect(() => loadConfig({ FIT_RUNS_ACROSS_WORKERS: 'no' })).toThrow(/FIT_RUNS_ACROSS_WORKERS/);
  });

  it('documents every environment variable the server reads in CONFIG_VARS', () => {
    const read = new Set<string>();
    for (const file of sources(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/env\['([A-Z_]+)'\]/g)) if (m[1]) read.add(m[1]);
    }
    const documented = CONFIG_VARS.map((v) => v.name);
    for (const name of read) expect(documented).toContain(name);
    for (const name of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'SESSION_SECRET',
      'LOG_LEVEL',
      'WEB_DIST',
      'TRUST_PROXY',
      'BODY_LIMIT_BYTES',
    ]) {
      expect(documented).toContain(name);
    }
  });
});
