import { type LiveMessage, ROLE } from '@pvforge/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from '../auth/token-crypto.js';
import type { Clock } from '../clock.js';
import type { AuditRepository } from '../db/repositories/audit.js';
import type { SessionsRepository } from '../db/repositories/sessions.js';
import type { UsersRepository } from '../db/repositories/users.js';
import { AppError } from '../http/errors.js';
import type { LivePublisher } from '../jobs/types.js';
import { publicName } from '../presenters/user.js';
import type { ChatLive, UserMessageService } from '../services/user-messages.js';
import type { BusEvent, LiveBus, PresenceEntry } from './bus.js';
import {
  ack,
  CLOSE,
  LIVE_LIMITS,
  type ParsedClientMessage,
  parseClientMessage,
  RateBucket,
  sanitiseText,
  secondsOf,
  userIdOf,
  wordOf,
} from './protocol.js';

/** The part of a ws WebSocket the hub uses (ws ships no types here; this keeps the hub testable). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

const OPEN = 1;

interface Conn {
  id: number;
  socket: LiveSocket;
  userId: number;
  sessionId: number;
  tokenHash: string;
  expiresAt: number;
  admin: boolean;
  /** Shown to others in chat: the forum nickname or real name from the database, never client-chosen. */
  nickname: string;
  /** Registered by act 101; what 'report' lists. */
  name: string;
  /** When the client last answered the server's 'report' question (0: never). */
  reportedAt: number;
  alive: boolean;
  bucket: RateBucket;
}

export interface LiveHubDeps {
  sessions: SessionsRepository;
  users: UsersRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  bus: LiveBus;
  /** Administrators' kicks (act k) are recorded here, like their other actions. */
  audit: Pick<AuditRepository, 'record'>;
  /** Builds the chat service on this hub (it relays through the hub, the hub stores through it). */
  chat: (live: ChatLive) => UserMessageService;
  heartbeatMs?: number;
}

/**
 * The live hub: every authenticated socket by user, the acts of docs/live.md, and LivePublisher
 * for whatever reports to users (job events). One hub per server instance; the bus joins instances.
 */
