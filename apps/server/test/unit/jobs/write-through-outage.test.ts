import { describe, expect, it } from 'vitest';
import { writeThroughOutage } from '../../../src/jobs/write-through-outage.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('writeThroughOutage', () => {
  it('tries again while the database is away and returns the write once it is back', async () => {
    let calls = 0;
    const retried: unknown[] = [];
    const out = await writeThroughOutage(
      async () => {
        calls += 1;
        if (calls < 3) throw refused();
        return 'written';
      },
      { onRetry: (e) => retried.push(e) },
    );
    expect([out, calls, retried.length]).toEqual(['written', 3, 2]);
  });

  it('throws an error that is not an outage at once', async () => {
    let calls = 0;
    const write = async () => {
      calls += 1;
      throw new Error('value too long');
    };
    await expect(writeThroughOutage(write)).rejects.toThrow('value too long');
    expect(calls).toBe(1);
  });

  it('gives up when the process is stopping, or past its time', async () => {
    let calls = 0;
    const write = async () => {
      calls += 1;
      throw refused();
    };
    await expect(writeThroughOutage(write, { stopping: () => true })).rejects.toThrow('ECONNREFUSED');
    expect(calls).toBe(1);
    await expect(writeThroughOutage(write, { giveUpMs: 500 })).rejects.toThrow('ECONNREFUSED');
    expect(calls).toBeGreaterThan(1);
  });
});
