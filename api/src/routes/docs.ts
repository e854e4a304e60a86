import type { FastifyInstance } from 'fastify';
import * as contracts from '@wayfarer/contracts';
import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

interface RouteInfo {
  method: string;
  url: string;
}

/** Schemas of known routes; routes without an entry are still listed (collected from the live router). */
const SCHEMAS: Record<string, { query?: ZodTypeAny; body?: ZodTypeAny; response?: ZodTypeAny }> = {
  'GET /sights/nearby': { query: contracts.NearbyQuery, response: contracts.NearbyResponse },
  'GET /sights/featured': { response: contracts.FeaturedResponse },
  'GET /sights/detail/:id': { response: contracts.SightDetailResponse },
  'POST /sights/enrich': { body: contracts.EnrichInput, response: contracts.EnrichResult },
  'POST /sights/enrich/batch': { body: contracts.EnrichBatchInput, response: contracts.EnrichBatchResponse },
  'POST /sights/enrich-batch': { body: contracts.EnrichBatchInput, response: contracts.EnrichBatchResponse },
  'GET /geocode': { query: contracts.GeocodeQuery, response: contracts.GeocodeResponse },
  'GET /geocode/reverse': { query: contracts.ReverseGeocodeQuery, response: contracts.GeocodePlace },
  'GET /sights/:id/comments': { response: contracts.CommentListResponse },
  'POST /sights/:id/comments': { body: contracts.CommentInput, response: contracts.CommentCreatedResponse },
  'POST /comments/:id/like': { response: contracts.LikeResponse },
  'PATCH /comments/:id': { body: contracts.CommentPatch },
  'GET /news': { response: contracts.NewsListResponse },
  'GET /roadmap': { response: contracts.RoadmapListResponse },
  'GET /active-theme': { response: contracts.ActiveThemeResponse },
  'GET /admin/news': { response: contracts.NewsListResponse },
  'POST /admin/news': { body: contracts.NewsInput, response: contracts.NewsItemResponse },
  'PUT /admin/news/:id': { body: contracts.NewsPatch, response: contracts.NewsItemResponse },
  'GET /admin/roadmap': { response: contracts.RoadmapListResponse },
  'POST /admin/roadmap': { body: contracts.RoadmapInput, response: contracts.RoadmapItemResponse },
  'PUT /admin/roadmap/:id': { body: contracts.RoadmapPatch, response: contracts.RoadmapItemResponse },
  'PUT /admin/roadmap/reorder': { body: contracts.RoadmapReorderInput, response: contracts.OkMessage },
  'GET /users/currency': { response: contracts.CurrencyResponse },
  'GET /shop/items': { response: contracts.ShopItemsResponse },
  'POST /shop/purchase': { body: contracts.PurchaseInput, response: contracts.PurchaseResponse },
  'POST /presence/heartbeat': { body: contracts.PresenceInput },
};

const json = (s: ZodTypeAny) => zodToJsonSchema(s, { target: 'openApi3', $refStrategy: 'none' });

export async function docsRoutes(app: FastifyInstance) {
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) if (m !== 'HEAD' && m !== 'OPTIONS') routes.push({ method: m, url: r.url });
  });

  const openapi = () => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const r of routes) {
      const p = r.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
      const s = SCHEMAS[`${r.method} ${r.url}`] ?? {};
      const op: Record<string, unknown> = { responses: { 200: { description: 'OK', ...(s.response ? { content: { 'application/json': { schema: json(s.response) } } } : {}) } } };
      if (s.body) op.requestBody = { content: { 'application/json': { schema: json(s.body) } } };
      if (s.query) {
        const q = json(s.query) as { properties?: Record<string, unknown>; required?: string[] };
        op.parameters = Object.entries(q.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: q.required?.includes(name) ?? false, schema }));
      }
      (paths[p] ??= {})[r.method.toLowerCase()] = op;
    }
    return { openapi: '3.0.3', info: { title: 'Wayfarer API', version: '0.1.0' }, paths };
  };

  app.get('/docs/openapi.json', async () => openapi());
  app.get('/docs', async (_req, reply) => {
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = [...routes]
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((r) => `<tr><td><code>${r.method}</code></td><td><code>${esc(r.url)}</code></td></tr>`)
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wayfarer API</title></head><body><main><h1>Wayfarer API</h1><p><a href="/docs/openapi.json">OpenAPI JSON</a></p><table><thead><tr><th>Method</th><th>Path</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
  });
}
