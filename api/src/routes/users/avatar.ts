import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AvatarInput, AvatarResponse, OkMessage } from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { transactionAs } from '../../auth/service';
import { notFound } from '../../http/errors';
import { apiBaseOf } from '../../http/public-base';
import { nonJson } from '../../http/route-contract';
import { MAX_AVATAR_SIDE, processUpload } from '../../services/image-process';
import { decodeAvatar, loadAvatar, removeAvatar, saveAvatar } from '../../services/subscription-account';

const AvatarParams = z.object({ userId: z.string().uuid('Invalid user id') });

/** Avatars: PUT and DELETE /users/me/avatar (the caller's), GET /avatars/:userId (anyone's picture, public). */
export async function avatarRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/users/me/avatar',
    {
      schema: {
        summary: 'Set the caller’s avatar (data URL; stored re-encoded as WebP, without metadata)',
        'x-auth': 'user',
        body: AvatarInput,
        response: { 200: AvatarResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const { image } = req.body;
      // Re-encoded as sight photos are: the picture is public, so its EXIF (GPS position, camera, time) must not be.
      const avatar = await processUpload(decodeAvatar(image).bytes, MAX_AVATAR_SIDE);
      const base = apiBaseOf(deps.config, req).replace(/\/+$/, '');
      const url = `${base}/avatars/${user.id}?v=${Date.now()}`;
      await transactionAs(db, user.id, (tx) => saveAvatar(tx, user.id, avatar.mime, avatar.bytes, url));
      return { ok: true as const, avatar_url: url };
    },
  );

  app.delete(
    '/users/me/avatar',
    { schema: { summary: 'Remove the caller’s avatar', 'x-auth': 'user', response: { 200: OkMessage } } },
    async (req) => {
      const user = await auth.requireUser(req);
      await db.transaction((tx) => removeAvatar(tx, user.id));
      return { ok: true as const, message: 'Avatar removed' };
    },
  );

  // Image bytes are compressed already: never re-encoded.
  app.get(
    '/avatars/:userId',
    {
      compress: false,
      schema: {
        summary: "A user's avatar image",
        params: AvatarParams,
        response: { 200: nonJson('image/*', 'The avatar (its stored type)') },
      },
    },
    async (req, reply) => {
      const { userId } = req.params;
      const row = await loadAvatar(db, userId);
      if (!row) throw notFound('Avatar not found');
      // The URL carries a version (?v=), so a cached copy never goes stale.
      return reply
        .header('content-type', row.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(row.data) as never);
    },
  );
}
