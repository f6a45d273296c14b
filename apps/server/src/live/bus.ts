import { randomBytes } from 'node:crypto';
import type { LiveMessage } from '@pvforge/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * How one instance's hub reaches users connected to any instance. Without Redis the bus is the
 * process itself; with REDIS_URL every delivery (even to a local socket) goes through one pub/sub
 * channel, so a message is delivered exactly once whichever instance the user is connected to.
 */
export type BusEvent =
  /** Send to every socket of the user. */
  | { t: 'user'; userId: number; message: LiveMessage }
  /** Send to every connected socket (an administrator's notice). */
  | { t: 'all'; message: LiveMessage }
  /** Kick: every socket of the user gets 'k' and is closed. */
  | { t: 'kick'; userId: number }
  /** A session ended (logout, revocation): its sockets get 'k' and are closed. */
  | { t: 'session'; sessionId: number }
  /** Re-check every socket of the user against the database (password change, revocations). */
  | { t: 'recheck'; userId: number };

export interface PresenceEntry {
  uid: number;
  name: string;
}

/** Who is online across instances; absent on the local bus, where the hub's own registry is the truth. */
export interface SharedPresence {
  put(userId: number, name: string): Promise<void>;
  remove(userId: number): Promise<void>;
  isOnline(userId: number): Promise<boolean>;
  list(): Promise<PresenceEntry[]>;
}

export interface LiveBus {
  /** Resolves once messages published by other instances are received (or the attempt failed). */
  whenReady(): Promise<unknown>;
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): void;
  readonly presence: SharedPresence | null;
  close(): Promise<void>;
}

export class LocalBus implements LiveBus {
  private listener: (event: BusEvent) => void = () => {};
  readonly presence = null;
  async whenReady(): Promise<void> {}
  async publish(event: BusEvent): Promise<void> {
    this.listener(event);
  }
  subscribe(listener: (event: BusEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<void> {}
}

function isBusEvent(v: unknown): v is BusEvent {
  if (typeof v !== 'object' || v === null) return false;
  const t = (v as { t?: unknown }).t;
  return t === 'user' || t === 'all' || t === 'kick' || t === 'session' || t === 'recheck';
}

/** Presence entries live this long unless the instance refreshes them (a crashed instance's users fade out). */
const PRESENCE_TTL_MS = 90_000;

export class RedisBus implements LiveBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly presenceKey: string;
  /** Presence fields are per instance, so one instance's user leaving does not hide the same user elsewhere. */
  private readonly instanceId = randomBytes(6).toString('hex');
  private listener: (event: BusEvent) => void = () => {};
  private readonly ready: Promise<unknown>;
  readonly presence: SharedPresence;

  constructor(
    url: string,
    prefix: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {
    // lazyConnect off: a wrong URL shows up in the log at start, not at the first message.
    this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { maxRetriesPerRequest: 2 });
    for (const c of [this.pub, this.sub]) c.on('error', (err) => this.log.warn({ err }, 'live: redis error'));
    this.channel = `${prefix}bus`;
    this.presenceKey = `${prefix}presence`;
    this.sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch {
        return;
      }
      if (isBusEvent(event)) this.listener(event);
    });
    // Never an unhandled rejection: a Redis that is down at start is logged, and ioredis
    // subscribes again by itself once it reconnects.
    this.ready = this.sub.subscribe(this.channel).catch((err: unknown) => {
      this.log.warn({ err }, 'live: redis subscribe failed; retrying in the background');
    });
    this.presence = {
      put: (userId, name) => this.putPresence(userId, name),
      remove: async (userId) => {
        await this.pub.hdel(this.presenceKey, `${userId}:${this.instanceId}`);
      },
      isOnline: async (userId) => (await this.entries()).some((e) => e.uid === userId),
      list: async () => {
        const seen = new Map<number, PresenceEntry>();
        for (const e of await this.entries()) seen.set(e.uid, e);
        return [...seen.values()].sort((a, b) => a.uid - b.uid);
      },
    };
  }

  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(event: BusEvent): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(event));
  }

  subscribe(listener: (event: BusEvent) => void): void {
    this.listener = listener;
  }

  private async putPresence(userId: number, name: string): Promise<void> {
    const value = JSON.stringify({ name, until: this.now() + PRESENCE_TTL_MS });
    await this.pub.hset(this.presenceKey, `${userId}:${this.instanceId}`, value);
  }

  /** Live entries of all instances; expired ones (of instances that stopped refreshing) are removed. */
  private async entries(): Promise<PresenceEntry[]> {
    const all = await this.pub.hgetall(this.presenceKey);
    const now = this.now();
    const out: PresenceEntry[] = [];
    const stale: string[] = [];
    for (const [field, value] of Object.entries(all)) {
      const uid = Number(field.split(':')[0]);
      try {
        const v = JSON.parse(value) as { name?: unknown; until?: unknown };
        if (typeof v.until === 'number' && v.until > now && Number.isSafeInteger(uid)) {
          out.push({ uid, name: typeof v.name === 'string' ? v.name : '' });
          continue;
        }
      } catch {
        // fall through: unreadable entries are dropped like expired ones
      }
      stale.push(field);
    }
    if (stale.length > 0) await this.pub.hdel(this.presenceKey, ...stale);
    return out;
  }

  async close(): Promise<void> {
    // This instance's users are gone with it; other instances' entries stay.
    const mine = Object.keys(await this.pub.hgetall(this.presenceKey).catch(() => ({}))).filter((f) =>
      f.endsWith(`:${this.instanceId}`),
    );
    if (mine.length > 0) await this.pub.hdel(this.presenceKey, ...mine).catch(() => undefined);
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
