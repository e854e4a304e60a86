import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { seedProduct } from '../services/seed';
import { adminAuditLogRoutes } from './admin/audit-log';
import { adminDashboardRoutes } from './admin/dashboard';
import { adminImageRoutes } from './admin/images';
import { adminNewsRoutes } from './admin/news';
import { adminReleaseRoutes } from './admin/releases';
import { adminReportRoutes } from './admin/reports';
import { adminRoadmapRoutes } from './admin/roadmap';
import { adminShopRoutes } from './admin/shop';
import { adminSightRoutes } from './admin/sights';
import { adminThemeRoutes } from './admin/themes';
import { commentRoutes } from './comments';
import { geocodeRoutes } from './geocode';
import { guideRoutes } from './guides';
import { imageRoutes } from './images';
import { listeningRoutes } from './listening';
import { newsRoutes } from './news';
import { paymentRoutes } from './payments';
import { presenceRoutes } from './presence';
import { releaseRoutes } from './releases';
import { reportRoutes } from './reports';
import { roadmapRoutes } from './roadmap';
import { searchRoutes } from './search';
import { shopRoutes } from './shop';
import { sightRoutes } from './sights';
import { subscriptionRoutes } from './subscriptions';
import { themeRoutes } from './themes';
import { avatarRoutes } from './users/avatar';
import { userRoutes } from './users/me';

/**
 * Registers the product API (spec point 7), one file per resource by URL prefix (the table in README.md).
 * server.ts calls it after the auth and rest routes.
 */
export async function registerProductRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await sightRoutes(app, deps);
  await imageRoutes(app, deps);
  await commentRoutes(app, deps);
  await guideRoutes(app, deps);
  await geocodeRoutes(app);
  await searchRoutes(app, deps);
  await newsRoutes(app, deps);
  await roadmapRoutes(app, deps);
  await themeRoutes(app, deps);
  await shopRoutes(app, deps);
  await presenceRoutes(app, deps);
  await userRoutes(app, deps);
  await avatarRoutes(app, deps);
  await subscriptionRoutes(app, deps);
  await paymentRoutes(app, deps);
  await adminDashboardRoutes(app, deps);
  await adminImageRoutes(app, deps);
  await adminNewsRoutes(app, deps);
  await adminRoadmapRoutes(app, deps);
  await adminThemeRoutes(app, deps);
  await adminShopRoutes(app, deps);
  await adminSightRoutes(app, deps);
  await adminAuditLogRoutes(app, deps);
  await reportRoutes(app, deps);
  await adminReportRoutes(app, deps);
  await listeningRoutes(app, deps);
  await releaseRoutes(app, deps);
  await adminReleaseRoutes(app, deps);
}

/** Loads the product seed (sights, news, roadmap, shop, themes) when the tables are empty. */
export async function seedProductData(
  deps: Pick<Deps, 'db' | 'config'>,
  opts: { log?: (m: string) => void } = {},
): Promise<void> {
  await seedProduct(deps.db, opts.log);
}
