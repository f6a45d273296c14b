import { describe, expect, it } from 'vitest';
import { menuForRole, selectMenu } from '../src/app/plat-menu';
import { findPlatRoute } from '../src/app/plat-routes';
import {
  badgeText,
  calcLink,
  exportFileName,
  formatYuan,
  isDeviceId,
  itemActions,
  layerRows,
  libraryRoute,
  libraryScope,
  localizedDevice,
  materialOf,
  reasonProblem,
  rewardProblem,
  sortMessages,
  splitDois,
} from '../src/lib/library';

describe('device library routes (spec §2)', () => {
  it('maps each of the four routes to its kind and scope', () => {
    expect(libraryScope('/plat/optMaterial')).toEqual({ kind: 'opt', personal: false, route: 'optMaterial' });
    expect(libraryScope('/plat/elecMaterial/')).toEqual({ kind: 'elec', personal: false, route: 'elecMaterial' });
    expect(libraryScope('/plat/myOptMaterial')).toEqual({ kind: 'opt', personal: true, route: 'myOptMaterial' });
    expect(libraryScope('/plat/myElecMaterial')).toEqual({ kind: 'elec', personal: true, route: 'myElecMaterial' });
  });
  it('links back to the library of a kind and opens a device in its editor', () => {
    expect(libraryRoute('elec', true)).toBe('/plat/myElecMaterial');
    expect(libraryRoute('opt', true)).toBe('/plat/myOptMaterial');
    expect(libraryRoute('elec', false)).toBe('/plat/elecMaterial');
    expect(libraryRoute('opt', false)).toBe('/plat/optMaterial');
    const id = 'a'.repeat(32);
    expect(calcLink('opt', id)).toBe(`/plat/calc/opt?device=${id}`);
    expect(calcLink('elec', id)).toBe(`/plat/calc/elec?device=${id}`);
  });
  it('registers real pages for the library, finance, message and settings routes', () => {
    for (const path of [
      '/plat/optMaterial',
      '/plat/elecMaterial',
      '/plat/myOptMaterial',
      '/plat/myElecMaterial',
      '/plat/msg',
      '/plat/finance/balance',
      '/plat/finance/income',
      '/plat/finance/recharge',
      '/plat/finance/consumption',
      '/plat/settings',
      '/plat/manage/review',
    ]) {
      expect(findPlatRoute(path)?.page, path).not.toBe('placeholder');
    }
    expect(findPlatRoute('/plat/manage/review')?.admin).toBe(true);
    expect(findPlatRoute('/plat/settings')?.admin).toBe(true);
  });
  it('shows review administration to administrators only and selects it', () => {
    const keys = (nodes: ReturnType<typeof menuForRole>): string[] =>
      nodes.flatMap((n) => [n.key, ...(n.children ? keys(n.children) : [])]);
    expect(keys(menuForRole(true))).toContain('/plat/manage/review');
    expect(keys(menuForRole(false))).not.toContain('/plat/manage/review');
    expect(selectMenu('/plat/manage/review', '').selected).toBe('/plat/manage/review');
  });
});

