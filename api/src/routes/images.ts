import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ErrorBody,
  IMAGE_UPLOAD_LIMITS,
  ImageDeleteResponse,
  ImageParams,
  ImageUploadResponse,
  MediaSignQuery,
  SignedFileQuery,
  SignedUrlResponse,
  SightImagesResponse,
  SightParams,
  text,
  unsafeTextReason,
  type SightImageRecord,
} from '@wayfarer/contracts';
import type { AuthUser, Deps } from '../deps';
import { transactionAs } from '../auth/service';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../http/errors';
import { processUpload } from '../services/image-process';
import { signImagePath, verifyImagePath } from '../services/media-sign';
import { apiBaseOf } from '../http/public-base';
import { nonJson, unvalidated, uploadBody } from '../http/route-contract';
import type { MediaStore } from '../services/media-store';
import {
  deleteImage,
  findImage,
  findSameUpload,
  insertPendingImage,
  listSightImages,
  pendingCount,
  sightOf,
  visibleSight,
  type ImageRow,
} from '../services/images';

/** Images waiting for review per user when MEDIA_MAX_PENDING_PER_USER is not configured. */
const MAX_PENDING_PER_USER = 50;
const SignParams = z.object({ '*': text().min(1, 'Image path is required').max(300) });
const FileParams = z.object({ '*': text().max(300) });
// A missing or bad signature is a 403 (checked by the handler), not a 400.
const fileQuery = unvalidated(
  SignedFileQuery,
  'exp and sig of a signed URL; the handler answers 403 when they do not match',
);

/**
 * Sight images (spec points 6 and 7): upload (multipart field `image`, JPEG/PNG/WebP by content, size limit,
 * re-encoded, pending until an admin approves), delete (uploader or admin), signed expiring URLs and the file route
 * that serves bytes only with a valid signature. Approved images may be signed by anyone; pending and rejected ones
 * only for their uploader or an admin.
 */
