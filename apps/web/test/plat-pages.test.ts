import { describe, expect, it } from 'vitest';
import { PLAT_PAGES } from '../src/app/plat-pages';
import { PLAT_ROUTES } from '../src/app/plat-routes';

describe('platform routes', () => {
  it('gives every /plat route of spec §2 a real page: none says "not yet available" (issue 14)', () => {
    const missing = PLAT_ROUTES.filter((r) => !(r.page in PLAT_PAGES)).map((r) => r.path);
    expect(missing).toEqual([]);
    for (const path of [
      'bbs/academic',
      'bbs/academic/:id',
      'bbs/feedback',
      'bbs/feedback/:id',
      'bbs/detail/:id',
      'mypost',
      'cs/consult',
      'news',
      'notice',
    ])
      expect(PLAT_ROUTES.find((r) => r.path === path)?.page, path).toBeTruthy();
  });
});
