import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  GUIDE_LIMIT_CODE,
  GUIDE_QUEUE_FULL_CODE,
  GenerateGuideInput,
  GenerateGuideResponse,
  GuideLimitError,
  GuideQueueFullError,
  GuideResponse,
  GuideUsageResponse,
  SightGuideQuery,
  SightGuideResponse,
  SightParams,
} from '@wayfarer/contracts';
import { nonJson } from '../http/route-contract';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { writerNameFor } from '../jobs/makers';
import {
  findSight,
  GuideLimitReached,
  GuideQueueFull,
  getUsage,
  guideById,
  guideLanguages,
  latestGuide,
  parseRange,
  pendingGuide,
  requestGuide,
  stationAudio,
} from '../services/guides';

const GuideParam = z.object({ id: z.string().uuid('Invalid guide id') });
const StationParam = z.object({ stationId: z.string().uuid('Invalid station id') });

/**
 * Narrated guides: POST /sights/generate-guide (spec point 7) reserves a guide and enqueues its job, answering at
 * once; a worker makes it station by station (GET /guides/:id shows the progress). Also the caller's guide for a
 * sight, and the audio with HTTP range requests so the browser can seek. Audio URLs are capabilities (random
 * station ids), so an <audio> element can load them without a bearer header.
 */
export async function guideRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth, config, jobs, media } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writerName = writerNameFor(config);

  app.post(
    '/sights/generate-guide',
    {
      schema: {
        summary:
          'Reserve a guide for a sight and queue its making (monthly allowance per plan, a few waiting per user at once); answers at once, poll GET /guides/:id',
        'x-auth': 'user',
        body: GenerateGuideInput,
        response: {
          200: GenerateGuideResponse,
          429: z
            .union([GuideLimitError, GuideQueueFullError])
            .describe(
              'The monthly guide allowance is used up (upgrade at /pricing), or the user already has as many guides waiting or being made as allowed',
            ),
        },
      },
    },
    async (req, reply) => {
      const user = await auth.requireUser(req);
      const { sight_id, ...options } = req.body;
      try {
        const out = await requestGuide(
          {
            db,
            enqueue: (tx, guideId, turn) => jobs.enqueueGuide(tx, guideId, turn),
            writerName,
            maxQueuedPerUser: config.guides.maxQueuedPerUser,
          },
          user.id,
          sight_id,
          options,
        );
        return { ok: true as const, ...out };
      } catch (err) {
        if (err instanceof GuideLimitReached) {
          return reply.code(429).send({
            error: err.message,
            message: err.message,
            code: GUIDE_LIMIT_CODE,
            upgrade_url: '/pricing',
            usage: err.usage,
          });
        }
        if (err instanceof GuideQueueFull) {
          return reply.code(429).send({
            error: err.message,
            message: err.message,
            code: GUIDE_QUEUE_FULL_CODE,
            queued: err.queued,
            max_queued: err.maxQueued,
          });
        }
        throw err;
      }
    },
  );

  app.get(
    '/sights/:id/guide',
    {
      schema: {
        summary:
          "The caller's latest finished guide for a sight in the language asked for (any without ?language; or null), the one being made (or null), the languages it has guides in and the month's usage",
        'x-auth': 'user',
        params: SightParams,
        querystring: SightGuideQuery,
        response: { 200: SightGuideResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const { id } = req.params;
      const { language } = req.query;
      const sight = await findSight(db, id);
      return {
        guide: await latestGuide(db, user.id, sight.id, language),
        pending: await pendingGuide(db, user.id, sight.id, language),
        languages: await guideLanguages(db, user.id, sight.id),
        usage: await getUsage(db, user.id),
      };
    },
  );

  app.get(
    '/guides/usage',
    {
      schema: {
        summary: "The caller's guide allowance this month",
        'x-auth': 'user',
        response: { 200: GuideUsageResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      return { usage: await getUsage(db, user.id) };
    },
  );

  app.get(
    '/guides/:id',
    {
      schema: {
        summary:
          "One of the caller's guides (admins: any), with its progress: status, stations made so far, stations_total",
        'x-auth': 'user',
        params: GuideParam,
        response: { 200: GuideResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const { id } = req.params;
      const guide = await guideById(db, id);
      // Someone else's guide answers like a missing one.
      if (!guide || (guide.user_id !== user.id && !(await auth.isAdmin(user.id))))
        throw notFound('Guide not found');
      const { user_id: _u, ...out } = guide;
      return { guide: out };
    },
  );

  async function serveAudio(
    req: FastifyRequest<{ Params: z.output<typeof StationParam> }>,
    reply: FastifyReply,
  ) {
    const { stationId } = req.params;
    const row = await stationAudio(db, stationId);
    if (!row?.audio_path) throw notFound('Audio not found');
    const stat = await media.stat(row.audio_path).catch(() => null);
    if (!stat) throw notFound('Audio file not found');
    const size = stat.size;
    const etag = `"${stationId}-${size}"`;
    reply
      .header('Accept-Ranges', 'bytes')
      // Each file keeps the type it was rendered with (MP3 now; WAV for guides made before the encoder).
      .header(
        'Content-Type',
        row.audio_mime ?? (row.audio_path.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav'),
      )
      .header('ETag', etag)
      .header('Last-Modified', stat.modified.toUTCString())
      // A station's audio never changes: a new guide gets new station ids.
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    // If-Range with another validator: the client's copy is stale, so send the whole file.
    const ifRange = req.headers['if-range'];
    const range =
      ifRange && ifRange !== etag ? ({ kind: 'full' } as const) : parseRange(req.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('Content-Range', `bytes */${size}`)
        .header('Content-Type', 'application/json; charset=utf-8')
        .send({
          error: `Range not satisfiable: the file has ${size} bytes`,
          message: `Range not satisfiable: the file has ${size} bytes`,
        });
    }
    if (req.headers['if-none-match'] === etag && range.kind === 'full') return reply.code(304).send();
    if (range.kind === 'partial') {
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1);
      if (req.method === 'HEAD') return reply.send();
      const part = await media.read(row.audio_path, { start: range.start, end: range.end });
      if (!part) throw notFound('Audio file not found');
      return reply.send(part.body);
    }
    reply.header('Content-Length', size);
    if (req.method === 'HEAD') return reply.send();
    const whole = await media.read(row.audio_path);
    if (!whole) throw notFound('Audio file not found');
    return reply.send(whole.body);
  }
  // Audio is compressed already (and ranges count bytes of the file as it is): never re-encoded.
  // GET and HEAD share the handler (HEAD answers the headers without opening the file); swagger lists GET.
  for (const method of ['GET', 'HEAD'] as const)
    app.route({
      method,
      url: '/guides/audio/:stationId',
      exposeHeadRoute: false,
      compress: false,
      schema: {
        summary:
          "A station's narration (audio/mpeg; older guides audio/wav), with HTTP ranges (206), HEAD, ETag",
        params: StationParam,
        response: {
          200: nonJson('audio/mpeg', 'The whole file'),
          206: nonJson('audio/mpeg', 'The requested byte range (Range: bytes=start-end)'),
          304: { description: 'Not modified (If-None-Match)', type: 'null' },
          416: ErrorBody.describe('Range not satisfiable'),
        },
      },
      handler: serveAudio,
    });
}
