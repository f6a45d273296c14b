import type { AddressInfo } from 'node:net';
import type { LiveMessage, SessionData } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface Closed {
  code: number;
  reason: string;
}

/** A real WebSocket client on loopback that records every message and how the socket closed. */
export interface LiveClient {
  ws: WebSocket;
  messages: LiveMessage[];
  /** The first message (already received or coming) that matches, else rejects after timeoutMs. */
  next(match: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  send(m: Record<string, unknown> | string): void;
  closed: Promise<Closed>;
  close(): void;
}

const opened = new Set<LiveClient>();

/** Closes every client a test left open (a failed expectation skips its own close). */
export async function closeAll(): Promise<void> {
  const all = [...opened];
  opened.clear();
  for (const c of all) c.ws.terminate();
  await Promise.all(all.map((c) => c.closed));
}

/** The server's ws:// base: an app listening in this process, or a base URL of a server process. */
export function wsBase(app: FastifyInstance | string): string {
  if (typeof app === 'string') return app;
  const addr = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${addr.port}`;
}

export function connect(
  app: FastifyInstance | string,
  query: { tick?: string; uid?: string | number } | SessionData,
  options: { autoPong?: boolean } = {},
): LiveClient {
  const q = 'mytoken' in query ? { tick: query.mytoken, uid: query.user_id } : query;
  const qs = new URLSearchParams();
  if (q.tick !== undefined) qs.set('tick', q.tick);
  if (q.uid !== undefined) qs.set('uid', String(q.uid));
  const ws = new WebSocket(`${wsBase(app)}/calc/ws?${qs}`, options);
  const messages: LiveMessage[] = [];
  const waiters: Array<{ match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }> = [];
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString('utf8')) as LiveMessage;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<Closed>((resolve) => {
    ws.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString('utf8') }));
  });
  ws.on('error', () => undefined);
  const open = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  const client: LiveClient = {
    ws,
    messages,
    closed,
    next(match, timeoutMs = 3000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    send(m) {
      const text = typeof m === 'string' ? m : JSON.stringify(m);
      void open.then(() => ws.send(text));
    },
    close() {
      ws.close();
    },
  };
  opened.add(client);
  void closed.then(() => opened.delete(client));
  return client;
}

/** Connects and waits for the server's 'online' greeting (the socket is authenticated by then). */
export async function connected(
  app: FastifyInstance | string,
  session: SessionData,
  options: { autoPong?: boolean } = {},
) {
  const c = connect(app, session, options);
  await c.next((m) => m.act === 'online');
  return c;
}

/** Resolves after `ms`: only to prove that something did NOT arrive. */
export function quiet(ms = 300): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
