import { ROLE } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import {
  COOKIE,
  expiredCookie,
  parseCookies,
  readSession,
  serializeCookie,
  sessionCookies,
} from '../src/session/cookies';

describe('session cookies', () => {
  const expire = Date.UTC(2030, 0, 2, 3, 4, 5);

  it('stores token, user id and role in three root-path cookies expiring at expire_time', () => {
    const cookies = sessionCookies({ mytoken: 'tok en;=', user_id: 42, expire_time: expire, role: 1 });
    expect(cookies).toHaveLength(3);
    for (const c of cookies) {
      expect(c).toContain('path=/');
      expect(c).toContain(`expires=${new Date(expire).toUTCString()}`);
    }
    expect(cookies[0]).toMatch(new RegExp(`^${COOKIE.token}=tok%20en%3B%3D;`));
    expect(cookies[1]).toMatch(new RegExp(`^${COOKIE.uid}=42;`));
    expect(cookies[2]).toMatch(new RegExp(`^${COOKIE.role}=1;`));
  });

  it('reads back what it wrote, values decoded', () => {
    const header = sessionCookies({ mytoken: 'a b;c', user_id: 7, expire_time: expire, role: 3 })
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(readSession(header)).toEqual({ token: 'a b;c', uid: '7', role: ROLE.user });
  });

  it('treats a missing or invalid role as an ordinary user (spec §4)', () => {
    expect(readSession('token=t; user_id=1')?.role).toBe(ROLE.user);
    expect(readSession('token=t; user_id=1; role=9')?.role).toBe(ROLE.user);
    expect(readSession('token=t; user_id=1; role=abc')?.role).toBe(ROLE.user);
    expect(readSession('token=t; user_id=1; role=1')?.role).toBe(ROLE.admin);
    expect(sessionCookies({ mytoken: 't', user_id: 1, expire_time: expire, role: 'x' })[2]).toMatch(/^role=3;/);
  });

  it('has no session without both token and user id', () => {
    expect(readSession('')).toBeNull();
    expect(readSession('token=t')).toBeNull();
    expect(readSession('user_id=1; role=1')).toBeNull();
    expect(readSession('token=; user_id=1')).toBeNull();
  });

  it('parses cookie headers tolerantly', () => {
    expect(parseCookies(' a=1 ;b=%E4%B8%AD; c; d=%zz; a=2')).toEqual({ a: '1', b: '中', d: '%zz' });
  });

  it('deletes a cookie by expiring it in the past on the root path', () => {
    const c = expiredCookie('token');
    expect(c).toContain('token=;');
    expect(c).toContain('path=/');
    expect(c).toContain('expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(serializeCookie('x', 'y')).toBe('x=y; path=/; SameSite=Lax');
  });
});
