import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAssets } from '../../../src/jobs/assets.js';
import { runCalculation, type SyncCalcKind } from '../../../src/jobs/run-calculation.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { fixtureDevice, recordEvents, sdmJob } from './helpers.js';

/**
 * One user runs three calculations at once (issue 15's stress case): an electrical, an optical and
 * a circuit job on three worker threads. Each completes, each reports its own progress, and each
 * result is the one the engine gives for that input run alone in this process: running side by
 * side mixes nothing up. The circuit result is also checked against its analytic value.
 */
describe('three calculations of one user at once', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { JOB_CONCURRENCY: '3', JOB_MAX_PER_USER: '3' } });
    await t.app.services.jobs.start();
    alice = await registerUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('completes all three with their own progress and the results each gives alone', async () => {
    const rec = recordEvents(t.app.services.jobs);
    const jobs: { kind: SyncCalcKind; route: string; body: Record<string, unknown>; input: unknown }[] = [
      { kind: 'elec', route: 'elec', body: { device: fixtureDevice('elec') }, input: fixtureDevice('elec') },
      { kind: 'opt', route: 'opt', body: { device: fixtureDevice('opt') }, input: fixtureDevice('opt') },
      { kind: 'circle', route: 'circle', body: { job: sdmJob(200) }, input: sdmJob(200) },
    ];
    const answers = await Promise.all(
      jobs.map((j) =>
        post<{ id: number }>(t.app, `/calc/sys/calc/${j.route}`, j.body, { headers: signed(alice.session, t.clock) }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(['1000', '1000', '1000']);
    const ids = answers.map((a) => a.data.id);
    const finished = await Promise.all(ids.map((id) => rec.finished(id, 90_000)));
    expect(finished.map((e) => e.type === 'finished' && e.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);

    // All three were under way together: each had started before any had finished.
    const firstFinish = rec.events.findIndex((e) => e.type === 'finished' && ids.includes(e.jobId));
    for (const id of ids)
      expect(rec.events.findIndex((e) => e.type === 'started' && e.jobId === id)).toBeLessThan(firstFinish);

    for (const [k, id] of ids.entries()) {
      const progress = rec.events.filter((e) => e.type === 'progress' && e.jobId === id);
      expect(progress.length, `progress of ${jobs[k]!.kind}`).toBeGreaterThan(0);
      const percents = progress.map((e) => (e.type === 'progress' ? e.percent : 0));
      expect([...percents].sort((x, y) => x - y)).toEqual(percents);
      const alone = runCalculation(jobs[k]!.kind, jobs[k]!.input, fileAssets, () => undefined).result;
      expect(comparable(await t.app.services.calculations.result(id)), jobs[k]!.kind).toEqual(comparable(alone));
    }
    // Single diode at V = 0: J = Jph·Rsh/(Rsh + Rs) - J0·(e^(J·Rs/(n·Vt)) - 1) ≈ 23/(1 + 3/2000).
    const circuit = (await t.app.services.calculations.result(ids[2]!)) as { curve: { jMaCm2: number[] } };
    expect(Math.abs(circuit.curve.jMaCm2[0]!)).toBeCloseTo(23 / (1 + 3 / 2000), 3);
  }, 120_000);
});

/** The result as JSON carries it (-0 and 0 alike), without the run's wall-clock time. */
function comparable(result: unknown): unknown {
  return JSON.parse(
    JSON.stringify(result, (key, value: unknown) => (key === 'elapsedMs' || key === 'elapsed_ms' ? undefined : value)),
  );
}
