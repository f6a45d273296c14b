import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bilingualName } from '../src/schemas/library.js';

describe('the reader part of a shipped example file name ("中文 | English")', () => {
  it('gives the Chinese part to a Chinese reader and the English part to an English one', () => {
    expect(bilingualName('通用 p-i-n MAPbI3 电池 | Generic p-i-n MAPbI3 cell', 'zh-CN')).toBe('通用 p-i-n MAPbI3 电池');
    expect(bilingualName('通用 p-i-n MAPbI3 电池 | Generic p-i-n MAPbI3 cell', 'en')).toBe('Generic p-i-n MAPbI3 cell');
    // a name a user typed, with no separator or with more than one, is theirs as it is
    expect(bilingualName('my cell', 'en')).toBe('my cell');
    expect(bilingualName('a | b | c', 'zh-CN')).toBe('a | b | c');
  });

  it('splits every shipped example file name into a Chinese and an English part', () => {
    const dir = join(import.meta.dirname, '../../../assets/devices');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.device.json'))) {
      const raw = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      const name: string = (raw.device ?? raw.spec ?? raw).name;
      const zh = bilingualName(name, 'zh-CN');
      const en = bilingualName(name, 'en');
      expect(zh, f).toMatch(/[\u4e00-\u9fff]/);
      expect(en, f).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
