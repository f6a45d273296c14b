import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../src/lib/route-error';

describe('telling a failed page download from other errors', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: http://x/assets/Home-abc.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (e) => {
    expect(isChunkLoadError(e)).toBe(true);
  });
  it.each([new Error('Cannot read properties of undefined'), 'oops', null, undefined, { status: 404 }])(
    'leaves %s to the generic error page',
    (e) => {
      expect(isChunkLoadError(e)).toBe(false);
    },
  );
});
