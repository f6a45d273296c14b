import { describe, expect, it } from 'vitest';
import { bilingualHeader } from '../../../src/export/bilingual.js';
import { contentDisposition, safeFileStem } from '../../../src/export/filename.js';
import { finaliseSheetNames } from '../../../src/export/table.js';

describe('sheet names', () => {
  it('are valid for Excel and unique without regard to case', () => {
    const names = finaliseSheetNames([
      'Bias light maximum power point 1.0806 V',
      'Bias light maximum power point 1.0806 V',
      'a/b:c?d*e[f]',
      'J-V',
      'j-v',
      "'quoted'",
      'History',
      '',
    ]);
    expect(names).toEqual([
      'Bias light maximum power point',
      'Bias light maximum power po (2)',
      'a b c d e f',
      'J-V',
      'j-v (2)',
      'quoted',
      'Sheet History',
      'Sheet',
    ]);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(31);
  });
});

describe('file names', () => {
  it('keep Chinese letters and drop what some OS forbids', () => {
    expect(safeFileStem('钙钛矿 电池<1>: "test"/v2?*')).toBe('钙钛矿 电池 1 test v2');
    expect(safeFileStem('  ..hidden.. ')).toBe('hidden');
    expect(safeFileStem('CON')).toBe('_CON');
    expect(safeFileStem('nul.txt')).toBe('_nul.txt');
    expect(safeFileStem('a\u0000b\u202ec\nd')).toBe('a b c d');
    expect(safeFileStem('???')).toBe('result');
    expect([...safeFileStem('长'.repeat(200))].length).toBe(60);
  });
  it('give a Content-Disposition that keeps the UTF-8 name', () => {
    expect(contentDisposition('钙钛矿-opt.xlsx')).toBe(
      `attachment; filename="___-opt.xlsx"; filename*=UTF-8''%E9%92%99%E9%92%9B%E7%9F%BF-opt.xlsx`,
    );
  });
});

describe('bilingual headers', () => {
  it('put the Chinese name first and the English name with the unit in brackets', () => {
    expect(bilingualHeader('J (mA/cm²)')).toBe('电流密度 (J, mA/cm²)');
    expect(bilingualHeader('A MAPbI3 (fraction)')).toBe('吸收率 MAPbI3 (A MAPbI3, fraction)');
    expect(bilingualHeader('CI low 95% (individual)')).toBe('置信区间下限 95% 单独 (CI low 95%, individual)');
    expect(bilingualHeader('Std error (fit variable)')).toBe('标准误差 (Std error, fit variable)');
    expect(bilingualHeader('Value')).toBe('数值 (Value)');
    // unknown quantities (and prototype names) stay English
    expect(bilingualHeader('constructor (V)')).toBe('constructor (V)');
    expect(bilingualHeader('Something else (nm)')).toBe('Something else (nm)');
  });
});