describe('device IDs and actions', () => {
  it('accepts 32 lower-case hex characters only', () => {
    expect(isDeviceId('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isDeviceId('0123456789ABCDEF0123456789abcdef')).toBe(false);
    expect(isDeviceId('0123456789abcdef')).toBe(false);
  });
  it('allows submitting private and rejected items, and no change while pending', () => {
    expect(itemActions('private')).toEqual({ edit: true, submit: true, remove: true });
    expect(itemActions('rejected')).toEqual({ edit: true, submit: true, remove: true });
    expect(itemActions('pending')).toEqual({ edit: false, submit: false, remove: false });
    expect(itemActions('approved').submit).toBe(false);
  });
});

describe('layer stack', () => {
  it('lists layers front to back with thickness and material', () => {
    const spec = {
      layers: [
        { name: 'ITO', thicknessNm: 100, role: 'tco', optical: { kind: 'table', materialId: 'ito' } },
        {
          name: 'Abs',
          thicknessNm: 500,
          role: 'absorber',
          optical: { kind: 'tabulated', wavelengthNm: [1, 2], n: [1, 1], k: [0, 0] },
        },
        { name: 'X', role: 'other', optical: { kind: 'constant', n: 1.5, k: 0 } },
      ],
    };
    expect(layerRows(spec)).toEqual([
      { key: 0, name: 'ITO', thicknessNm: 100, role: 'tco', material: 'ito' },
      { key: 1, name: 'Abs', thicknessNm: 500, role: 'absorber', material: 'n,k (2)' },
      { key: 2, name: 'X', thicknessNm: null, role: 'other', material: 'n=1.5, k=0' },
    ]);
  });
  it('tolerates missing or foreign JSON', () => {
    expect(layerRows(null)).toEqual([]);
    expect(layerRows({ layers: 'x' })).toEqual([]);
    expect(layerRows({ layers: [null] })[0]?.name).toBe('#1');
    expect(materialOf({ kind: 'cauchy' })).toBe('cauchy');
    expect(materialOf(undefined)).toBe('-');
  });
});

describe('messages', () => {
  it('puts unread first, then newest', () => {
    const list = [
      { id: 1, read: true, createdAt: 300 },
      { id: 2, read: false, createdAt: 100 },
      { id: 3, read: false, createdAt: 200 },
      { id: 4, read: true, createdAt: 400 },
    ];
    expect(sortMessages(list).map((m) => m.id)).toEqual([3, 2, 4, 1]);
    expect(list[0]?.id).toBe(1); // not sorted in place
  });
  it('shows a badge only for unread messages, capped at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('money and settings', () => {
  it('shows yuan with two decimals', () => {
    expect(formatYuan(10)).toBe('10.00');
    expect(formatYuan(1234.5)).toBe('1,234.50');
    expect(formatYuan(Number.NaN)).toBe('0.00');
  });
  it('validates the review reward: 0-10000 yuan, at most two decimals', () => {
    expect(rewardProblem('')).toBe('required');
    expect(rewardProblem(null)).toBe('required');
    expect(rewardProblem('abc')).toBe('number');
    expect(rewardProblem(-1)).toBe('range');
    expect(rewardProblem(10000.01)).toBe('range');
    expect(rewardProblem(1.234)).toBe('decimals');
    expect(rewardProblem(0)).toBeUndefined();
    expect(rewardProblem(10000)).toBeUndefined();
    expect(rewardProblem(12.34)).toBeUndefined();
    expect(rewardProblem('8.5')).toBeUndefined();
  });
  it('requires a reject reason of 1-500 characters', () => {
    expect(reasonProblem(undefined)).toBe('required');
    expect(reasonProblem('   ')).toBe('required');
    expect(reasonProblem('x'.repeat(501))).toBe('tooLong');
    expect(reasonProblem('缺少文献来源')).toBeUndefined();
  });
});

describe('export file name', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(
      exportFileName(
        `attachment; filename="__.device.json"; filename*=UTF-8''${encodeURIComponent('钙钛矿.device.json')}`,
        'x',
      ),
    ).toBe('钙钛矿.device.json');
    expect(exportFileName('attachment; filename="cell.device.json"', 'x')).toBe('cell.device.json');
  });
  it('falls back to a safe name from the device name', () => {
    expect(exportFileName(null, 'my cell: v2')).toBe('my_cell_v2.device.json');
    expect(exportFileName(null, '  ')).toBe('device.device.json');
  });
});

describe('DOIs of the references box', () => {
  it('splits on line breaks and blanks and names the first entry that is not a DOI', () => {
    expect(splitDois('10.1039/C8EE01576G\n  doi:10.1038/ncomms8497 https://doi.org/10.21105/joss.03727\n')).toEqual({
      dois: ['10.1039/C8EE01576G', 'doi:10.1038/ncomms8497', 'https://doi.org/10.21105/joss.03727'],
    });
    expect(splitDois('')).toEqual({ dois: [] });
    expect(splitDois(undefined)).toEqual({ dois: [] });
    expect(splitDois('10.1038/ncomms8497 10.12/short 11.1000/x').bad).toBe('10.12/short');
    expect(splitDois('10.1000/')).toMatchObject({ bad: '10.1000/' });
    expect(splitDois(Array.from({ length: 21 }, (_, i) => `10.1000/${i}`).join('\n')).tooMany).toBe(true);
  });
});

describe("a device in the reader's language (issue 29)", () => {
  const example = {
    name: 'Generic CdTe cell',
    description: 'A generic device, not a measured cell.',
    nameZh: '通用 CdTe 电池',
    nameEn: 'Generic CdTe cell',
    descriptionZh: '通用器件，不是实测电池。',
    descriptionEn: 'A generic device, not a measured cell.',
    citation: 'A generic device, not a measured cell.',
  };

  it("shows an example's name and description in the UI language, without a citation that repeats one", () => {
    expect(localizedDevice(example, 'zh-CN')).toMatchObject({
      name: '通用 CdTe 电池',
      description: '通用器件，不是实测电池。',
    });
    expect(localizedDevice(example, 'en')).toMatchObject({
      name: 'Generic CdTe cell',
      description: 'A generic device, not a measured cell.',
    });
    expect(localizedDevice(example, 'zh-CN')).not.toHaveProperty('citation');
    expect(localizedDevice({ ...example, citation: 'Table 2 of the paper' }, 'en').citation).toBe(
      'Table 2 of the paper',
    );
  });

  it('falls back to the other language, then to the one name a user typed', () => {
    expect(localizedDevice({ ...example, nameEn: '' }, 'en').name).toBe('通用 CdTe 电池');
    expect(localizedDevice({ ...example, nameZh: undefined }, 'zh-CN').name).toBe('Generic CdTe cell');
    const mine = { name: '我的电池', description: 'notes of mine' };
    expect(localizedDevice(mine, 'en')).toEqual(mine);
    expect(localizedDevice(mine, 'zh-CN')).toEqual(mine);
    expect(localizedDevice({ name: 'no text' }, 'en')).toEqual({ name: 'no text' });
  });
});
