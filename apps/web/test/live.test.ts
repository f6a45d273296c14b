import type { LiveMessage } from '@pvforge/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { LiveConnection, type SocketLike } from '../src/live/connection';
import { Emitter, type LiveEvents } from '../src/live/events';
import { liveUrl, resultPath } from '../src/live/protocol';

/** A scripted stand-in for the browser WebSocket: the test opens, feeds and closes it. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: LiveMessage[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveMessage);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  // Test side:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(m: LiveMessage) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const bus = new Emitter<LiveEvents>();
  const onKick = vi.fn();
  const onGiveUp = vi.fn();
  const conn = new LiveConnection({
    url: 'ws://x/calc/ws?tick=T&uid=7',
    token: 'T',
    uid: '7',
    name: () => '张三',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    bus,
    onKick,
    onGiveUp,
  });
  const last = () => sockets.at(-1)!;
  return { conn, sockets, bus, onKick, onGiveUp, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live URL', () => {
  it('derives ws(s)://…/calc/ws?tick&uid from the API base', () => {
    expect(liveUrl('/calc', 'https://pv.example.org', 'a b', '7')).toBe('wss://pv.example.org/calc/ws?tick=a+b&uid=7');
    expect(liveUrl('http://10.0.0.8:8080/calc', 'https://pv.example.org', 't', '3')).toBe(
      'ws://10.0.0.8:8080/calc/ws?tick=t&uid=3',
    );
  });
  it('names the result page of each calculation kind', () => {
    expect(resultPath('opt', 5)).toBe('/plat/rsto/5');
    expect(resultPath('circle2', 9)).toBe('/plat/rstc2/9');
    expect(resultPath(undefined, 9)).toBeUndefined();
  });
});

describe('live connection (spec §4)', () => {
  it('registers the name when greeted and sends checklogin with the token every 30 s', () => {
    const { conn, last } = setup();
    conn.start();
    last().open();
    expect(last().sent).toEqual([]);
    last().receive({ act: 'online', uid: 7 });
    expect(last().sent).toEqual([{ act: '101', uid: '7', name: '张三' }]);
    expect(conn.status).toBe('open');
    vi.advanceTimersByTime(29_999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent[1]).toEqual({ act: 'checklogin', msg: 'T' });
    vi.advanceTimersByTime(30_000);
    expect(last().sent.filter((m) => m.act === 'checklogin')).toHaveLength(2);
  });

  it('reconnects after 1, 4 and 9 s and gives up after the fourth consecutive failure', () => {
    const { conn, sockets, onGiveUp } = setup();
    conn.start();
    sockets[0]!.drop();
    for (const [i, delay] of [1000, 4000, 9000].entries()) {
      vi.advanceTimersByTime(delay - 1);
      expect(sockets, `before retry ${i + 1}`).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets, `retry ${i + 1}`).toHaveLength(i + 2);
      // A socket the server refuses after the upgrade (4401, no greeting) is a failure too.
      if (i === 1) {
        sockets.at(-1)!.open();
        sockets.at(-1)!.drop(4401, 'unauthenticated');
      } else sockets.at(-1)!.drop();
    }
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(conn.status).toBe('gave-up');
    vi.advanceTimersByTime(600_000);
    expect(sockets).toHaveLength(4);
  });

  it('counts failures again from zero after a successful (greeted) connection', () => {
    const { conn, sockets, onGiveUp, last } = setup();
    conn.start();
    last().open();
    last().receive({ act: 'online' });
    // Dropped after a good connection: not a failure, but an attempt (delay 1 s).
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    for (let i = 0; i < 3; i++) {
      last().drop();
      vi.runOnlyPendingTimers();
    }
    expect(onGiveUp).not.toHaveBeenCalled();
    last().open();
    last().receive({ act: 'online' });
    for (let i = 0; i < 8; i++) {
      // Good connections reset the count, so delays never grow: each drop after a greeting waits 1 s.
      last().drop();
      vi.advanceTimersByTime(1000);
      last().open();
      last().receive({ act: 'online' });
    }
    expect(onGiveUp).not.toHaveBeenCalled();
    expect(conn.status).toBe('open');
  });

  it('stops for good on k: onKick, socket closed, no reconnection', () => {
    const { conn, sockets, onKick, last } = setup();
    conn.start();
    last().open();
    last().receive({ act: 'online' });
    last().receive({ act: 'k', msg: 'kicked' });
    expect(onKick).toHaveBeenCalledWith('kicked');
    expect(last().closedWith).not.toBeNull();
    last().drop(4000, 'kicked');
    vi.advanceTimersByTime(600_000);
    expect(sockets).toHaveLength(1);
    expect(conn.status).toBe('kicked');
  });

  it('closes on stop (logout) and does not come back', () => {
    const { conn, sockets, last } = setup();
    conn.start();
    last().open();
    conn.stop();
    expect(last().closedWith).toEqual({ code: 1000, reason: 'stopped' });
    last().drop(1000);
    vi.advanceTimersByTime(600_000);
    expect(sockets).toHaveLength(1);
    expect(conn.send({ act: 'report' })).toBe(false);
  });

  it("answers the server's report question with its uid and name, and turns a report list into an event", () => {
    const { conn, bus, last } = setup();
    const lists: unknown[] = [];
    bus.on('report', (l) => lists.push(l));
    conn.start();
    last().open();
    last().receive({ act: 'online', uid: 7 });
    last().receive({ act: 'report' });
    expect(last().sent.at(-1)).toEqual({ act: 'report', uid: '7', name: '张三' });
    expect(lists).toEqual([]);
    const sentBefore = last().sent.length;
    last().receive({ act: 'report', msgid: 'online-list', msg: JSON.stringify([{ uid: 2, name: 'Bob' }]) });
    expect(lists).toEqual([[{ uid: 2, name: 'Bob' }]]);
    expect(last().sent).toHaveLength(sentBefore);
  });

  it('turns calculation acts and chat into typed events', () => {
    const { conn, bus, last } = setup();
    const got: Array<[string, unknown]> = [];
    for (const e of ['fire', 'progress', 'finish', 'chat', 'kill'] as const) bus.on(e, (p) => got.push([e, p]));
    conn.start();
    last().open();
    last().receive({ act: 'fireElec', jobId: 3, kind: 'elec', recordId: 3 });
    last().receive({ act: 'progress', jobId: 3, kind: 'elec', percent: 140, detail: 'V = 0.4 V' });
    last().receive({ act: 'finishElec', jobId: 3, kind: 'elec', recordId: 3, status: 'failed', msg: 'diverged' });
    last().receive({ act: '999', from: 2, nickname: 'Bob', msg: 'hi', color: '#f00' });
    last().receive({ act: 'kill', from: 1, type: 'calc', seconds: 30 });
    expect(got).toEqual([
      ['fire', { act: 'fireElec', jobId: 3, kind: 'elec', recordId: 3 }],
      ['progress', { jobId: 3, kind: 'elec', percent: 100, detail: 'V = 0.4 V' }],
      ['finish', { act: 'finishElec', jobId: 3, kind: 'elec', recordId: 3, status: 'failed', reason: 'diverged' }],
      ['chat', { from: 2, nickname: 'Bob', msg: 'hi', color: '#f00', bg: undefined, msgid: undefined }],
      ['kill', { from: 1, type: 'calc', seconds: 30 }],
    ]);
    expect(conn.chat(2, 'hello back')).toBe('c1');
    expect(last().sent.at(-1)).toEqual({ act: '999', msgid: 'c1', to: 2, msg: 'hello back' });
  });
});

describe('give-up messages (spec §8)', () => {
  it('uses the spec titles word for word and names the administrator contact in both languages', () => {
    expect(zhCN.live.expiredTitle).toBe('登录过期');
    expect(zhCN.live.unreachableTitle).toBe('无法连接到计算服务器');
    for (const m of [zhCN.live, en.live]) expect(m.unreachableBody).toContain('{{contact}}');
  });
});
