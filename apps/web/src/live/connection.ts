import { type LiveMessage, UI_TIMING } from '@pvforge/contracts';
import { reconnectDelayMs, shouldGiveUp } from '../lib/reconnect';
import type { Emitter, LiveEvents, LiveStatus } from './events';
import { chatOf, emitCalc, parseServerMessage } from './protocol';

/** The part of the browser WebSocket the connection uses; tests hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface LiveConnectionOptions {
  url: string;
  token: string;
  uid: string;
  /** The display name sent with act 101 (read when needed: the profile may arrive later). */
  name: () => string;
  createSocket: (url: string) => SocketLike;
  bus: Emitter<LiveEvents>;
  /** Act k: the session is over; the connection does not come back. */
  onKick: (reason: string | undefined) => void;
  /** More than three consecutive failures (spec §4): the session is over, the server unreachable. */
  onGiveUp: () => void;
  timers?: Timers;
}

const OPEN = 1;

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/**
 * The client side of /calc/ws (spec §4): registers the name (101) when the server greets it
 * with 'online', sends checklogin every 30 s, reconnects after attempts² seconds (at most 60), gives up
 * after more than three consecutive failures, stops for good on 'k' or stop().
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  /** Closes since the last successful open: the attempts of the reconnect delay. */
  private attempts = 0;
  /** Consecutive connection failures (closed or errored without ever opening). */
  private failures = 0;
  private retryTimer: unknown = null;
  private checkTimer: unknown = null;
  private state: LiveStatus = 'idle';
  private msgSeq = 0;
  /** The current socket got the server's 'online' greeting (it is authenticated). */
  private greeted = false;
  private readonly timers: Timers;

  constructor(private readonly opts: LiveConnectionOptions) {
    this.timers = opts.timers ?? browserTimers;
  }

  get status(): LiveStatus {
    return this.state;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.open();
  }

  /** Logout or leaving the platform: close and never reconnect. */
  stop(): void {
    if (this.isFinal()) return;
    this.finish('stopped');
  }

  /** Sends a message if the socket is open; false otherwise. */
  send(message: LiveMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Chat (act 999) to a user; returns the msgid the server's ack will carry. */
  chat(to: number | string, msg: string, style: { color?: string; bg?: string } = {}): string | undefined {
    const msgid = `c${++this.msgSeq}`;
    return this.send({ act: '999', msgid, to, msg, ...style }) ? msgid : undefined;
  }

  private isFinal(): boolean {
    return this.state === 'stopped' || this.state === 'kicked' || this.state === 'gave-up';
  }

  private setStatus(s: LiveStatus): void {
    this.state = s;
    this.opts.bus.emit('status', s);
  }

  private open(): void {
    this.setStatus('connecting');
    this.greeted = false;
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url);
    } catch {
      this.onLost(false);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.checkTimer = this.timers.setInterval(() => this.checkLogin(), UI_TIMING.loginCheckIntervalMs);
    };
    socket.onmessage = (ev) => this.onMessage(ev.data);
    // An error is always followed by close; the close decides what happens next.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopChecks();
      if (!this.isFinal()) this.onLost(this.greeted);
    };
  }

  private onLost(wasOpen: boolean): void {
    if (!wasOpen) this.failures += 1;
    if (shouldGiveUp(this.failures)) {
      this.finish('gave-up');
      this.opts.onGiveUp();
      return;
    }
    this.attempts += 1;
    this.setStatus('waiting');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (!this.isFinal()) this.open();
    }, reconnectDelayMs(this.attempts));
  }

  private finish(state: 'stopped' | 'kicked' | 'gave-up'): void {
    this.setStatus(state);
    this.stopChecks();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s && s.readyState <= OPEN) s.close(1000, state);
  }

  private stopChecks(): void {
    if (this.checkTimer !== null) this.timers.clearInterval(this.checkTimer);
    this.checkTimer = null;
  }

  private register(): void {
    const name = this.opts.name();
    this.send({ act: '101', uid: this.opts.uid, name: name || this.opts.uid });
  }

  private checkLogin(): void {
    this.send({ act: 'checklogin', msg: this.opts.token });
  }

  private onMessage(data: unknown): void {
    const m = parseServerMessage(data);
    if (!m) return;
    const bus = this.opts.bus;
    bus.emit('message', m);
    switch (m.act) {
      case 'online':
        // The server accepted tick/uid: only now does the connection count as made. A socket the
        // server closes with 4401 right after the upgrade is a failure like a refused connection.
        if (!this.greeted) {
          this.greeted = true;
          this.attempts = 0;
          this.failures = 0;
          this.setStatus('open');
        }
        this.register();
        return;
      case 'k':
        this.finish('kicked');
        this.opts.onKick(m.msg);
        return;
      case '999': {
        const chat = chatOf(m);
        if (chat) bus.emit('chat', chat);
        return;
      }
      case 'kill':
        bus.emit('kill', {
          from: typeof m.from === 'number' ? m.from : undefined,
          type: String(m.type ?? ''),
          seconds: Number(m.seconds ?? 0),
        });
        return;
      case 'report': {
        // No list: the server asks who is online (spec §4); answer with this user's id and name.
        if (m.msg === undefined) {
          this.send({ act: 'report', uid: this.opts.uid, name: this.opts.name() || this.opts.uid });
          return;
        }
        try {
          const list = JSON.parse(m.msg ?? '[]') as unknown;
          if (Array.isArray(list)) bus.emit('report', list as LiveEvents['report']);
        } catch {
          // A malformed list is ignored; nothing depends on it.
        }
        return;
      }
      default:
        emitCalc(m, bus);
    }
  }
}
