import { describe, expect, it } from 'vitest';
import { apiBaseFor, parseHostinfo } from '../src/api/hostinfo';
import { menuForRole, PLAT_MENU, selectMenu } from '../src/app/plat-menu';
import { reconnectDelayMs, shouldGiveUp } from '../src/lib/reconnect';
import { easeInOutCubic, scrollPositionAt } from '../src/lib/scroll';
import { homeCounters } from '../src/lib/stats';

describe('home counters', () => {
  it('shows calculation instances as the sum of the three calculation counts (spec §2)', () => {
    expect(homeCounters([1, 2, 3, 4, 10, 20, 30, 99])).toEqual({
      personalDevices: 1,
      publicDevices: 2,
      institutions: 3,
      users: 4,
      calculations: 60,
      materials: 99,
    });
  });
  it('shows 0 for missing or broken numbers rather than NaN', () => {
    expect(homeCounters([]).calculations).toBe(0);
    expect(homeCounters([Number.NaN, -1, 5]).publicDevices).toBe(0);
  });
});

describe('alternate host (spec §7)', () => {
  it('accepts a bare http(s) address and trims it', () => {
    expect(parseHostinfo(' http://10.0.0.8:8080/ \n', 'text/plain')).toBe('http://10.0.0.8:8080');
    expect(parseHostinfo('https://calc.example.org', null)).toBe('https://calc.example.org');
  });
  it('ignores empty files, HTML fallbacks and anything that is not an address', () => {
    expect(parseHostinfo('', 'text/plain')).toBeNull();
    expect(parseHostinfo('<!doctype html><html>', 'text/html')).toBeNull();
    expect(parseHostinfo('http://x.org', 'text/html; charset=utf-8')).toBeNull();
    expect(parseHostinfo('javascript:alert(1)', 'text/plain')).toBeNull();
    expect(parseHostinfo('ftp://x.org', 'text/plain')).toBeNull();
  });
  it('turns the address into the API base', () => {
    expect(apiBaseFor(null)).toBe('/calc');
    expect(apiBaseFor('http://10.0.0.8:8080')).toBe('http://10.0.0.8:8080/calc');
    expect(apiBaseFor('http://10.0.0.8:8080/calc')).toBe('http://10.0.0.8:8080/calc');
  });
});

describe('live-connection reconnect (spec §4/§9)', () => {
  it('waits attempts squared seconds, at most 60', () => {
    expect([0, 1, 2, 3, 7, 8, 100].map(reconnectDelayMs)).toEqual([0, 1000, 4000, 9000, 49000, 60000, 60000]);
  });
  it('gives up after more than three consecutive failures', () => {
    expect(shouldGiveUp(3)).toBe(false);
    expect(shouldGiveUp(4)).toBe(true);
  });
});

describe('back-to-top scrolling', () => {
  it('starts where the page is and ends at the top', () => {
    expect(scrollPositionAt(1000, 0, 450)).toBe(1000);
    expect(scrollPositionAt(1000, 450, 450)).toBe(0);
    expect(scrollPositionAt(1000, 900, 450)).toBe(0);
    expect(scrollPositionAt(1000, 225, 450)).toBe(500);
    expect(easeInOutCubic(-1)).toBe(0);
  });
});

describe('side menu', () => {
  const keys = (nodes = PLAT_MENU): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);

  it('hides the administrator groups from ordinary users (spec §6)', () => {
    expect(keys(menuForRole(true))).toContain('grp:manage');
    expect(keys(menuForRole(true))).toContain('/plat/settings');
    expect(keys(menuForRole(false))).not.toContain('grp:manage');
    expect(keys(menuForRole(false))).not.toContain('/plat/settings');
  });

  it('has unique keys', () => {
    const all = keys();
    expect(new Set(all).size).toBe(all.length);
  });

  it('selects the entry of the current page and opens its groups', () => {
    expect(selectMenu('/plat', '')).toEqual({ selected: '/plat/index', open: [] });
    expect(selectMenu('/plat/user/pwd', '')).toEqual({ selected: '/plat/user/pwd', open: ['grp:user'] });
    expect(selectMenu('/plat/material-library/electrode', '?cata=4&key=negative')).toEqual({
      selected: '/plat/material-library/electrode?cata=4&key=negative',
      open: ['grp:material', 'grp:electrode'],
    });
    expect(selectMenu('/plat/material-library/lead_perovskite', '?cata=1&key=lead_perovskite').open).toEqual([
      'grp:material',
      'grp:absorber',
      'grp:perovskite',
    ]);
    expect(selectMenu('/plat/bbs/academic/12', '').selected).toBe('/plat/bbs/academic');
    expect(selectMenu('/plat/pwd', '').selected).toBe('/plat/user/pwd');
    expect(selectMenu('/plat/index/', '').selected).toBe('/plat/index');
  });
});
