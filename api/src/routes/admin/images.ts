import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ImageReviewInput, ImageReviewResponse, PendingImagesResponse } from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { pendingImages, reviewImages } from '../../services/image-review';

const ImageIdParam = z.object({ id: z.string().uuid() });

/** /admin/images: the moderation queue and approve/reject, one image (path) or a selection (body, one transaction). */
export async function adminImageRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/images/pending',
    {
      schema: {
        summary: 'Images waiting for review',
        'x-auth': 'admin',
        response: { 200: PendingImagesResponse },
      },
    },
    async () => ({
      ok: true as const,
      items: await pendingImages(db),
    }),
  );
  const review =
    (status: 'approved' | 'rejected') =>
    async (req: FastifyRequest<{ Params: { id?: string }; Body?: { ids: string[] } }>) => {
      const admin = await auth.requireAdmin(req);
      const id = req.params.id;
      const updated = await reviewImages(db, admin.id, id ? [id] : req.body!.ids, status, Boolean(id));
      return { ok: true as const, updated, message: `${updated.length} image(s) ${status}` };
    };
  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    const what = action === 'approve' ? 'Approve' : 'Reject';
    app.post(
      `/admin/images/${action}`,
      {
        schema: {
          summary: `${what} images`,
          'x-auth': 'admin',
          body: ImageReviewInput,
          response: { 200: ImageReviewResponse },
        },
      },
      review(status),
    );
    app.post(
      `/admin/images/:id/${action}`,
      {
        schema: {
          summary: `${what} one image`,
          'x-auth': 'admin',
          params: ImageIdParam,
          response: { 200: ImageReviewResponse },
        },
      },
      review(status),
    );
  }
}
