import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';

function leaves(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [k2, v2] of leaves(v, key)) out.set(k2, v2);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('UI translations', () => {
  const zh = leaves(zhCN);
  const enLeaves = leaves(en);

  it('has every zh-CN key in English and no extra English keys', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('has no empty text in either language', () => {
    for (const [k, v] of [...zh, ...enLeaves]) expect(v.trim(), k).not.toBe('');
  });

  it('uses the same {{placeholders}} in both languages', () => {
    for (const [k, v] of zh) expect(placeholders(enLeaves.get(k) ?? ''), k).toEqual(placeholders(v));
  });

  it('keeps the spec’s outcome messages word for word (spec §8)', () => {
    expect(zhCN.login.failed).toBe('登录失败:{{msg}}');
    expect(zhCN.login.network).toBe('登录失败，请检查网络');
    expect(zhCN.login.invalid).toBe('登录失败，请检查输入项');
    expect(zhCN.register.duplicate).toBe('注册失败：邮箱已注册');
    expect(zhCN.register.success).toBe('注册成功！');
    expect(zhCN.forgot.success).toBe('已给您的邮箱发送密码重置邮件，请注意查收！');
    expect(zhCN.forgot.failed).toBe('请检查您输入的邮箱地址！');
    expect(zhCN.forgot.invalid).toBe('提交失败，请检查输入项');
    expect(zhCN.common.ok).toBe('确定');
    expect(zhCN.common.cancel).toBe('取消');
    expect(zhCN.plat.checking).toBe('正在检查权限');
    expect(zhCN.unavailable.title).toBe('暂未开放');
  });
});
