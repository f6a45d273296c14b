import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount } from './helpers.js';

/**
 * Excitons and tunnelling through /sys/calc: a field the engine does not implement, a model it
 * lacks or a broken tunnel oxide is refused before anything is queued, naming the field in the
 * request's language, never run as if it were absent.
 */
const repoRoot = join(import.meta.dirname, '..', '..', '..', '..', '..');
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely, including into invalid shapes
const example = (file: string): any => JSON.parse(readFileSync(join(repoRoot, 'assets/devices', file), 'utf8'));
const bhj = () => example('organic-bhj-p3ht-pcbm-electrical.device.json');

let t: { app: FastifyInstance; clock: TestClock; database: TestDatabase };
let alice: TestUser;
const as = (u: TestUser, lang?: string) => ({
  headers: { ...signed(u.session, t.clock), ...(lang ? { 'x-lang': lang } : {}) },
});

beforeAll(async () => {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildCalcApp(database, { JOB_CONCURRENCY: '1', JOB_MAX_PER_USER: '2' }, {}, clock);
  t = { app, clock, database };
  alice = await registerUser(t.app);
});
afterAll(async () => {
  await t?.app.close();
  await t?.database.drop();
});

describe('exciton and tunnelling inputs through the calculation service', () => {
  it('refuses a field or a model the engine does not implement before queuing, naming it', async () => {
    const before = await calcCount(t.app);
    const unknown = bhj();
    unknown.layers[3].electrical.exciton = { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6 };
    const a = await post<{ errors: string[] }>(t.app, '/calc/sys/calc/elec', { device: unknown }, as(alice, 'zh-CN'));
    expect([a.status, a.code]).toEqual([400, '4105']);
    expect(a.data.errors).toEqual([
      'layers[3] "P3HT:PC61BM".electrical.exciton: unknown field, not supported by the engine',
    ]);

    const model = bhj();
    model.layers[3].electrical.ctDissociation.model = 'marcus';
    const zh = await post<{ errors: string[] }>(t.app, '/calc/sys/calc/elec', { device: model }, as(alice, 'zh-CN'));
    expect(zh.code).toBe('4105');
    expect(zh.msg).toBe('计算参数无效：P3HT:PC61BM：解离模型：不支持“marcus”（可选："onsager-braun"）');
    const en = await post(t.app, '/calc/sys/calc/elec', { device: model }, as(alice, 'en'));
    expect(en.msg).toBe(
      'Invalid calculation input: P3HT:PC61BM: dissociation model: "marcus" is not supported (supported: "onsager-braun")',
    );

    const oxide = example('silicon-topcon-electrical.device.json');
    oxide.electrical.interfaces[0].tunnelOxide.massHoleRel = 0;
    const o = await post(t.app, '/calc/sys/calc/elec', { device: oxide }, as(alice, 'en'));
    expect(o.code).toBe('4105');
    // the registry's words, after the field's place
    expect(o.msg).toBe(
      'Invalid calculation input: interface 1: Hole tunnelling mass in the oxide is 0 m₀, outside the allowed range (> 0 and ≤ 10 m₀)',
    );
    expect(await calcCount(t.app)).toBe(before);
  });
});
