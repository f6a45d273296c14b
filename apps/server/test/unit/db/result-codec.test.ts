import { gzipSync } from 'node:zlib';
import { simulateSdm } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { packResult, unpackResult } from '../../../src/db/result-codec.js';

describe('stored results', () => {
  it('come back exactly, NaN and infinities included, which JSON would lose', () => {
    const result = {
      kind: 'test',
      V: Array.from({ length: 100 }, (_, i) => i * 0.01 + 1e-17),
      nested: { J: [1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.25, 1e-300, -1e300, 0, 3] },
      short: [1, 2, 3],
      mixed: [1, 'a', null, 2, 3, 4, 5, 6, 7],
      rows: [
        [1, 2, 3, 4, 5, 6, 7, 8],
        [9, 10, 11, 12, 13, 14, 15, 16],
      ],
      empty: [],
      flag: true,
      none: null,
    };
    const back = unpackResult(packResult(result).blob) as typeof result;
    expect(back.V).toEqual(result.V);
    expect(back.nested.J[1]).toBeNaN();
    expect(back.nested.J[2]).toBe(Number.POSITIVE_INFINITY);
    expect(back.nested.J.filter((_, i) => i !== 1)).toEqual(result.nested.J.filter((_, i) => i !== 1));
    expect({ ...back, V: 0, nested: 0 }).toEqual({ ...result, V: 0, nested: 0 });
  });

  it('store typed arrays as arrays (JSON would make them objects keyed "0", "1", ...)', () => {
    const x = Float64Array.from({ length: 50 }, (_, i) => Math.sin(i));
    const back = unpackResult(packResult({ x }).blob) as { x: number[] };
    expect(back.x).toEqual(Array.from(x));
  });

  it('read the earlier format (gzip of plain JSON)', () => {
    const old = gzipSync(Buffer.from(JSON.stringify({ a: [1, 2, 3], b: 'x' })));
    expect(unpackResult(old)).toEqual({ a: [1, 2, 3], b: 'x' });
    expect(unpackResult(null)).toBeNull();
  });

  it('are smaller than gzipped JSON for an engine result', () => {
    const voltageV = Array.from({ length: 2000 }, (_, i) => i * 0.0005);
    const curve = simulateSdm(
      { jphMaCm2: 22.3, j0MaCm2: 3e-11, n: 1.4, rsOhmCm2: 2, rshOhmCm2: 4000, tK: 300 },
      voltageV,
    );
    const packed = packResult(curve).blob.length;
    const gzJson = gzipSync(Buffer.from(JSON.stringify(curve)), { level: 6 }).length;
    expect(packed).toBeLessThan(gzJson);
    expect(unpackResult(packResult(curve).blob)).toEqual(JSON.parse(JSON.stringify(curve)));
  });
});
