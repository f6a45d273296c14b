import { describe, expect, it } from 'vitest';
import { untilDatabaseAnswers } from '../../src/db/start-retry.js';

/** A refused connection as node-postgres reports it. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function fakeTime() {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

describe('untilDatabaseAnswers (server start while PostgreSQL is away)', () => {
  it('runs the step again after 0.5, 1, 2, 4, 8 and then 15 s while the database refuses, and returns its result', async () => {
    const time = fakeTime();
    let calls = 0;
    const told: number[] = [];
    const out = await untilDatabaseAnswers(
      async () => {
        calls++;
        if (calls < 8) throw refused();
        return 'started';
      },
      { waitMs: 300_000, onRetry: (_e, attempt) => told.push(attempt), ...time },
    );
    expect(out).toBe('started');
    expect(time.waits).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect(told).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives up with the outage once the wait is spent, the last wait cut to what is left', async () => {
    const time = fakeTime();
    await expect(
      untilDatabaseAnswers(
        async () => {
          throw refused();
        },
        { waitMs: 5000, onRetry: () => undefined, ...time },
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(time.waits).toEqual([500, 1000, 2000, 1500]);
  });

  it('does not wait on a failure that is not an outage (a wrong password, a broken migration)', async () => {
    const time = fakeTime();
    const wrong = Object.assign(new Error('password authentication failed for user "pv"'), { code: '28P01' });
    await expect(
      untilDatabaseAnswers(
        async () => {
          throw wrong;
        },
        { waitMs: 60_000, onRetry: () => undefined, ...time },
      ),
    ).rejects.toBe(wrong);
    expect(time.waits).toEqual([]);
  });
});
