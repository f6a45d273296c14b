import { describe, expect, it } from 'vitest';
import { alignLayers, runLabels } from '../src/pages/plat/results/compare-runs';

describe('run names on the compare page', () => {
  it('uses each run’s own name, with its number only where two runs share one', () => {
    expect(
      runLabels([
        { id: 3, name: 'PTAA 10 nm' },
        { id: 4, name: 'sweep child' },
        { id: 5, name: 'sweep child' },
        { id: 6, name: '' },
      ]),
    ).toEqual(['PTAA 10 nm', 'sweep child (#4)', 'sweep child (#5)', '#6']);
  });
});

describe('layer stacks lined up', () => {
  it('matches equal stacks row by row', () => {
    expect(
      alignLayers([
        ['glass', 'ITO', 'MAPbI3'],
        ['Glass', 'ITO', 'MAPbI3'],
      ]),
    ).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('opens a gap where one device has a layer the other lacks, and keeps the rest in line', () => {
    const a = ['glass', 'ITO', 'PTAA', 'MAPbI3', 'C60', 'Ag'];
    const b = ['glass', 'ITO', 'MAPbI3', 'C60', 'BCP', 'Ag'];
    expect(alignLayers([a, b])).toEqual([
      [0, 0],
      [1, 1],
      [2, undefined],
      [3, 2],
      [4, 3],
      [undefined, 4],
      [5, 5],
    ]);
  });

  it('lines up three stacks', () => {
    const rows = alignLayers([
      ['glass', 'FTO', 'TiO2', 'MAPbI3', 'Au'],
      ['glass', 'FTO', 'SnO2', 'MAPbI3', 'Au'],
      ['glass', 'FTO', 'MAPbI3', 'Au'],
    ]);
    // every stack's layers appear once, in order
    for (let r = 0; r < 3; r++) {
      const seen = rows.map((x) => x[r]).filter((x) => x !== undefined);
      expect(seen).toEqual([...seen].sort((p, q) => p! - q!));
    }
    expect(rows.find((x) => x[0] === 3)).toEqual([3, 3, 2]);
    expect(rows.find((x) => x[0] === 4)).toEqual([4, 4, 3]);
  });
});
