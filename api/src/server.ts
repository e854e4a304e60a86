import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { Config } from './config/env';
import { openDb } from './db/index';
import type { ScriptDb } from './db/types';
import type { Deps, Mailer } from './deps';
import { NearbySightGrid } from './services/nearby-sight-grid';
import { SightSearchIndex } from './services/sight-search-index';
import { createAuthService, createDbMailer } from './auth/service';
import { registerAuthRoutes } from './auth/routes';
import { registerRestRoutes } from './http/rest';
import { registerMailbox } from './http/mailbox';
import { installErrorHandler } from './http/error-handler';
import { installInputGuard } from './http/input-guard';
import { registerCompression, type CompressionOptions } from './http/compression';
import { registerProductRoutes } from './routes/index';
import { openJobs, type JobPolicy, type Jobs } from './jobs/queue';
import { startGuideWorker, type GuideWorker } from './jobs/guide-worker';
import { factsSourceFor, guideWriterFor, speechEngine } from './jobs/makers';
import { startFactsWorker, type FactsWorker } from './jobs/facts-worker';
import { mediaStoreFor, type MediaStore } from './services/media-store';
import type { GuideWriter } from './services/guide-writer';
import type { SpeechEngine } from './services/tts';
import { installRouteContract } from './http/route-contract';
import { registerDocsRoutes, registerOpenApi } from './http/openapi';
import { HealthResponse } from '@wayfarer/contracts';

export interface ServerOptions {
  /** An already opened (and migrated) database; otherwise one is opened from config. */
  db?: ScriptDb;
  mailer?: Mailer;
  logger?: boolean;
  /** Answer compression settings (the bench compares them); defaults in http/compression.ts. */
  compression?: CompressionOptions;
  /** Object storage; default: the one the configuration names (media-store.ts). */
  media?: MediaStore;
  /** Guide job retry and expiry (tests shorten them). */
  jobPolicy?: Partial<JobPolicy>;
  /**
   * Also run a guide worker inside this process (tests; the embedded default runs `src/worker.ts` as a process of
   * its own instead), optionally with another writer or speech engine.
   */
  worker?: boolean | { writer?: GuideWriter; tts?: SpeechEngine };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

/** Builds the API (no listen). The caller owns migrations and seeding; closing the app closes the db. */
export async function createServer(config: Config, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const db = opts.db ?? (await openDb(config));
  const app = Fastify({
    logger: opts.logger === false || config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: behind nginx, req.ip (per-IP rate limits, presence) is the client X-Forwarded-For names.
    // A hop count as the function Fastify builds from one (its types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  // API_COPY_NAME: every answer says which copy made it (tests prove the balancer spreads requests). On the raw
  // response, first of all hooks: errors, 404s, preflights and streamed answers carry it too.
  const copyName = config.copyName;
  if (copyName)
    app.addHook('onRequest', (_req, reply, done) => {
      reply.raw.setHeader('X-Wayfarer-Copy', copyName);
      done();
    });
  const mailer = opts.mailer ?? createDbMailer(db, (m) => app.log.info(m));
  const searchIndex = new SightSearchIndex();
  const sightIndex = new NearbySightGrid(db, {
    enabled: config.nearbyIndex === 'memory',
    companions: [searchIndex],
    warn: (m) => app.log.warn(m),
  });
  const media = opts.media ?? mediaStoreFor(config.media);
  const jobs: Jobs = await openJobs(db, {
    policy: opts.jobPolicy,
    supervise: Boolean(opts.worker),
    onError: (err) => app.log.error({ err }, 'job queue error'),
  });
  let worker: GuideWorker | undefined;
  let factsWorker: FactsWorker | undefined;
  let tts: SpeechEngine | undefined;
  if (opts.worker) {
    const own = typeof opts.worker === 'object' ? opts.worker : {};
    tts = own.tts ?? speechEngine(config, app.log);
    const source = factsSourceFor(config, app.log);
    const facts = source && config.wiki ? { source, language: config.wiki.language } : undefined;
    worker = await startGuideWorker(jobs, {
      db,
      store: media,
      writer: own.writer ?? guideWriterFor(config, app.log),
      tts,
      ...(facts && { facts }),
    });
    if (facts && config.wiki)
      factsWorker = await startFactsWorker(
        jobs,
        { db, ...facts },
        {
          concurrency: config.wiki.concurrency,
          prefetchPerMinute: config.wiki.prefetchPerMinute,
          pollingIntervalSeconds: 0.5,
        },
      );
  }
  const deps: Deps = {
    db,
    config,
    auth: createAuthService(db, config),
    mailer,
    sightIndex,
    searchIndex,
    jobs,
    media,
  };
  app.decorate('deps', deps);
  // Before any route: each route's schemas validate, serialise and document it (auth, rest and health included).
  installRouteContract(app, deps);
  await registerOpenApi(app, config);
  app.addHook('onClose', async () => {
    await factsWorker?.stop();
    await worker?.stop();
    await jobs.stop();
    await tts?.close();
    await sightIndex.close();
    await db.close();
  });
  // Read-your-writes for the nearby index: a write's response leaves once the index has every change it made.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done(null, payload);
    sightIndex.fence().then(() => done(null, payload), done);
  });

  installErrorHandler(app, config);
  // Before every route (auth and rest included): text PostgreSQL cannot store is a 400 naming the field.
  installInputGuard(app);
  // supabase-js sends `Content-Type: application/json` with an empty body (logout); Fastify's parser refuses that.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(
        Object.assign(new Error('Malformed JSON body'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        }),
        undefined,
      );
    }
  });
  // Security headers: helmet's middleware is built once here (the @fastify/helmet plugin rebuilt it, parsing the
  // CSP directives, on every request: a measurable share of a GET /sights/nearby answered from memory).
  const securityHeaders = helmet({
    // The API serves two tiny HTML pages (consent, mailbox) with inline styles and a form.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'", ...config.corsOrigins],
        imgSrc: ["'self'", 'data:'],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'prefer',
      'accept',
      'accept-profile',
      'content-profile',
      'range',
      'x-requested-with',
    ],
    exposedHeaders: ['content-range', 'x-supabase-api-version', 'retry-after'],
  });
  // br/gzip by Accept-Encoding for JSON and text answers of 1 KB or more; before the routes (it hooks each one).
  await registerCompression(app, opts.compression);

  app.get(
    '/health',
    { schema: { summary: 'Liveness and the database kind', response: { 200: HealthResponse } } },
    async () => ({ ok: true as const, db: db.kind }),
  );
  await registerAuthRoutes(app, deps);
  await registerRestRoutes(app, deps);
  if (config.nodeEnv !== 'production') await registerMailbox(app, deps);
  await registerProductRoutes(app, deps);
  await registerDocsRoutes(app);
  return app;
}
