import { describe, expect, it } from 'vitest';
import { CODES, FIELDS, format, GENERIC_RULE_MESSAGES, LANGS, resolveLang } from '../src/index.js';

describe('the answer-code catalogue', () => {
  it('has a zh-CN and an en text for every code, and an HTTP status that agrees', () => {
    for (const [code, entry] of Object.entries(CODES)) {
      for (const lang of LANGS) expect(entry.msg[lang].length, `${code} ${lang}`).toBeGreaterThan(0);
      if (code === '1000') expect(entry.status).toBe(200);
      else expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
  });
  it('uses the spec words for the registration conflict', () => {
    expect(CODES['2008'].status).toBe(409);
    expect(CODES['2008'].msg['zh-CN']).toBe('邮箱已注册');
  });
});

describe('field messages', () => {
  it('exist in both languages', () => {
    for (const [key, spec] of Object.entries(FIELDS)) {
      for (const lang of LANGS) expect(spec.label[lang], key).toBeTruthy();
      for (const [rule, msg] of Object.entries(spec.messages)) {
        for (const lang of LANGS) expect((msg as Record<string, string>)[lang], `${key}.${rule}`).toBeTruthy();
      }
    }
    for (const msg of Object.values(GENERIC_RULE_MESSAGES))
      for (const lang of LANGS) expect(msg[lang]).toContain('{field}');
  });
  it('carry the spec §5 texts word for word', () => {
    expect(FIELDS['login.username'].messages.required['zh-CN']).toBe('请输入账号!');
    expect(FIELDS['login.username'].messages.max['zh-CN']).toBe('账号最多50个字符');
    expect(FIELDS['login.password'].messages.max['zh-CN']).toBe('密码最长32个字符');
    expect(FIELDS['reg.username'].messages.required['zh-CN']).toBe('请输入email地址!!');
    expect(FIELDS['reg.confirm'].messages.match['zh-CN']).toBe('两次输入的密码不一致!');
    expect(FIELDS['reg.agree'].messages.agree['zh-CN']).toBe('同意用户协议后方可继续注册');
  });
});

describe('language choice', () => {
  it('defaults to Chinese and honours an explicit or Accept-Language English', () => {
    expect(resolveLang()).toBe('zh-CN');
    expect(resolveLang('en')).toBe('en');
    expect(resolveLang(undefined, 'en-GB,en;q=0.9')).toBe('en');
    expect(resolveLang(undefined, 'fr-FR,zh-CN;q=0.8')).toBe('zh-CN');
    expect(resolveLang('xx', 'en-US')).toBe('en');
  });
  it('fills placeholders and leaves unknown ones', () => {
    expect(format('{a} und {b}', { a: 1 })).toBe('1 und {b}');
  });
});
