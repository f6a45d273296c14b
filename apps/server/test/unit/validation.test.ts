import { describe, expect, it } from 'vitest';
import { type AjvLikeError, problemFromAjv, problemMessage } from '../../src/http/validation.js';

const err = (keyword: string, instancePath: string, params: Record<string, unknown> = {}): AjvLikeError => ({
  keyword,
  instancePath,
  params,
});

describe('problemFromAjv', () => {
  it('names a missing property', () => {
    expect(problemFromAjv([err('required', '', { missingProperty: 'phone' })])).toEqual({
      field: 'phone',
      rule: 'required',
    });
  });

  it('reads maxLength as max with its limit, and an empty string as missing', () => {
    expect(problemFromAjv([err('maxLength', '/address', { limit: 100 })])).toEqual({
      field: 'address',
      rule: 'max',
      limit: 100,
    });
    expect(problemFromAjv([err('minLength', '/real_name', { limit: 1 })])).toEqual({
      field: 'real_name',
      rule: 'required',
    });
    expect(problemFromAjv([err('minLength', '/x', { limit: 6 })])).toEqual({ field: 'x', rule: 'min', limit: 6 });
  });

  it('takes the verdict of a union over its branches', () => {
    const errors = [
      err('const', '/gender', { allowedValue: 0 }),
      err('const', '/gender', { allowedValue: 1 }),
      err('type', '/gender', { type: 'string' }),
      err('anyOf', '/gender'),
    ];
    expect(problemFromAjv(errors)).toEqual({ field: 'gender', rule: 'enum' });
  });

  it('maps format, pattern and type', () => {
    expect(problemFromAjv([err('format', '/email', { format: 'email' })]).rule).toBe('format');
    expect(problemFromAjv([err('pattern', '/user_id')]).rule).toBe('format');
    expect(problemFromAjv([err('type', '/page', { type: 'integer' })])).toEqual({ field: 'page', rule: 'type' });
    expect(problemFromAjv([err('minimum', '/page', { limit: 1 })]).rule).toBe('enum');
  });

  it('joins nested paths with dots', () => {
    expect(problemFromAjv([err('required', '/device/layers', { missingProperty: 'name' })]).field).toBe(
      'device.layers.name',
    );
  });
});

describe('problemMessage', () => {
  it("uses the field's catalogued words where they exist", () => {
    expect(problemMessage({ field: 'username', rule: 'format' }, 'reg.username', 'zh-CN')).toBe(
      '请输入正确的email地址!',
    );
    expect(problemMessage({ field: 'username', rule: 'required' }, 'login.username', 'en')).toBe(
      'Please enter your account!',
    );
  });

  it('falls back to the generic rule message with the field label', () => {
    expect(problemMessage({ field: 'gender', rule: 'type' }, 'reg.gender', 'zh-CN')).toBe('性别的类型不正确');
    expect(problemMessage({ field: 'page', rule: 'max', limit: 3 }, undefined, 'en')).toBe(
      'page is at most 3 characters',
    );
  });
});
