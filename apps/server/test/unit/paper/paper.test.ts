import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineSegments, parseMarkdown } from '../../../src/paper/markdown-blocks.js';
import { ratioText, renderPaper } from '../../../src/paper/render-paper.js';
import { caseFiles, casesDir, flattenTolerance, sourceOf } from '../../../src/validation/build-report.js';

describe('the physics notes as blocks', () => {
  it('reads headings, paragraphs, nested items, display formulas and tables', () => {
    const md = [
      '# Title',
      '',
      'A paragraph over',
      'two lines with `code` and **bold**.',
      '',
      '* first item',
      '  * nested item',
      '',
      '  M = [∫E S] / [∫E S]',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '```',
      'const x = 1;',
      '```',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      { type: 'heading', level: 1, text: 'Title' },
      { type: 'paragraph', text: 'A paragraph over two lines with `code` and **bold**.' },
      { type: 'item', depth: 0, text: 'first item' },
      { type: 'item', depth: 1, text: 'nested item' },
      { type: 'code', lines: ['M = [∫E S] / [∫E S]'] },
      {
        type: 'table',
        rows: [
          ['a', 'b'],
          ['1', '2'],
        ],
      },
      { type: 'code', lines: ['const x = 1;'] },
    ]);
    expect(inlineSegments('see [tmm](https://x) and `a`')).toEqual([
      { text: 'see tmm and ' },
      { text: 'a', code: true },
    ]);
  });
});

describe('the validation report summary', () => {
  it('names a known reference for every public case', () => {
    for (const f of caseFiles(casesDir())) {
      const c = JSON.parse(readFileSync(f, 'utf8')) as { id: string; source?: string };
      expect(sourceOf(c.source), c.id).not.toBe('other');
    }
    expect(sourceOf('SIMsalabim SimSS v5.36')).toBe('simsalabim');
    expect(sourceOf('Two-diode cell equation of PVMismatch, compared with pvlib')).toBe('pvmismatch');
  });

  it('flattens nested tolerances', () => {
    expect(
      flattenTolerance({ abs: 1e-6, params: { n: 0.01 }, curves: [{ J_if_factor: 1.15, label: '1sun' }] }),
    ).toEqual([
      { key: 'abs', value: 1e-6 },
      { key: 'params.n', value: 0.01 },
      { key: 'curves.J_if_factor', value: 1.15 },
    ]);
    expect(ratioText(5.8e-9)).toBe('5.8e-9');
    expect(ratioText(0.4524)).toBe('0.452');
  });

  it('renders a PDF with the report and a chapter', async () => {
    const pdf = await renderPaper({
      version: '9.9.9',
      date: '2026-01-02',
      report: {
        engineVersion: '9.9.9',
        generatedAt: '2026-01-02T00:00:00Z',
        passed: 1,
        failed: 0,
        cases: [
          {
            id: 'demo-case',
            kind: 'dd-jv',
            source: 'analytic',
            description: '',
            tolerance: [],
            pass: true,
            worstRatio: 0.5,
            checkCount: 2,
            failedChecks: 0,
            elapsedMs: 1,
            plot: {
              kind: 'jv',
              series: [
                { quantity: 'J', origin: 'engine', x: [0, 1], y: [20, -5] },
                { quantity: 'J', origin: 'reference', x: [0, 1], y: [20, -5.1] },
              ],
            },
          },
        ],
      },
      chapters: [{ file: 'x.md', markdown: '# Optics\n\nα = 4πk/λ\n' }],
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
  });
});
