import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  MyStationReportsResponse,
  SightParams,
  StationIdParams,
  StationReportInput,
  StationReportResponse,
} from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { createReport, myReports } from '../services/station-reports';

/**
 * The listener's half of the trust loop: report a station of one's guide, and see what became
 * of one's reports on a sight. The admin's half is routes/admin/reports.ts.
 */
export async function reportRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/guides/stations/:stationId/reports',
    {
      schema: {
        summary:
          "Report a problem with a station of one of the caller's guides (one open report per station)",
        'x-auth': 'user',
        params: StationIdParams,
        body: StationReportInput,
        response: {
          200: StationReportResponse,
          404: ErrorBody.describe('No such station among your guides'),
          409: ErrorBody.describe('You already have an open report on this station'),
        },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const report = await createReport(db, user.id, req.params.stationId, req.body);
      return { ok: true as const, report, message: 'Thank you: an admin will look at this station.' };
    },
  );

  app.get(
    '/sights/:id/reports/mine',
    {
      schema: {
        summary: "The caller's reports on their guides' stations for a sight, with what became of them",
        'x-auth': 'user',
        params: SightParams,
        response: { 200: MyStationReportsResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      return { items: await myReports(db, user.id, req.params.id) };
    },
  );
}
