import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { seedProduct } from '../services/seed';
import { adminRoutes } from './admin';
import { adminContentRoutes } from './admin-content';
import { commentRoutes } from './comments';
import { commerceRoutes } from './commerce';
import { contentRoutes } from './content';
import { geocodeRoutes } from './geocode';
import { guideRoutes } from './guides';
import { imageRoutes } from './images';
import { ingestRoutes } from './ingest';
import { sightRoutes } from './sights';
import { subscriptionRoutes } from './subscriptions';

/**
 * Registers the product API (spec point 7). server.ts calls it after the auth and rest routes.
 */
export async function registerProductRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await sightRoutes(app, deps);
  await ingestRoutes(app, deps);
  await imageRoutes(app, deps);
  await geocodeRoutes(app);
  await commentRoutes(app, deps);
  await guideRoutes(app, deps);
  await contentRoutes(app, deps);
  await commerceRoutes(app, deps);
  await subscriptionRoutes(app, deps);
  await adminRoutes(app, deps);
  await adminContentRoutes(app, deps);
}

/** Loads the product seed (sights, news, roadmap, shop, themes) when the tables are empty. */
export async function seedProductData(deps: Pick<Deps, 'db' | 'config'>, opts: { log?: (m: string) => void } = {}): Promise<void> {
  await seedProduct(deps.db, opts.log);
}
