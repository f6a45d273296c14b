import { describe, expect, it } from 'vitest';
import { findPlatRoute, PLAT_ROUTES } from '../src/app/plat-routes';
import { isAdminPath, isPlatPath, loginRedirectUrl, safeRedirect } from '../src/lib/redirect';

describe('login redirects', () => {
  it('accepts same-origin paths with their query', () => {
    expect(safeRedirect('/plat/user/pwd')).toBe('/plat/user/pwd');
    expect(safeRedirect('/plat/material-library/electrode?cata=4&key=negative')).toBe(
      '/plat/material-library/electrode?cata=4&key=negative',
    );
  });

  it('falls back to /plat for anything that could leave the site', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'plat',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\tplat',
    ]) {
      expect(safeRedirect(bad)).toBe('/plat');
    }
  });

  it('builds the public URL that asks for login and comes back', () => {
    const url = loginRedirectUrl('/plat/cs/faq?x=1&y=2');
    expect(url).toBe('/?redirect=%2Fplat%2Fcs%2Ffaq%3Fx%3D1%26y%3D2');
    expect(new URLSearchParams(url.slice(2)).get('redirect')).toBe('/plat/cs/faq?x=1&y=2');
  });

  it('knows the platform and its administrator-only areas (spec §6)', () => {
    expect(isPlatPath('/plat')).toBe(true);
    expect(isPlatPath('/plat/index')).toBe(true);
    expect(isPlatPath('/platform')).toBe(false);
    expect(isAdminPath('/plat/manage/material')).toBe(true);
    expect(isAdminPath('/plat/manage/material/edit/abc')).toBe(true);
    expect(isAdminPath('/plat/settings')).toBe(true);
    expect(isAdminPath('/plat/settingsx')).toBe(false);
    expect(isAdminPath('/plat/index')).toBe(false);
  });
});

describe('platform route table', () => {
  it('marks exactly the manage and settings routes as administrator-only', () => {
    for (const r of PLAT_ROUTES) expect(!!r.admin, r.path).toBe(isAdminPath(`/plat/${r.path}`));
  });

  it('registers every route of spec §2', () => {
    const paths = [
      '',
      'index',
      'pwd',
      'user/pwd',
      'user/terms',
      'user/info',
      'cs/faq',
      'cs/consult',
      'news',
      'notice',
      'msg',
      'bbs/academic',
      'bbs/academic/3',
      'bbs/feedback/3',
      'bbs/detail/9',
      'mypost',
      'optMaterial',
      'elecMaterial',
      'myOptMaterial',
      'myElecMaterial',
      ...[
        'organic',
        'tetrahedral',
        'perovskite',
        'lead_perovskite',
        'lead_free_perovskite',
        'electron',
        'hole',
        'electrode',
      ].map((s) => `material-library/${s}`),
      'manage/material',
      'manage/material/add',
      'manage/material/edit/0123456789abcdef',
      'calc/opt',
      'calc/elec',
      'calc/elec/5',
      'calc/circle',
      'calc/circle2',
      'calc/list',
      'calc/circleList',
      'rsto/1',
      'rste/1',
      'rstc/1',
      'rstc2/1',
      'demo',
      'settings',
    ];
    for (const p of paths) expect(findPlatRoute(`/plat/${p}`), p).toBeDefined();
  });

  it('leaves unknown paths to the not-found page', () => {
    expect(findPlatRoute('/plat/nope')).toBeUndefined();
    expect(findPlatRoute('/plat/calc/elec/1/2')).toBeUndefined();
  });
});
