import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { IMAGE_MAX_BYTES, type Message, MSG, platformEndpoints, REQUEST_MSG } from '@nido/contract';
import Fastify, { type FastifyError, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { App, AppDeps } from './app-types.ts';
import { authenticate } from './domains/account/index.ts';
import { domainRoutes, mailAttachmentRenderers, mailFailedHook } from './domains/index.ts';
import { allowedMethods, registerMethodCheck } from './platform/allowed-methods.ts';
import { answerSerializerCompiler } from './platform/answers.ts';
import { registerAccessControl } from './platform/auth.ts';
import { serve } from './platform/endpoints.ts';
import {
  errorBody,
  errorListBody,
  fieldsOfValidation,
  HttpError,
  TooManyRequests,
} from './platform/errors.ts';
import { registerInputGuard } from './platform/input.ts';
import { createLiveHub } from './platform/live.ts';
import { noMetrics, registerMetrics } from './platform/metrics.ts';
import { completeOpenApi } from './platform/openapi.ts';
import { createMailOutbox } from './platform/outbox.ts';
import { outboxRoutes } from './platform/outbox-routes.ts';
import { readiness } from './platform/readiness.ts';
import { requestIdOf, serializeRequest } from './platform/request-log.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createSpaPages, pageLanguage, pickEncoding } from './platform/spa.ts';
import { Busy, createWorkerPool } from './platform/workers.ts';

/** Largest JSON body any route accepts; uploads go through multipart with their own limit. */
export const BODY_LIMIT = 256 * 1024;

/** Paths that are never a page of the SPA (the not-found handler's 404). */
const NOT_SPA_PAGES = /^\/(?:(?:api|uploads|assets)\/|metrics(?:\/|$))/;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: deps.config.LOG_LEVEL, ...deps.logger, serializers: { req: serializeRequest } },
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // One line a request, written when it is answered (below), with the id nginx gave it.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // A path parameter's longest: an embroidery preview's token (payload and signature, record 059)
    // passes 200 characters for a longer name or image path; the contract caps it at 2000.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(deps.config.CHECK_ANSWERS));

  registerSecurityHeaders(app);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        req,
        route: req.routeOptions.url ?? null,
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
  // API answers are personal (a token, a client's orders, prices): no cache, shared or private, keeps
  // them (ASVS 14.3.2). The API docs are the one public part; a route may still set its own policy.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs'))
      reply.header('Cache-Control', 'no-store');
  });
  // Answers up to 64 KB (every page of a list) are compressed in one synchronous call: on a small
  // machine a zlib stream per answer cost more (context, extra writes) than the compression itself.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    // OpenAPI 3.1: JSON Schema 2020-12, which can say what a record's keys may hold (propertyNames).
    openapi: { openapi: '3.1.0', info: { title: 'Nido API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      completeOpenApi('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own policy (hashes of its inline code), with the portal's rules: never framed, and no
    // upgrade to https (the portal is also served over plain http on a LAN).
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // The collection editor's 422 lists its fields; its other errors have the usual body (as documented).
    const asList = req.routeOptions.config?.errorList === true;
    const send = (status: number, reason: Message, fields?: Record<string, Message[]>) =>
      reply
        .code(status)
        .send(asList && status === 422 ? errorListBody(reason, fields ?? {}) : errorBody(reason, fields));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsOfValidation(err.validation);
      return send(422, Object.values(fields)[0]?.[0] ?? REQUEST_MSG.invalid, fields);
    }
    if (err instanceof TooManyRequests || err instanceof Busy)
      reply.header('Retry-After', String(err.retryAfterSeconds));
    if (err instanceof HttpError) {
      // A part the server depends on failed (the image store): the client gets the message, the log the cause.
      if (err.statusCode >= 500) req.log.error({ err, cause: err.cause }, 'request failed');
      return send(err.statusCode, err.reason, err.fields);
    }
    // Text PostgreSQL cannot store (the input guard refuses it first; this covers any other way in).
    const sqlState = postgresCode(err);
    if (sqlState === '22021' || sqlState === '22P05') {
      req.log.warn({ err }, 'text the database cannot store');
      return send(422, REQUEST_MSG.unstorableText);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return send(500, REQUEST_MSG.internal);
    }
    // Fastify's own 4xx: malformed JSON, body too large, unsupported media type…
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
      return send(400, REQUEST_MSG.malformedJson);
    if (status === 413) return send(413, REQUEST_MSG.tooLarge);
    if (status === 415) return send(415, REQUEST_MSG.unsupportedMediaType);
    if (status === 429) return send(429, MSG.tooManyAttempts);
    return send(400, { ...REQUEST_MSG.badRequest, text: err.message });
  });
  app.setNotFoundHandler((req, reply) => {
    // Only a page of the SPA falls back to index.html: a missing API call, upload or built asset is
    // a 404 (an HTML page with 200 in place of an image or a script would only confuse), and so is
    // /metrics, which lives on a port of its own: a scraper pointed at the public one must not read 200.
    const urlPath = req.url.split('?')[0];
    if (urlPath.startsWith('/api/')) {
      const allow = allowedMethods(app.apiRoutes, urlPath);
      if (allow.length)
        return reply
          .code(405)
          .header('Allow', allow.join(', '))
          .send(errorBody(REQUEST_MSG.methodNotAllowed));
    }
    if (req.method !== 'GET' || NOT_SPA_PAGES.test(urlPath))
      return reply.code(404).send(errorBody(REQUEST_MSG.notFound));
    return sendSpa(req, reply);
  });

  if (!deps.config.METRICS) app.decorate('metricsAddress', () => null);
  const metrics = deps.config.METRICS ? registerMetrics(app, deps.config, deps.database) : noMetrics;

  // The worker threads of this process (record 061): PDFs drawn, spreadsheets read off the event loop.
  const workers = createWorkerPool({
    filename: new URL('./worker-entry.mjs', import.meta.url),
    config: deps.config,
    warm: deps.warmWorkers,
  });
  app.decorate('workers', workers);
  // The mail sender of this process: it starts with the app and, on close, finishes its mail in flight.
  const outbox = createMailOutbox({
    db: deps.database.background,
    mailer: deps.mailer,
    config: deps.config,
    log: app.log,
    onTry: metrics.mailTried,
    renderers: mailAttachmentRenderers({
      db: deps.database.background,
      clock: deps.clock,
      config: deps.config,
      workers,
      storage: deps.storage,
    }),
    onFailed: mailFailedHook,
  });
  app.addHook('onReady', async () => outbox.start());
  // The notifications' streams of this process and its listening on the database (record 058): they
  // start with the app; closing ends every stream at once (a stream never ends by itself, so the
  // drain would wait for it) before the requests in flight finish.
  const live = createLiveHub(deps.database, app.log);
  app.decorate('live', live);
  app.addHook('onReady', async () => live.start());
  app.addHook('preClose', async () => live.stop());
  // Closing: the sender takes no new mail and finishes its mail in flight while the requests in
  // flight finish (preClose runs before the port closes; onClose after the last request).
  let senderStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    senderStopped = outbox.stop();
  });
  app.addHook('onClose', async () => {
    await (senderStopped ?? outbox.stop());
    await workers.close();
  });

  const tokenPolicy = { idleMinutes: deps.config.TOKEN_IDLE_MINUTES, maxHours: deps.config.TOKEN_MAX_HOURS };
  registerMethodCheck(app, () => [...app.apiRoutes, { method: 'GET', url: '/uploads/:name' }]);
  registerAccessControl(app, { ...deps, mail: outbox, workers }, (header) =>
    authenticate(deps.database.db, header, deps.clock, tokenPolicy),
  );
  registerInputGuard(app);

  await app.register(
    async (api) => {
      serve(api, platformEndpoints.health, async (_req, reply) => {
        try {
          await deps.database.query('select 1');
          return { status: 'ok', database: { kind: deps.database.kind, status: 'up' } } as const;
        } catch {
          return reply
            .code(503)
            .send({ status: 'degraded', database: { kind: deps.database.kind, status: 'down' } });
        }
      });
      serve(api, platformEndpoints.ready, async (_req, reply) => {
        const { ready, body } = await readiness(deps.database, deps.config);
        return ready ? body : reply.code(503).send(body);
      });
      await api.register(outboxRoutes);
      for (const routes of domainRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );

  // Uploaded images, streamed from the storage (disk or bucket; record 038): our own random names only,
  // never reused, so cached for a year and revalidated by name; never sniffed as anything else.
  app.get('/uploads/:name', async (req, reply) => {
    const urlPath = req.url.split('?')[0];
    const etag = `"${(req.params as { name: string }).name}"`;
    reply.header('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) return reply.code(304).header('ETag', etag).send();
    const file = await deps.storage.read(urlPath);
    if (!file) return reply.code(404).send(errorBody(REQUEST_MSG.notFound));
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .send(file.body);
  });

  // The built SPA with history fallback (absent in tests and in `npm run dev`).
  // Relative to the working directory (WEB_DIST=apps/web/dist); @fastify/static wants an absolute root.
  // Its real path, taken once: a process keeps serving the release it started from when an upgrade
  // points the `current` link at the next one (README, "Upgrading").
  const webDist = deps.config.WEB_DIST ? path.resolve(deps.config.WEB_DIST) : undefined;
  const indexHtml =
    webDist && fs.existsSync(path.join(webDist, 'index.html')) ? fs.realpathSync(webDist) : null;
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
  // A landing screen's index.html carries preload links for its chunks (platform/spa.ts).
  const spaPages = indexHtml ? createSpaPages(indexHtml) : null;
  function sendSpa(req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
    if (!indexHtml || !spaPages) return reply.code(404).send(errorBody(REQUEST_MSG.notFound));
    reply.header('Cache-Control', 'no-cache');
    const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    const page = spaPages.page(req.url.split('?')[0], language);
    if (page) {
      reply.header('Vary', 'Accept-Language, Cookie, Accept-Encoding').type('text/html; charset=utf-8');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (!encoding) return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(page[encoding]);
    }
    return reply.type('text/html').sendFile('index.html', indexHtml);
  }

  return app;
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapping (`cause`). */
function postgresCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
