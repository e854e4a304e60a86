import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminThemeInput,
  AdminThemePatch,
  AdminThemeResponse,
  AdminThemesResponse,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { activateTheme, createTheme, listThemes, updateTheme } from '../../services/themes';

const IdParam = z.object({ id: z.string().uuid('Invalid id') });

/** /admin/themes: list, create, the seasonal flag and activation (the preview is per browser, in the client). */
export async function adminThemeRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/themes',
    { schema: { summary: 'Themes', 'x-auth': 'admin', response: { 200: AdminThemesResponse } } },
    async () => ({
      ok: true as const,
      themes: await listThemes(db),
    }),
  );
  app.post(
    '/admin/themes',
    {
      schema: {
        summary: 'Create a theme',
        'x-auth': 'admin',
        body: AdminThemeInput,
        response: { 200: AdminThemeResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        theme: await createTheme(db, admin.id, req.body),
        message: 'Theme created',
      };
    },
  );
  app.put(
    '/admin/themes/:id',
    {
      schema: {
        summary: 'Edit a theme',
        'x-auth': 'admin',
        params: IdParam,
        body: AdminThemePatch,
        response: { 200: AdminThemeResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        theme: await updateTheme(db, admin.id, req.params.id, req.body),
        message: 'Theme updated',
      };
    },
  );
  app.post(
    '/admin/themes/:id/activate',
    {
      schema: {
        summary: 'Make a theme the active one',
        'x-auth': 'admin',
        params: IdParam,
        response: { 200: AdminThemeResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        theme: await activateTheme(db, admin.id, req.params.id),
        message: 'Theme activated',
      };
    },
  );
}
