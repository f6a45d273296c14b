import websocket from '@fastify/websocket';
import { LIVE_PATH } from '@pvforge/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { AuditRepository } from '../db/repositories/audit.js';
import { SessionsRepository } from '../db/repositories/sessions.js';
import type { Services } from '../services/container.js';
import { UserMessageService } from '../services/user-messages.js';
import { type LiveBus, LocalBus, RedisBus } from './bus.js';
import { LiveHub, type LiveSocket } from './hub.js';
import { LIVE_LIMITS } from './protocol.js';

export type { BusEvent, LiveBus } from './bus.js';
export { LocalBus, RedisBus } from './bus.js';
export { LiveHub, type LiveSocket } from './hub.js';
export { CLOSE, LIVE_LIMITS } from './protocol.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live hub; also the LivePublisher that job events go through. */
    live: LiveHub;
  }
}

/** Default Redis channel/key prefix; LIVE_CHANNEL_PREFIX overrides it (one prefix per deployment). */
export const DEFAULT_LIVE_PREFIX = 'pvforge:live:';

export function liveChannelPrefix(env: NodeJS.ProcessEnv = process.env): string {
  const v = env['LIVE_CHANNEL_PREFIX']?.trim();
  return v ? v : DEFAULT_LIVE_PREFIX;
}

export interface LiveHubOptions {
  services: Pick<Services, 'db' | 'users' | 'clock'>;
  log: FastifyBaseLogger;
  /** Set: the Redis pub/sub bus; unset: this process only. */
  redisUrl?: string | undefined;
  channelPrefix?: string;
  heartbeatMs?: number;
  clock?: Clock;
}

/** The factory: a hub on the in-process bus, or on Redis pub/sub when redisUrl is set. */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const clock = options.clock ?? options.services.clock;
  const log = options.log.child({ module: 'live' });
  const bus: LiveBus = options.redisUrl
    ? new RedisBus(options.redisUrl, options.channelPrefix ?? liveChannelPrefix(), log, () => clock.now())
    : new LocalBus();
  return new LiveHub({
    sessions: new SessionsRepository(options.services.db.kysely),
    users: options.services.users,
    clock,
    log,
    bus,
    audit: new AuditRepository(options.services.db.kysely),
    chat: (live) => new UserMessageService(options.services.db.kysely, options.services.users, clock, live),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
  });
}

/**
 * Mounts the hub on the app: GET {apiPrefix}/ws (LIVE_PATH), the logout hook, `app.live`.
 * Call before the API routes are registered so the root-level hook reaches them.
 */
export async function registerLive(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl'>,
  options: { channelPrefix?: string; heartbeatMs?: number } = {},
): Promise<LiveHub> {
  const hub = createLiveHub({
    services: app.services,
    log: app.log,
    redisUrl: config.redisUrl,
    ...options,
  });
  app.decorate('live', hub);
  app.addHook('onClose', async () => hub.close());
  await hub.ready();

  // Logout and password change end sessions in the sessions service; their sockets follow here,
  // so the service itself needs no knowledge of the hub.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200 || !request.auth) return;
    const url = request.routeOptions.url;
    if (url?.endsWith('/sys/user/logout')) hub.endSession(request.auth.sessionId);
    else if (url?.endsWith('/sys/user/changePassword')) hub.recheckUser(request.auth.user.id);
  });

  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: LIVE_LIMITS.maxPayloadBytes } });
    scope.get(
      LIVE_PATH,
      {
        websocket: true,
        // Public at the HTTP level on purpose: browsers cannot put X-Uid/X-Sign headers on a
        // WebSocket upgrade. The hub authenticates the socket itself from ?tick=<token>&uid=<uid>
        // and closes it with 4401 and a reason when they do not name a live session.
        config: { access: 'public' },
        schema: { hide: true },
      },
      (socket, request) => {
        const q = (request.query ?? {}) as Record<string, unknown>;
        void hub.accept(socket as LiveSocket, q['tick'], q['uid']);
      },
    );
  });
  return hub;
}