export async function imageRoutes(fastify: FastifyInstance, deps: Deps, store: MediaStore = deps.media) {
  const { db, config, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const maxBytes = config.media.maxBytes;
  const maxPending = config.media.maxPendingPerUser ?? MAX_PENDING_PER_USER;

  const baseOf = (req: FastifyRequest) => apiBaseOf(config, req);
  const toRecord = (row: ImageRow, base: string): SightImageRecord => {
    const signed = signImagePath(config.jwtSecret, row.storage_path, config.media.urlTtlSeconds);
    return {
      id: row.id,
      sight_id: row.sight_id,
      user_id: row.user_id,
      status: row.status,
      path: row.storage_path,
      url: `${base}${signed.url}`,
      url_expires_at: signed.expiresAt,
      mime: row.mime,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      created_at: new Date(row.created_at).toISOString(),
    };
  };
  const isAdmin = async (u: AuthUser | null) => (u ? auth.isAdmin(u.id) : false);
  /** 401/403 unless the caller may see this image's bytes. */
  const assertMayView = async (row: ImageRow, user: AuthUser | null) => {
    if (row.status === 'approved') return;
    if (!user) throw unauthorized('Sign in to view this image');
    if (row.user_id !== user.id && !(await isAdmin(user))) throw forbidden('This image is not public yet');
  };
  await app.register(async (scope) => {
    // Scoped: only these routes parse multipart bodies.
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20, fieldSize: 4096 },
    });

    const upload = {
      summary:
        'Upload a sight image (JPEG/PNG/WebP checked by content, at most MEDIA_MAX_BYTES); pending until an admin approves',
      'x-auth': 'user',
      params: SightParams,
      consumes: ['multipart/form-data'],
      body: uploadBody(IMAGE_UPLOAD_LIMITS.field),
      response: {
        200: ImageUploadResponse.describe('The same image was uploaded before: that one'),
        201: ImageUploadResponse.describe('Uploaded, pending review'),
        413: ErrorBody.describe('The image is too large'),
        429: ErrorBody.describe('Too many pending images'),
      },
    } as const;
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/sights/:id/images', { schema: upload }, async (req, reply) => {
        const user = await auth.requireUser(req);
        const { id } = req.params;
        const sight = await visibleSight(db, id);
        if (!sight) throw notFound('Sight not found');
        if (!req.isMultipart())
          throw badRequest(
            `Send the image as multipart/form-data in the field "${IMAGE_UPLOAD_LIMITS.field}"`,
          );

        let input: Buffer | null = null;
        let originalName: string | null = null;
        try {
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== IMAGE_UPLOAD_LIMITS.field) {
              part.file.resume();
              continue;
            }
            input = await part.toBuffer();
            originalName = part.filename || null;
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(
              413,
              `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
              'image_too_large',
            );
          if (code === 'FST_FILES_LIMIT') throw badRequest('Send one image per request');
          if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
            throw badRequest('Too many form fields');
          throw badRequest('The upload could not be read');
        }
        if (!input) throw badRequest(`No file in the field "${IMAGE_UPLOAD_LIMITS.field}"`);
        // Multipart parts reach the handler as a stream, after the input guard: the file name is checked here.
        const nameProblem = originalName && unsafeTextReason(originalName);
        if (nameProblem) throw badRequest(`The file name contains ${nameProblem}, which is not allowed`);
        // At most 200 characters, cut between code points (never inside a surrogate pair).
        if (originalName) originalName = Array.from(originalName).slice(0, 200).join('');

        const sha256 = createHash('sha256').update(input).digest('hex');
        const same = await findSameUpload(db, sight.id, user.id, sha256);
        if (same)
          return {
            ok: true as const,
            image: toRecord(same, baseOf(req)),
            message: 'This image was already uploaded',
          };

        // A quick refusal before the image is decoded; the insert below counts again under a per-user lock.
        const pending = await pendingCount(db, user.id);
        if (pending >= maxPending)
          throw new HttpError(
            429,
            'Too many of your images are waiting for review; try again later',
            'too_many_pending',
          );

        const img = await processUpload(input);
        const imageId = randomUUID();
        const now = new Date();
        const storagePath = `sight-images/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${imageId}.${img.ext}`;
        await store.put(storagePath, img.bytes);
        let row: ImageRow;
        try {
          row = await transactionAs(db, user.id, (tx) =>
            insertPendingImage(
              tx,
              {
                id: imageId,
                sightId: sight.id,
                userId: user.id,
                storagePath,
                mime: img.mime,
                width: img.width,
                height: img.height,
                bytes: img.bytes.length,
                sha256,
                originalName,
              },
              maxPending,
            ),
          );
        } catch (err) {
          await store.remove(storagePath).catch(() => undefined);
          throw err;
        }
        reply.code(201);
        return {
          ok: true as const,
          image: toRecord(row, baseOf(req)),
          message: 'Uploaded; the image appears on the sight once an admin approves it',
        };
      });
  });

  app.delete(
    '/sights/:id/images/:imageId',
    {
      schema: {
        summary: 'Delete an image (owner or admin)',
        'x-auth': 'user',
        params: ImageParams,
        response: { 200: ImageDeleteResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const p = req.params;
      const row = await findImage(db, p.imageId);
      const sight = row && (await sightOf(db, p.id));
      if (!row || !sight || sight.id !== row.sight_id) throw notFound('Image not found');
      const admin = await isAdmin(user);
      if (row.user_id !== user.id && !admin)
        throw forbidden('Only the uploader or an admin can delete this image');
      await deleteImage(db, row, user.id);
      await store
        .remove(row.storage_path)
        .catch((err: unknown) => req.log.warn({ err }, 'image file not removed'));
      return { ok: true as const, id: row.id, message: 'Image deleted' };
    },
  );

  /** Approved images of a sight for everyone, plus the caller's own pending and rejected ones (all for an admin). */
  app.get(
    '/sights/:id/images',
    {
      schema: {
        summary: "A sight's approved images, plus the caller's own pending ones",
        'x-auth': 'optional',
        params: SightParams,
        response: { 200: SightImagesResponse },
      },
    },
    async (req) => {
      const user = await auth.getUser(req);
      const { id } = req.params;
      const sight = await visibleSight(db, id);
      if (!sight) throw notFound('Sight not found');
      const admin = await isAdmin(user);
      const rows = await listSightImages(db, sight.id, user?.id ?? null, admin);
      const base = baseOf(req);
      return { items: rows.map((r) => toRecord(r, base)) };
    },
  );

  const sign = async (req: FastifyRequest, ref: string) => {
    const row = await findImage(db, ref);
    if (!row) throw notFound('Image not found');
    await assertMayView(row, await auth.getUser(req));
    const signed = signImagePath(config.jwtSecret, row.storage_path, config.media.urlTtlSeconds);
    return {
      url: `${baseOf(req)}${signed.url}`,
      expires_at: signed.expiresAt,
      path: row.storage_path,
      status: row.status,
    };
  };

  /** GET /sights/images/sign/{path}: path is the storage path (or the image id). */
  const signSummary =
    'A signed, expiring URL for an image path or id (pending images: their uploader or an admin)';
  app.get(
    '/sights/images/sign/*',
    {
      schema: {
        summary: signSummary,
        'x-auth': 'optional',
        params: SignParams,
        response: { 200: SignedUrlResponse },
      },
    },
    async (req) => {
      const ref = req.params['*'];
      return sign(req, ref.replace(/^\/+/, ''));
    },
  );

  /** GET /media/sign?media_id: media_id is an image id or storage path. */
  app.get(
    '/media/sign',
    {
      schema: {
        summary: 'A signed, expiring URL for a media id (pending images: their uploader or an admin)',
        'x-auth': 'optional',
        querystring: MediaSignQuery,
        response: { 200: SignedUrlResponse },
      },
    },
    async (req) => {
      const { media_id } = req.query;
      return sign(req, media_id.replace(/^\/+/, ''));
    },
  );

  /** The bytes, only with a valid, unexpired signature for exactly this path. */
  // Image bytes are compressed already: never re-encoded.
  const fileSchema = {
    summary: 'The image file behind a signed URL (refuses bad or expired signatures)',
    params: FileParams,
    querystring: fileQuery,
    response: {
      200: nonJson('image/*', 'The image (its stored type)'),
      403: ErrorBody.describe('Unsigned, badly signed or expired URL'),
    },
  } as const;
  app.get('/sights/images/file/*', { compress: false, schema: fileSchema }, async (req, reply) => {
    const path = req.params['*'];
    const q = SignedFileQuery.safeParse(req.query);
    const check = q.success ? verifyImagePath(config.jwtSecret, path, q.data.exp, q.data.sig) : 'invalid';
    if (check === 'missing') throw forbidden('This image URL is not signed');
    if (check === 'invalid') throw forbidden('Invalid image signature');
    if (check === 'expired') throw forbidden('This image URL has expired');
    const row = await findImage(db, path);
    if (!row || row.storage_path !== path) throw notFound('Image not found');
    const bytes = await store.get(row.storage_path);
    if (!bytes) throw notFound('Image file not found');
    const remaining = Math.max(0, (q.success ? (q.data.exp ?? 0) : 0) - Math.floor(Date.now() / 1000));
    reply
      .header('Content-Type', row.mime)
      .header(
        'Cache-Control',
        `${row.status === 'approved' ? 'public' : 'private'}, max-age=${Math.min(remaining, 86_400)}`,
      )
      .header('Content-Disposition', 'inline');
    return reply.send(bytes as never);
  });
}
