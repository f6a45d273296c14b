import { describe, expect, it } from 'vitest';
import {
  colourOf,
  parseClientMessage,
  RateBucket,
  sanitiseText,
  secondsOf,
  userIdOf,
  wordOf,
} from '../../../src/live/protocol.js';

describe('live protocol parsing', () => {
  it('accepts JSON objects with a known act and a well-formed msgid only', () => {
    expect(parseClientMessage('{"act":"999","to":3,"msgid":"a-1"}')).toMatchObject({ act: '999', msgid: 'a-1' });
    expect(parseClientMessage('{"act":101,"name":"x"}')?.act).toBe('101');
    expect(parseClientMessage('{"act":"999","msgid":"<x>"}')?.msgid).toBeUndefined();
    for (const bad of ['', 'null', '[]', '"999"', '{"act":"fireOpt"}', '{"to":1}', '{bad json']) {
      expect(parseClientMessage(bad), bad).toBeUndefined();
    }
  });

  it('reads user ids as positive safe integers', () => {
    expect([userIdOf(3), userIdOf('42'), userIdOf(' 7 ')]).toEqual([3, 42, 7]);
    for (const bad of [0, -1, 1.5, '1e3', 'abc', '', null, undefined, '99999999999999999']) {
      expect(userIdOf(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('chat sanitising', () => {
  it('keeps plain text, drops tags and control characters, caps the length in characters', () => {
    expect(sanitiseText('  <b>粗体</b> a < b and c > d\u0000\u202E ', 500)).toBe('粗体 a < b and c > d');
    expect(sanitiseText('line 1\nline 2', 500)).toBe('line 1\nline 2');
    expect(sanitiseText('😀'.repeat(10), 3)).toBe('😀😀😀');
    expect(sanitiseText('<img src=x onerror=alert(1)>', 500)).toBeUndefined();
    expect(sanitiseText(42, 500)).toBeUndefined();
  });

  it('passes colours only in forms that cannot carry anything else', () => {
    expect(['#fff', '#ff0000', '#ff000080', 'red', 'DarkBlue'].map(colourOf)).toEqual([
      '#fff',
      '#ff0000',
      '#ff000080',
      'red',
      'DarkBlue',
    ]);
    for (const bad of ['url(x)', 'red;background:url(x)', '#12', 'expression(alert(1))', 3]) {
      expect(colourOf(bad), String(bad)).toBeUndefined();
    }
  });

  it('checks kill fields', () => {
    expect(wordOf('calc')).toBe('calc');
    expect(wordOf('<x>')).toBeUndefined();
    expect([secondsOf(0), secondsOf('30'), secondsOf(-1), secondsOf(1.5), secondsOf(86_401)]).toEqual([
      0,
      30,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('rate bucket', () => {
  it('allows a burst, then the sustained rate', () => {
    const b = new RateBucket(5, 10, 0);
    const first = Array.from({ length: 12 }, () => b.take(0));
    expect(first.filter(Boolean)).toHaveLength(10);
    expect(b.take(100)).toBe(false);
    expect(b.take(200)).toBe(true);
  });
});
