import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/log-safety.js';

describe('redactUrl', () => {
  it('blanks secrets in query strings and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc_DEF-123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/calc/ws?tick=tok&uid=7')).toBe('/calc/ws?tick=[redacted]&uid=7');
    expect(redactUrl('/x?a=1&TOKEN=s#frag')).toBe('/x?a=1&TOKEN=[redacted]#frag');
    expect(redactUrl('/calc/sys/news/list?page=2')).toBe('/calc/sys/news/list?page=2');
    expect(redactUrl('/tokens?notatoken=1')).toBe('/tokens?notatoken=1');
  });
});
