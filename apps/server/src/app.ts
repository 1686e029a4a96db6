import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { IMAGE_MAX_BYTES } from '@nido/contract';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { domainRoutes } from './domains/index.ts';
import { registerAccessControl } from './platform/auth.ts';
import type { Clock } from './platform/clock.ts';
import { HttpError, TooManyRequests } from './platform/errors.ts';
import type { Mailer } from './platform/mail.ts';
import type { Storage } from './platform/storage.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  logger?: FastifyBaseLogger | boolean | { level: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Largest JSON body any route accepts; uploads go through multipart with their own limit. */
export const BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The portal is also reached over plain http on a LAN (tablets): never rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Nido API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value'];
      }
      return reply
        .code(422)
        .send({ message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid', errors });
    }
    if (err instanceof TooManyRequests) reply.header('Retry-After', String(err.retryAfterSeconds));
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    // Fastify's own 4xx: malformed JSON, body too large, unsupported media type…
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? 'Malformed JSON body'
        : err.message;
    return reply.code(status === 413 || status === 415 || status === 429 ? status : 400).send({ message });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET')
      return reply.code(404).send({ message: 'Not found' });
    return sendSpa(reply);
  });

  registerAccessControl(app, {
    db: deps.database.db,
    clock: deps.clock,
    policy: { idleMinutes: deps.config.TOKEN_IDLE_MINUTES, maxHours: deps.config.TOKEN_MAX_HOURS },
  });

  app.get('/api/health', { config: { access: 'public' } }, async (_req, reply) => {
    try {
      await deps.database.query('select 1');
      return { status: 'ok', database: { kind: deps.database.kind, status: 'up' } };
    } catch {
      return reply
        .code(503)
        .send({ status: 'degraded', database: { kind: deps.database.kind, status: 'down' } });
    }
  });

  await app.register(
    async (api) => {
      for (const routes of domainRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );

  // Uploaded images: our own random names only, never sniffed as anything else.
  await app.register(fastifyStatic, {
    root: deps.storage.dir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
  });
  fs.mkdirSync(deps.storage.dir, { recursive: true });

  // The built SPA with history fallback (absent in tests and in `npm run dev`).
  const webDist = deps.config.WEB_DIST;
  const indexHtml = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? webDist : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: indexHtml,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  function sendSpa(reply: import('fastify').FastifyReply) {
    if (!indexHtml) return reply.code(404).send({ message: 'Not found' });
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html', indexHtml);
  }

  return app;
}
