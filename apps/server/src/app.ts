import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PVFORGE_VERSION } from '@pvforge/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Transporter } from 'nodemailer';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { installAccess } from './http/access.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { AppError } from './http/errors.js';
import { installInputRules } from './http/input-rules.js';
import { serializeRequest } from './http/log-safety.js';
import './http/types.js';
import type { QueueOptions } from './jobs/in-process-queue.js';
import { bridgeJobsToLive } from './jobs/live-bridge.js';
import { registerLive } from './live/index.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { calcRoutes } from './routes/calc.js';
import { chatRoutes } from './routes/chat.js';
import { consultRoutes } from './routes/consult.js';
import { dataRoutes } from './routes/data.js';
import { financeRoutes } from './routes/finance.js';
import { forumRoutes } from './routes/forum.js';
import { libraryRoutes } from './routes/library.js';
import { mailRoutes } from './routes/mail.js';
import { materialRoutes } from './routes/material.js';
import { noticeRoutes } from './routes/notices.js';
import { siteRoutes } from './routes/site.js';
import { siteAdminRoutes } from './routes/site-admin.js';
import { spectraRoutes } from './routes/spectra.js';
import { userRoutes } from './routes/user.js';
import { validationRoutes } from './routes/validation.js';
import { createServices, type Services } from './services/container.js';
import { VALIDATION_REPORT_FILE } from './validation/build-report.js';
import { registerSpa } from './web/spa.js';

export const API_PREFIX = '/calc';
const DOCS_PREFIX = `${API_PREFIX}/docs`;

export interface AppDeps {
  /** An open database; otherwise one is opened from the config (and closed with the app). */
  db?: Db;
  clock?: Clock;
  mailTransport?: Transporter;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Overrides of the job queue's options (tests). The queue starts with `services.jobs.start()`. */
  queue?: Partial<QueueOptions> & { prefix?: string; lockMs?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Passwords, tokens and signatures never reach the log. */
export const LOG_REDACT = [
  'req.headers["x-sign"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'password',
  'token',
  'mytoken',
  '*.password',
  '*.old_password',
  '*.new_password',
  '*.token',
  '*.mytoken',
];

function hostSources(host: string | undefined): string {
  // The host header only ever adds its own origin; anything unusual adds nothing.
  if (!host || !/^[A-Za-z0-9.[\]:-]{1,255}$/.test(host)) return '';
  return `ws://${host} wss://${host}`;
}

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ajv: {
      // Form posts carry every value as a string: coercion turns "1" into 1 where the schema says so.
      // ajv-formats is already part of Fastify's compiler (formats such as email, date-time).
      customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false },
    },
  };
  const app = Fastify(options);

  const ownsDb = !deps.db;
  const db =
    deps.db ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'pvforge.sqlite'),
      onIdleError: (err) => app.log.warn({ err }, 'idle PostgreSQL connection lost; the pool reconnects'),
    });
  // Per-route limits (registration) by client address and the signatures already used, in Redis
  // when there is one, so that every instance counts together. A Redis outage lets requests
  // through rather than locking users out.
  const limiterRedis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  limiterRedis?.on('error', () => undefined);
  if (limiterRedis) app.addHook('onClose', async () => void limiterRedis.disconnect());
  const services = createServices(config, {
    redis: limiterRedis,
    db,
    clock: deps.clock ?? systemClock,
    log: app.log,
    mailTransport: deps.mailTransport,
    queue: deps.queue,
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    // Running jobs are left 'running' in the database and recovered at the next start.
    await services.jobs.stop();
    await services.mailer.drain();
    services.mailer.close();
    if (ownsDb) await db.close();
  });

  installAccess(app, services.sessions, DOCS_PREFIX);
  installInputRules(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // A POST without any body still gets field-by-field "required" answers rather than "body must be object".
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => hostSources(req.headers.host)],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Plain-HTTP installs on a LAN address would break if browsers upgraded every request.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(limiterRedis ? { redis: limiterRedis, nameSpace: `${config.redisKeyPrefix}-limit:` } : {}),
    errorResponseBuilder: () => new AppError('1006'),
  });
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  // Multipart uploads (device files, n,k tables): registered once here for every route; each route
  // reads its file with request.file(). One file per request, no larger than any other body.
  await app.register(multipart, { limits: { fileSize: config.bodyLimitBytes, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PVForge API',
        version: PVFORGE_VERSION,
        description: 'Answers are {code, msg, data}; code "1000" is success.',
      },
      components: {
        securitySchemes: {
          uid: { type: 'apiKey', in: 'header', name: 'X-Uid' },
          sign: { type: 'apiKey', in: 'header', name: 'X-Sign' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });

  // Live connection (issue 6): GET /calc/ws, declared access 'public' because a WebSocket upgrade
  // cannot carry the signature headers; the hub authenticates each socket from tick/uid itself and
  // closes it with 4401. Registered before the API so its logout hook covers those routes.
  await registerLive(app, config);
  // Job events (started, progress, finished) reach their owner's sockets as the spec's calculation acts.
  const unbridge = bridgeJobsToLive(services.jobs, app.live);
  app.addHook('onClose', async () => unbridge());

  await app.register(
    async (api) => {
      await api.register(userRoutes(services, config));
      await api.register(mailRoutes(services));
      await api.register(siteRoutes(services));
      await api.register(calcRoutes(services));
      await api.register(materialRoutes(services));
      await api.register(libraryRoutes(services));
      await api.register(chatRoutes());
      await api.register(dataRoutes());
      await api.register(validationRoutes(undefined, path.join(config.webDist, 'downloads', VALIDATION_REPORT_FILE)));
      await api.register(forumRoutes(services));
      await api.register(consultRoutes(services));
      await api.register(spectraRoutes(services));
      await api.register(noticeRoutes(services));
      await api.register(financeRoutes(services));
      await api.register(adminUserRoutes(services));
      await api.register(siteAdminRoutes(services));
    },
    { prefix: API_PREFIX },
  );
  await registerSpa(app, config.webDist, API_PREFIX);
  return app;
}
