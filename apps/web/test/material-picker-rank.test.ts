import { describe, expect, it } from 'vitest';
import { rankMaterials } from '../src/components/device-editor/MaterialPicker';

describe('material picker order', () => {
  const list = [
    { name: 'CsSnI3', formula: 'CsSnI3' },
    { name: 'FASnI3', formula: 'FASnI3' },
    { name: 'MASnI3', formula: 'MASnI3' },
    { name: 'MAPbI3 (Löper)', formula: 'MAPbI3' },
    { name: 'MAPbI3-xClx', formula: 'MAPbI3-xClx' },
    { name: 'FAMAPbI3', formula: 'FA0.8MA0.2PbI3' },
  ];

  it('lists exact name or formula matches first, then prefix matches, then the rest in server order', () => {
    expect(rankMaterials(list, 'MAPbI3').map((m) => m.name)).toEqual([
      'MAPbI3 (Löper)',
      'MAPbI3-xClx',
      'FAMAPbI3',
      'CsSnI3',
      'FASnI3',
      'MASnI3',
    ]);
    expect(rankMaterials(list, 'mapbi3')[0]!.name).toBe('MAPbI3 (Löper)');
  });

  it('keeps the order when there is no query', () => {
    expect(rankMaterials(list, '  ')).toEqual(list);
  });
});
