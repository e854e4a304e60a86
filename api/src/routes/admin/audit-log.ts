import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogQuery, AuditLogResponse } from '@wayfarer/contracts';
import type { Deps } from '../../deps';
import { listAuditLog } from '../../services/admin-content';

/** GET /admin/audit-log: every admin write, newest first (recorded by services/audit.ts in the write's transaction). */
export async function adminAuditLogRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/audit-log',
    {
      schema: {
        summary: 'Admin actions, newest first',
        'x-auth': 'admin',
        querystring: AuditLogQuery,
        response: { 200: AuditLogResponse },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await listAuditLog(db, q);
      return { ok: true as const, items, total, page: q.page, pageSize: q.pageSize };
    },
  );
}
