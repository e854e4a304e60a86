import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminStatsResponse,
  AnalyticsQuery,
  AnalyticsResponse,
  OnlineUsersResponse,
  UserGrowthQuery,
  UserGrowthResponse,
} from '@wayfarer/contracts';
import type { Deps } from '../../deps';
import { analytics, dashboardStats, onlineUsers, userGrowth } from '../../services/dashboard';

/** The admin dashboard (spec point 3): /admin/stats, /admin/online-users, /admin/user-growth, /admin/analytics. */
export async function adminDashboardRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/stats',
    {
      schema: {
        summary: 'Dashboard stats (spec point 3)',
        'x-auth': 'admin',
        response: { 200: AdminStatsResponse },
      },
    },
    () => dashboardStats(db),
  );
  app.get(
    '/admin/online-users',
    {
      schema: {
        summary: 'Sessions seen in the last minutes',
        'x-auth': 'admin',
        response: { 200: OnlineUsersResponse },
      },
    },
    () => onlineUsers(db),
  );
  app.get(
    '/admin/user-growth',
    {
      schema: {
        summary: 'New users per period',
        'x-auth': 'admin',
        querystring: UserGrowthQuery,
        response: { 200: UserGrowthResponse },
      },
    },
    (req) => userGrowth(db, req.query.period),
  );
  app.get(
    '/admin/analytics',
    {
      schema: {
        summary: 'Financial or shop analytics over a time range',
        'x-auth': 'admin',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsResponse },
      },
    },
    (req) => analytics(db, req.query.timeRange, req.query.type),
  );
}
