import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminReportFixInput,
  AdminReportResolveResponse,
  AdminReportsQuery,
  AdminReportsResponse,
  ErrorBody,
  ReportIdParams,
} from '@wayfarer/contracts';
import type { Deps } from '../../deps';
import { enqueueStationNarration } from '../../jobs/station-jobs';
import {
  listReports,
  resolveReport,
  type EnqueueNarration,
  type ReportAction,
} from '../../services/station-reports';

/**
 * /admin/reports: the reports listeners filed on guide stations, and the actions that resolve
 * them: fix the text (narrated again), regenerate (narrated again), hide the station, or dismiss. Admins only
 * (x-auth admin: 401 signed out, 403 non-admin, before the input is read).
 */
export async function adminReportRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth, jobs } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const enqueue: EnqueueNarration = (tx, stationId) => enqueueStationNarration(jobs.boss, tx, stationId);

  app.get(
    '/admin/reports',
    {
      schema: {
        summary: 'Station reports by status (open: oldest first), with the station text and audio',
        'x-auth': 'admin',
        querystring: AdminReportsQuery,
        response: { 200: AdminReportsResponse },
      },
    },
    async (req) => {
      await auth.requireAdmin(req);
      const q = req.query;
      const { items, total } = await listReports(db, q);
      return { ok: true as const, items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  const responses = {
    200: AdminReportResolveResponse,
    404: ErrorBody.describe('No such report'),
    409: ErrorBody.describe('The report was resolved already'),
  };

  app.post(
    '/admin/reports/:id/fix',
    {
      schema: {
        summary: "Fix a reported station's text (it is narrated again) and resolve its reports as fixed",
        'x-auth': 'admin',
        params: ReportIdParams,
        body: AdminReportFixInput,
        response: responses,
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const out = await db.transaction((tx) =>
        resolveReport(tx, admin.id, req.params.id, 'fix', enqueue, req.body),
      );
      return { ok: true as const, ...out };
    },
  );

  const simple: [ReportAction, string][] = [
    ['regenerate', 'Narrate a reported station again and resolve its reports as regenerated'],
    ['hide', 'Hide a reported station from listeners and resolve its reports as hidden'],
    ['dismiss', "Resolve a station's reports with no change"],
  ];
  for (const [action, summary] of simple) {
    app.post(
      `/admin/reports/:id/${action}`,
      { schema: { summary, 'x-auth': 'admin', params: ReportIdParams, response: responses } },
      async (req) => {
        const admin = await auth.requireAdmin(req);
        const out = await db.transaction((tx) => resolveReport(tx, admin.id, req.params.id, action, enqueue));
        return { ok: true as const, ...out };
      },
    );
  }
}