export class LiveHub implements LivePublisher, ChatLive {
  private readonly byUser = new Map<number, Set<Conn>>();
  /** User-to-user messages: act 999 is stored through it; its contacts make an ordinary user's online list. */
  readonly chat: UserMessageService;
  private nextId = 1;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly deps: LiveHubDeps) {
    this.chat = deps.chat(this);
    deps.bus.subscribe((event) => this.onBusEvent(event));
    this.heartbeat = setInterval(() => this.beat(), deps.heartbeatMs ?? LIVE_LIMITS.heartbeatMs);
    // The heartbeat must not keep a finished process (or test run) alive.
    this.heartbeat.unref();
  }

  /** Waits (at most `timeoutMs`) until the bus receives, so nothing published at start is missed. */
  async ready(timeoutMs = 3000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([this.deps.bus.whenReady(), timeout]);
    clearTimeout(timer);
  }

  // ---- LivePublisher and the methods other server code calls -------------------------------

  /** Sends to every socket of the user on any instance (calculation acts, notices). Never throws. */
  toUser(userId: number, message: LiveMessage): void {
    this.publish({ t: 'user', userId, message });
  }

  /** Sends to every connected user on any instance (an administrator's notice). Never throws. */
  toAll(message: LiveMessage): void {
    this.publish({ t: 'all', message });
  }

  /** Sends to the user's sockets on this instance only: for events that reach every instance anyway. */
  toLocalUser(userId: number, message: LiveMessage): void {
    this.onBusEvent({ t: 'user', userId, message });
  }

  /** Kicks the user everywhere: each socket gets 'k' and is closed; the client does not reconnect. */
  kick(userId: number): void {
    this.publish({ t: 'kick', userId });
  }

  /** A session ended (logout or revocation): its sockets get 'k' and close. Called by the logout hook. */
  endSession(sessionId: number): void {
    this.publish({ t: 'session', sessionId });
  }

  /** Re-validates every socket of the user against the database (after revocations of other sessions). */
  recheckUser(userId: number): void {
    this.publish({ t: 'recheck', userId });
  }

  /** Sockets open on this instance (of one user, or all). */
  connectionCount(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private publish(event: BusEvent): void {
    this.deps.bus.publish(event).catch((err: unknown) => {
      // Redis unreachable: local sockets still get the event rather than nobody.
      this.deps.log.warn({ err, t: event.t }, 'live: bus publish failed; delivering locally only');
      this.onBusEvent(event);
    });
  }

  private onBusEvent(event: BusEvent): void {
    switch (event.t) {
      case 'user':
        for (const c of this.byUser.get(event.userId) ?? []) this.send(c, event.message);
        return;
      case 'all':
        for (const set of this.byUser.values()) for (const c of set) this.send(c, event.message);
        return;
      case 'kick':
        for (const c of [...(this.byUser.get(event.userId) ?? [])]) this.kickConn(c, CLOSE.kicked);
        return;
      case 'session':
        for (const set of this.byUser.values()) {
          for (const c of [...set]) if (c.sessionId === event.sessionId) this.kickConn(c, CLOSE.sessionEnded);
        }
        return;
      case 'recheck':
        for (const c of [...(this.byUser.get(event.userId) ?? [])]) void this.checkLogin(c, undefined);
        return;
    }
  }

  // ---- connections -----------------------------------------------------------------------------

  /**
   * A new socket from GET /calc/ws?tick=&uid=. The HTTP route is public; the socket is
   * authenticated here and closed with 4401 unless tick is the token of a live session of uid.
   * Frames that arrive while the database is asked are queued, not lost.
   */
  async accept(socket: LiveSocket, tick: unknown, uid: unknown): Promise<void> {
    const early: unknown[] = [];
    const buffer = (data: unknown) => early.push(data);
    socket.on('message', buffer);
    socket.on('error', (err) => this.deps.log.debug({ err }, 'live: socket error'));
    let conn: Conn | undefined;
    try {
      conn = await this.authenticate(socket, tick, uid);
    } catch (err) {
      this.deps.log.error({ err }, 'live: authentication failed');
    }
    if (!conn || this.closed || socket.readyState !== OPEN) {
      if (socket.readyState === OPEN) socket.close(CLOSE.unauthenticated.code, CLOSE.unauthenticated.reason);
      return;
    }
    const c = conn;
    const set = this.byUser.get(c.userId) ?? new Set<Conn>();
    this.byUser.set(c.userId, set);
    set.add(c);
    socket.on('pong', () => {
      c.alive = true;
    });
    socket.on('close', () => this.drop(c));
    socket.on('message', (data, isBinary) => this.onFrame(c, data, isBinary));
    this.putPresence(c);
    // 'online': the client answers with 101 and its display name (spec §4).
    this.send(c, { act: 'online', uid: c.userId });
    for (const data of early) this.onFrame(c, data, false);
  }

  private async authenticate(socket: LiveSocket, tick: unknown, uid: unknown): Promise<Conn | undefined> {
    const userId = userIdOf(uid);
    if (typeof tick !== 'string' || tick.length < 16 || tick.length > 200 || userId === undefined) return undefined;
    const tokenHash = hashToken(tick);
    const row = await this.deps.sessions.findByTokenHash(tokenHash);
    const now = this.deps.clock.now();
    if (!row || row.user_id !== userId || row.revoked_at !== null || row.expires_at <= now) return undefined;
    const user = await this.deps.users.findById(userId);
    if (!user || user.disabled) return undefined;
    const nickname = publicName(user).slice(0, LIVE_LIMITS.nameMaxChars);
    return {
      id: this.nextId++,
      socket,
      userId,
      sessionId: row.id,
      tokenHash,
      expiresAt: row.expires_at,
      admin: user.role === ROLE.admin,
      nickname,
      name: nickname,
      reportedAt: 0,
      alive: true,
      bucket: new RateBucket(LIVE_LIMITS.messagesPerSecond, LIVE_LIMITS.burst, now),
    };
  }

  private drop(c: Conn): void {
    const set = this.byUser.get(c.userId);
    if (!set?.delete(c)) return;
    if (set.size === 0) {
      this.byUser.delete(c.userId);
      this.deps.bus.presence?.remove(c.userId).catch(() => undefined);
    } else {
      this.putPresence([...set].at(-1) ?? c);
    }
  }

  private putPresence(c: Conn): void {
    this.deps.bus.presence
      ?.put(c.userId, c.name)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'live: presence update failed'));
  }

  private send(c: Conn, message: LiveMessage): void {
    if (c.socket.readyState === OPEN) c.socket.send(JSON.stringify(message));
  }

  private kickConn(c: Conn, close: { code: number; reason: string }): void {
    this.send(c, { act: 'k', msg: close.reason });
    this.drop(c);
    if (c.socket.readyState === OPEN) c.socket.close(close.code, close.reason);
  }

  private onFrame(c: Conn, data: unknown, isBinary: boolean): void {
    if (!c.bucket.take(this.deps.clock.now())) {
      this.drop(c);
      c.socket.close(CLOSE.tooMany.code, CLOSE.tooMany.reason);
      return;
    }
    const text = isBinary ? undefined : frameText(data);
    const parsed = text === undefined ? undefined : parseClientMessage(text);
    if (!parsed) {
      this.send(c, ack('invalid'));
      return;
    }
    this.handle(c, parsed).catch((err: unknown) => {
      this.deps.log.error({ err, act: parsed.act }, 'live: handling failed');
      this.send(c, ack('invalid', parsed.msgid));
    });
  }

  private async handle(c: Conn, m: ParsedClientMessage): Promise<void> {
    const r = m.raw;
    switch (m.act) {
      case '101': {
        const name = sanitiseText(r['name'], LIVE_LIMITS.nameMaxChars);
        if (!name) return this.send(c, ack('invalid', m.msgid));
        c.name = name;
        this.putPresence(c);
        return;
      }
      case 'checklogin':
        return this.checkLogin(c, r['msg'], m.msgid);
      case 'report': {
        // With uid: the client's answer to the server's 'report' question (spec §4): it is online,
        // with this id and name. Without: the request form, answered with the online list.
        if (r['uid'] !== undefined) {
          if (userIdOf(r['uid']) !== c.userId) return this.send(c, ack('invalid', m.msgid));
          const name = sanitiseText(r['name'], LIVE_LIMITS.nameMaxChars);
          if (name) c.name = name;
          c.reportedAt = this.deps.clock.now();
          this.putPresence(c);
          return;
        }
        const list = await this.onlineList(c);
        return this.send(c, { act: 'report', msg: JSON.stringify(list), ...(m.msgid ? { msgid: m.msgid } : {}) });
      }
      case '999': {
        const to = userIdOf(r['to']);
        if (to === undefined) return this.send(c, ack('invalid', m.msgid));
        try {
          // Stored, then relayed to every socket of the recipient (UserMessageService.send).
          const sent = await this.chat.send(
            { id: c.userId, name: c.nickname },
            { to, msg: r['msg'], color: r['color'], bg: r['bg'], msgid: m.msgid },
          );
          return this.send(c, ack(sent.delivered ? 'ok' : 'offline', m.msgid));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return this.send(c, ack(err.code === '4504' ? 'limited' : 'invalid', m.msgid));
        }
      }
      case 'kill': {
        if (!c.admin) return this.send(c, ack('forbidden', m.msgid));
        const to = userIdOf(r['to']);
        const type = wordOf(r['type']);
        const seconds = secondsOf(r['seconds']);
        if (to === undefined || type === undefined || seconds === undefined)
          return this.send(c, ack('invalid', m.msgid));
        if (!(await this.isOnline(to))) return this.send(c, ack('offline', m.msgid));
        this.toUser(to, { act: 'kill', from: c.userId, nickname: c.nickname, to, type, seconds });
        return this.send(c, ack('ok', m.msgid));
      }
      case 'k': {
        if (!c.admin) return this.send(c, ack('forbidden', m.msgid));
        const to = userIdOf(r['to']);
        if (to === undefined) return this.send(c, ack('invalid', m.msgid));
        const target = await this.deps.users.findById(to);
        if (!target) return this.send(c, ack('invalid', m.msgid));
        // The kick ends the session, not only the socket: a client that ignored 'k' would still
        // be refused. Every session of the user is revoked, connected or not.
        const online = await this.isOnline(to);
        await this.deps.sessions.revokeAllOfUser(to, this.deps.clock.now());
        await this.deps.audit.record({
          adminId: c.userId,
          action: 'user.kick',
          target: `user:${to}`,
          detail: online ? 'online' : 'offline',
          now: this.deps.clock.now(),
        });
        // Acknowledge first: an administrator kicking themself would otherwise never see the answer.
        this.send(c, ack(online ? 'ok' : 'offline', m.msgid));
        this.kick(to);
        return;
      }
    }
  }

  /**
   * checklogin (every 30 s from the client) and rechecks: the socket's session must still be live,
   * and a token sent along must be that session's. Otherwise 'k' and close.
   */
  private async checkLogin(c: Conn, token: unknown, msgid?: string): Promise<void> {
    if (typeof token === 'string' && token !== '' && hashToken(token) !== c.tokenHash) {
      return this.kickConn(c, CLOSE.sessionEnded);
    }
    const row = await this.deps.sessions.findByTokenHash(c.tokenHash);
    const user = row ? await this.deps.users.findById(row.user_id) : undefined;
    const now = this.deps.clock.now();
    if (!row || row.revoked_at !== null || row.expires_at <= now || !user || user.disabled) {
      return this.kickConn(c, CLOSE.sessionEnded);
    }
    c.expiresAt = row.expires_at;
    if (msgid !== undefined || token !== undefined) this.send(c, ack('ok', msgid));
  }

  /** Whether the user has a socket on any instance (ChatLive: whether a message was delivered at once). */
  async isOnline(userId: number): Promise<boolean> {
    const local = (this.byUser.get(userId)?.size ?? 0) > 0;
    const shared = this.deps.bus.presence;
    // Redis unreachable: this instance's own users are still known.
    return shared ? shared.isOnline(userId).catch(() => local) : local;
  }

  /**
   * Administrators see everyone online; ordinary users themselves and the online people they have
   * exchanged messages with (anyone else's presence is private).
   */
  private async onlineList(c: Conn): Promise<PresenceEntry[]> {
    const local = () =>
      [...this.byUser.entries()]
        .map(([uid, set]) => ({ uid, name: [...set].at(-1)?.name ?? '' }))
        .sort((a, b) => a.uid - b.uid);
    const shared = this.deps.bus.presence;
    const all = shared ? await shared.list().catch(local) : local();
    if (c.admin) return all;
    const contacts = new Set(await this.chat.contacts(c.userId));
    return all.filter((e) => e.uid === c.userId || contacts.has(e.uid));
  }

  /** Drops sockets that missed a pong, kicks expired sessions, refreshes shared presence. */
  private beat(): void {
    const now = this.deps.clock.now();
    for (const set of this.byUser.values()) {
      for (const c of [...set]) {
        if (!c.alive) {
          this.drop(c);
          c.socket.terminate();
          continue;
        }
        if (c.expiresAt <= now) {
          this.kickConn(c, CLOSE.sessionEnded);
          continue;
        }
        c.alive = false;
        c.socket.ping();
        // Spec §4: the server asks who is online; the client answers 'report' with its uid and name.
        this.send(c, { act: 'report' });
      }
    }
    if (this.deps.bus.presence) for (const set of this.byUser.values()) this.putPresence([...set].at(-1)!);
  }

  /** Runs the heartbeat now (tests use it instead of waiting an interval). */
  heartbeatNow(): void {
    this.beat();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of this.byUser.values()) {
      for (const c of set) if (c.socket.readyState === OPEN) c.socket.close(CLOSE.shutdown.code, CLOSE.shutdown.reason);
    }
    this.byUser.clear();
    await this.deps.bus.close();
  }
}

function frameText(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data) && data.every((d) => Buffer.isBuffer(d))) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return undefined;
}
