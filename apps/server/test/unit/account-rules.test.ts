import { isStrongPassword } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { FieldError } from '../../src/http/errors.js';
import { FAQ } from '../../src/seed/faq.js';
import { NEWS } from '../../src/seed/news.js';
import { generatePassword } from '../../src/seed/seed.js';
import { checkRegistration } from '../../src/services/account-rules.js';

const valid = {
  username: ' Someone@Example.COM ',
  password: 'abc123',
  real_name: ' 王五 ',
  gender: '1',
  phone: '+86 139 0000 1111',
  enterprise: 'PV Lab',
  address: 'Hangzhou',
};

function problem(input: Record<string, unknown>): { field: string; rule: string } | undefined {
  try {
    checkRegistration({ ...valid, ...input } as typeof valid);
    return undefined;
  } catch (e) {
    if (e instanceof FieldError) return { field: e.field, rule: e.rule };
    throw e;
  }
}

describe('checkRegistration', () => {
  it('normalizes e-mail, name and phone', () => {
    expect(checkRegistration(valid)).toEqual({
      email: 'someone@example.com',
      password: 'abc123',
      real_name: '王五',
      gender: 1,
      phone: '+8613900001111',
      enterprise: 'PV Lab',
      address: 'Hangzhou',
    });
  });

  it('names the first broken rule', () => {
    expect(problem({ username: 'x@' })).toEqual({ field: 'username', rule: 'format' });
    expect(problem({ password: 'abcdef' })).toEqual({ field: 'password', rule: 'format' });
    expect(problem({ real_name: '\t ' })).toEqual({ field: 'real_name', rule: 'required' });
    expect(problem({ phone: '+44 7700 900123' })).toEqual({ field: 'phone', rule: 'format' });
    expect(problem({ address: ' ' })).toEqual({ field: 'address', rule: 'required' });
  });
});

describe('seed content', () => {
  it('has the 29 FAQ entries of the help page and at least 6 news items, all in both languages', () => {
    expect(FAQ).toHaveLength(29);
    expect(NEWS.length).toBeGreaterThanOrEqual(6);
    for (const f of FAQ) expect(f.question_zh && f.question_en && f.answer_zh && f.answer_en).toBeTruthy();
    for (const n of NEWS) expect(n.title_zh && n.title_en && n.body_zh && n.body_en).toBeTruthy();
  });

  it('generates administrator passwords that pass the rule', () => {
    for (let i = 0; i < 50; i++) expect(isStrongPassword(generatePassword())).toBe(true);
  });
});
