import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActiveThemeResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { activeTheme } from '../services/themes';

/** GET /active-theme: the site theme everyone sees (the admin side is routes/admin/themes.ts). */
export async function themeRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/active-theme',
    { schema: { summary: 'The active site theme', response: { 200: ActiveThemeResponse } } },
    async () => ({
      theme: await activeTheme(db),
    }),
  );
}
