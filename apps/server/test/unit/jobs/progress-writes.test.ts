import { describe, expect, it } from 'vitest';
import { coalescedProgressWrites } from '../../../src/jobs/progress-writes.js';

/**
 * A job's progress reaches its database record at most once per interval, the latest value last
 * (issue 18: an electrical run wrote its record 60-100 times in two seconds, each write a
 * statement on the main thread the worker threads share the cores with).
 */
describe('coalesced progress writes', () => {
  it('writes the first report at once, then at most one per interval, always the latest value', async () => {
    let t = 0;
    const written: [number, string | undefined][] = [];
    const w = coalescedProgressWrites(
      async (p, d) => {
        written.push([p, d]);
      },
      50,
      () => t,
    );
    // 100 reports within 10 ms of (fake) time: the first goes out, the rest wait for the interval
    for (let i = 1; i <= 100; i++) {
      t = i / 10;
      w.push(i, `point ${i}`);
    }
    expect(written).toEqual([[1, 'point 1']]);
    t = 60;
    await new Promise((r) => setTimeout(r, 80));
    expect(written).toEqual([
      [1, 'point 1'],
      [100, 'point 100'],
    ]);
    w.stop();
  });

  it('writes nothing after stop (the job ended)', async () => {
    const written: number[] = [];
    const w = coalescedProgressWrites(async (p) => {
      written.push(p);
    }, 20);
    w.push(1, undefined);
    w.push(2, undefined);
    w.stop();
    w.push(3, undefined);
    await new Promise((r) => setTimeout(r, 40));
    expect(written).toEqual([1]);
  });

  it('a failed write is swallowed: progress is advisory and must not fail the job', async () => {
    const w = coalescedProgressWrites(() => Promise.reject(new Error('database gone')), 10);
    expect(() => w.push(1, undefined)).not.toThrow();
    await new Promise((r) => setTimeout(r, 20));
    w.stop();
  });
});
