import type { FastifyInstance } from 'fastify';
import * as c from '@wayfarer/contracts';
import { z, type ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

export interface RouteInfo {
  method: string;
  url: string;
}

/**
 * What /docs says about one route. Request and response schemas are the zod objects of @wayfarer/contracts that
 * the route and the api client use. A route answers JSON with `response`, or another type (`produces`), or JSON
 * whose shape no contract fixes yet (`untyped`, with the reason).
 */
export interface RouteDoc {
  summary: string;
  /** Bearer JWT: any signed-in user, an admin (admin_users), or optional (answers more when signed in). */
  auth?: 'user' | 'admin' | 'optional';
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  /** multipart/form-data with a file in this field. */
  upload?: string;
  response?: ZodTypeAny;
  produces?: string;
  untyped?: string;
  /** Statuses beyond the common ones (400 for invalid input, 401/403 for auth, 404 for an unknown path id). */
  errors?: Record<number, { description: string; schema?: ZodTypeAny }>;
}

const GOTRUE = 'Supabase Auth (GoTrue) protocol, as supabase-js speaks it';
const POSTGREST = 'PostgREST protocol subset, as supabase-js speaks it';

/** Every route of the API, keyed `METHOD /url` exactly as registered. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /health': { summary: 'Liveness and the database kind', untyped: 'operations endpoint: { ok, db }' },
  'GET /docs': { summary: 'This API as an HTML table', produces: 'text/html' },
  'GET /docs/openapi.json': { summary: 'This API as an OpenAPI 3 document', untyped: 'an OpenAPI 3.0 document' },
  'GET /dev/mailbox': { summary: 'Local mailbox (not in production): the e-mails the API "sent"', produces: 'text/html' },
  'GET /dev/mailbox.json': { summary: 'Local mailbox as JSON (not in production)', untyped: 'local development tool' },

  // ---- auth (Supabase-compatible)
  'GET /auth/v1/settings': { summary: 'Auth settings (providers)', untyped: GOTRUE },
  'GET /auth/v1/health': { summary: 'Auth health', untyped: GOTRUE },
  'POST /auth/v1/signup': { summary: 'Sign up with e-mail and password; a 6-digit code goes to the mailbox', untyped: GOTRUE },
  'POST /auth/v1/verify': { summary: 'Verify the e-mail code', untyped: GOTRUE },
  'POST /auth/v1/resend': { summary: 'Send the code again', untyped: GOTRUE },
  'POST /auth/v1/token': { summary: 'Password sign-in, refresh, PKCE exchange', untyped: GOTRUE },
  'GET /auth/v1/user': { summary: 'The signed-in user', auth: 'user', untyped: GOTRUE },
  'PUT /auth/v1/user': { summary: 'Update the signed-in user (e-mail, password, metadata)', auth: 'user', untyped: GOTRUE },
  'POST /auth/v1/logout': { summary: 'Sign out (this session, others or all)', auth: 'user', untyped: GOTRUE },
  'GET /auth/v1/authorize': { summary: 'OAuth sign-in (local Google stand-in consent page)', produces: 'text/html' },
  'POST /auth/v1/authorize/consent': { summary: 'OAuth consent; redirects back with a code', produces: 'text/html' },
  'GET /rest/v1/:table': { summary: 'Select rows of profiles / admin_users under row-level rules', auth: 'optional', untyped: POSTGREST },
  'POST /rest/v1/:table': { summary: 'Insert or upsert rows', auth: 'user', untyped: POSTGREST },
  'PATCH /rest/v1/:table': { summary: 'Update rows', auth: 'user', untyped: POSTGREST },

  // ---- sights
  'GET /sights/nearby': { summary: 'Sights near a point, nearest first', query: c.NearbyQuery, response: c.NearbyResponse },
  'GET /sights/featured': { summary: 'Popular sights for the home page', response: c.FeaturedResponse },
  'GET /sights/detail/:id': { summary: "A sight (id or slug) with its ordered stations and approved images (plus the caller's own pending ones)", auth: 'optional', response: c.SightDetailResponse },
  'POST /sights/enrich': { summary: 'City, country and country code of a sight from the gazetteer', auth: 'user', body: c.EnrichInput, response: c.EnrichResult },
  'POST /sights/enrich/batch': { summary: 'Enrich several sights', auth: 'user', body: c.EnrichBatchInput, response: c.EnrichBatchResponse },
  'POST /sights/enrich-batch': { summary: 'Enrich several sights (alias)', auth: 'user', body: c.EnrichBatchInput, response: c.EnrichBatchResponse },
  'POST /sights/ingest': {
    summary: 'Add sights around a point from the map-data source (idempotent)',
    auth: 'user',
    body: c.SightIngestInput,
    response: c.SightIngestResponse,
    errors: { 429: { description: 'Too many source fetches this minute' }, 502: { description: 'The map-data source failed or timed out' } },
  },
  'GET /geocode': { summary: 'Places by name (Nominatim JSON shape), from the offline gazetteer', query: c.GeocodeQuery, response: c.GeocodeResponse },
  'GET /geocode/reverse': { summary: 'The place at a point (Nominatim JSON shape)', query: c.ReverseGeocodeQuery, response: c.GeocodePlace },

  // ---- images and media
  'POST /sights/:id/images': {
    summary: 'Upload a sight image (JPEG/PNG/WebP checked by content, at most MEDIA_MAX_BYTES); pending until an admin approves',
    auth: 'user',
    upload: c.IMAGE_UPLOAD_LIMITS.field,
    response: c.ImageUploadResponse,
    errors: { 413: { description: 'The image is too large' }, 429: { description: 'Too many pending images' } },
  },
  'GET /sights/:id/images': { summary: "A sight's approved images, plus the caller's own pending ones", auth: 'optional', response: c.SightImagesResponse },
  'DELETE /sights/:id/images/:imageId': { summary: 'Delete an image (owner or admin)', auth: 'user', response: c.ImageDeleteResponse },
  'GET /sights/images/sign/*': { summary: 'A signed, expiring URL for an image path or id (pending images: their uploader or an admin)', auth: 'optional', response: c.SignedUrlResponse },
  'GET /media/sign': { summary: 'A signed, expiring URL for a media id (pending images: their uploader or an admin)', auth: 'optional', query: c.MediaSignQuery, response: c.SignedUrlResponse },
  'GET /sights/images/file/*': { summary: 'The image file behind a signed URL (refuses bad or expired signatures)', query: c.SignedFileQuery, produces: 'image/*' },
  'GET /avatars/:userId': { summary: "A user's avatar image", produces: 'image/*' },

  // ---- comments
  'GET /sights/:id/comments': { summary: "A sight's comments with replies, likes and the caller's likes", auth: 'optional', response: c.CommentListResponse },
  'POST /sights/:id/comments': { summary: 'Post a comment or a reply, with an optional 1-5 rating', auth: 'user', body: c.CommentInput, response: c.CommentCreatedResponse },
  'POST /comments/:id/like': { summary: 'Toggle the caller’s like', auth: 'user', response: c.LikeResponse },
  'PATCH /comments/:id': { summary: 'Edit a comment (owner or admin)', auth: 'user', body: c.CommentPatch, untyped: '{ ok, comment }: the edited comment row' },
  'DELETE /comments/:id': { summary: 'Delete a comment and its replies (owner or admin)', auth: 'user', untyped: '{ ok: true }' },

  // ---- guides
  'POST /sights/generate-guide': {
    summary: 'Reserve a guide for a sight and queue its making (monthly allowance per plan); answers at once, poll GET /guides/:id',
    auth: 'user',
    body: c.GenerateGuideInput,
    response: c.GenerateGuideResponse,
    errors: {
      429: { description: 'The monthly guide allowance is used up; upgrade at /pricing', schema: c.GuideLimitError },
    },
  },
  'GET /sights/:id/guide': { summary: "The caller's latest finished guide for a sight (or null), the one being made (or null) and the month's usage", auth: 'user', response: c.SightGuideResponse },
  'GET /guides/usage': { summary: "The caller's guide allowance this month", auth: 'user', response: c.GuideUsageResponse },
  'GET /guides/:id': { summary: "One of the caller's guides (admins: any), with its progress: status, stations made so far, stations_total", auth: 'user', response: c.GuideResponse },
  'GET /guides/audio/:stationId': {
    summary: "A station's narration (audio/mpeg; older guides audio/wav), with HTTP ranges (206), HEAD, ETag",
    produces: 'audio/mpeg',
    errors: { 206: { description: 'The requested byte range (Range: bytes=start-end)' }, 416: { description: 'Range not satisfiable' } },
  },

  // ---- content
  'GET /news': { summary: 'Published news', response: c.NewsListResponse },
  'GET /news/:id': { summary: 'One published news item', response: c.NewsItemResponse },
  'GET /roadmap': { summary: 'Published roadmap items in order', response: c.RoadmapListResponse },
  'GET /active-theme': { summary: 'The active site theme', response: c.ActiveThemeResponse },

  // ---- currency, shop, presence, account, subscriptions
  'GET /users/currency': { summary: "The caller's coin balance", auth: 'user', response: c.CurrencyResponse },
  'GET /shop/items': { summary: 'Shop items', response: c.ShopItemsResponse },
  'POST /shop/purchase': {
    summary: 'Buy an item with coins (atomic, idempotency key)',
    auth: 'user',
    body: c.PurchaseInput,
    response: c.PurchaseResponse,
    errors: { 402: { description: 'Insufficient balance' } },
  },
  'POST /presence/heartbeat': { summary: 'Session heartbeat (online users, page views)', auth: 'optional', body: c.PresenceInput, untyped: '{ ok: true }' },
  'GET /users/me/overview': { summary: "The caller's account overview", auth: 'user', response: c.UserOverviewResponse },
  'GET /users/me/purchases': { summary: "The caller's purchase history", auth: 'user', response: c.PurchaseHistoryResponse },
  'POST /users/me/coins/checkout': { summary: 'Buy a coin pack through the payment provider', auth: 'user', body: c.CoinCheckoutInput, response: c.CoinCheckoutResponse },
  'PUT /users/me/avatar': { summary: 'Set the caller’s avatar (data URL)', auth: 'user', body: c.AvatarInput, response: c.AvatarResponse },
  'DELETE /users/me/avatar': { summary: 'Remove the caller’s avatar', auth: 'user', response: c.OkMessage },
  'DELETE /users/me': { summary: 'Delete the caller’s account', auth: 'user', body: c.DeleteAccountInput, response: c.OkMessage },
  'GET /subscriptions/me': { summary: "The caller's subscription and payments", auth: 'user', response: c.SubscriptionResponse },
  'GET /subscriptions/quote': { summary: 'What a plan change would cost now', auth: 'user', query: c.SubscriptionQuoteQuery, response: c.SubscriptionQuoteResponse },
  'POST /subscriptions': { summary: 'Subscribe, upgrade (prorated now) or downgrade (next cycle)', auth: 'user', body: c.SubscriptionChangeInput, response: c.SubscriptionChangeResponse },
  'POST /subscriptions/cancel': { summary: 'Cancel at the end of the period', auth: 'user', response: c.SubscriptionResponse },

  // ---- admin
  'GET /admin/stats': { summary: 'Dashboard stats (spec point 3)', auth: 'admin', untyped: 'no contract schema yet: { ok, stats }' },
  'GET /admin/online-users': { summary: 'Sessions seen in the last minutes', auth: 'admin', untyped: 'no contract schema yet: { ok, users }' },
  'GET /admin/user-growth': { summary: 'New users per period', auth: 'admin', query: c.UserGrowthQuery, untyped: 'no contract schema yet' },
  'GET /admin/analytics': { summary: 'Financial or shop analytics over a time range', auth: 'admin', query: c.AnalyticsQuery, response: c.AnalyticsResponse },
  'GET /admin/audit-log': { summary: 'Admin actions, newest first', auth: 'admin', query: c.AuditLogQuery, response: c.AuditLogResponse },
  'GET /admin/images/pending': { summary: 'Images waiting for review', auth: 'admin', response: c.PendingImagesResponse },
  'POST /admin/images/approve': { summary: 'Approve images', auth: 'admin', body: c.ImageReviewInput, response: c.ImageReviewResponse },
  'POST /admin/images/reject': { summary: 'Reject images', auth: 'admin', body: c.ImageReviewInput, response: c.ImageReviewResponse },
  'POST /admin/images/:id/approve': { summary: 'Approve one image', auth: 'admin', response: c.ImageReviewResponse },
  'POST /admin/images/:id/reject': { summary: 'Reject one image', auth: 'admin', response: c.ImageReviewResponse },
  'GET /admin/news': { summary: 'All news, drafts included for an admin (others: published only)', auth: 'optional', response: c.NewsListResponse },
  'POST /admin/news': { summary: 'Create a news item', auth: 'admin', body: c.NewsInput, response: c.NewsItemResponse },
  'PUT /admin/news/:id': { summary: 'Edit a news item', auth: 'admin', body: c.NewsPatch, response: c.NewsItemResponse },
  'DELETE /admin/news/:id': { summary: 'Delete a news item', auth: 'admin', response: c.OkMessage },
  'GET /admin/roadmap': { summary: 'All roadmap items', auth: 'admin', response: c.RoadmapListResponse },
  'POST /admin/roadmap': { summary: 'Create a roadmap item', auth: 'admin', body: c.RoadmapInput, response: c.RoadmapItemResponse },
  'PUT /admin/roadmap/reorder': { summary: 'Reorder the roadmap (one transaction)', auth: 'admin', body: c.RoadmapReorderInput, response: c.OkMessage },
  'PUT /admin/roadmap/:id': { summary: 'Edit a roadmap item', auth: 'admin', body: c.RoadmapPatch, response: c.RoadmapItemResponse },
  'DELETE /admin/roadmap/:id': { summary: 'Delete a roadmap item', auth: 'admin', response: c.OkMessage },
  'GET /admin/themes': { summary: 'Themes', auth: 'admin', response: c.AdminThemesResponse },
  'POST /admin/themes': { summary: 'Create a theme', auth: 'admin', body: c.AdminThemeInput, response: c.AdminThemeResponse },
  'PUT /admin/themes/:id': { summary: 'Edit a theme', auth: 'admin', body: c.AdminThemePatch, response: c.AdminThemeResponse },
  'POST /admin/themes/:id/activate': { summary: 'Make a theme the active one', auth: 'admin', response: c.AdminThemeResponse },
  'GET /admin/shop/items': { summary: 'Shop items with sales', auth: 'admin', response: c.AdminShopItemsResponse },
  'POST /admin/shop/items': { summary: 'Create a shop item', auth: 'admin', body: c.AdminShopItemInput, response: c.AdminShopItemResponse },
  'PUT /admin/shop/items/:id': { summary: 'Edit a shop item', auth: 'admin', body: c.AdminShopItemPatch, response: c.AdminShopItemResponse },
  'DELETE /admin/shop/items/:id': { summary: 'Delete (or retire, when sold) a shop item', auth: 'admin', response: c.AdminShopDeleteResponse },
  'GET /admin/sights': { summary: 'Search sights', auth: 'admin', query: c.AdminSightSearchQuery, response: c.AdminSightSearchResponse },
  'POST /admin/sights/merge': { summary: 'Merge duplicate sights into one', auth: 'admin', body: c.AdminMergeInput, response: c.AdminMergeResponse },
  'GET /admin/sights/:id': { summary: 'A sight with its stations', auth: 'admin', response: c.AdminSightDetailResponse },
  'PUT /admin/sights/:id': { summary: 'Edit a sight', auth: 'admin', body: c.AdminSightPatch, response: c.AdminSightResponse },
  'POST /admin/sights/:id/hide': { summary: 'Hide a sight', auth: 'admin', response: c.AdminSightResponse },
  'POST /admin/sights/:id/unhide': { summary: 'Show a hidden sight again', auth: 'admin', response: c.AdminSightResponse },
  'PUT /admin/sights/:id/stations': { summary: "Replace a sight's ordered stations", auth: 'admin', body: c.AdminStationsInput, response: c.AdminStationsResponse },
};

const ErrorBody = z.object({ error: z.string(), message: z.string(), code: z.string().optional() });
const json = (s: ZodTypeAny) => zodToJsonSchema(s, { target: 'openApi3', $refStrategy: 'none' });
const jsonContent = (s: ZodTypeAny) => ({ content: { 'application/json': { schema: json(s) } } });

/** Path template in OpenAPI form: /sights/:id -> /sights/{id}, a trailing * -> {path}. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');

/** The OpenAPI operation of a route; a route without an entry in ROUTE_DOCS is flagged x-undocumented. */
function operation(r: RouteInfo): Record<string, unknown> {
  const d = ROUTE_DOCS[`${r.method} ${r.url}`];
  const params = [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).concat(r.url.endsWith('*') ? ['path'] : []);
  const parameters: unknown[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (!d) return { 'x-undocumented': true, parameters, responses: { 200: { description: 'OK' } } };

  if (d.query) {
    const q = json(d.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
  }
  const ok = d.response
    ? { description: 'OK', ...jsonContent(d.response) }
    : d.produces
      ? { description: 'OK', content: { [d.produces]: { schema: { type: 'string', format: 'binary' } } } }
      : { description: `OK (JSON: ${d.untyped ?? 'see summary'})`, content: { 'application/json': { schema: {} } } };
  const responses: Record<string, unknown> = { 200: ok };
  const err = (description: string) => ({ description, ...jsonContent(ErrorBody) });
  if (parameters.length || d.body || d.upload) responses[400] = err('Invalid input (the message names the field)');
  if (d.auth === 'user' || d.auth === 'admin') responses[401] = err('No valid bearer token');
  if (d.auth === 'admin') responses[403] = err('Not an admin');
  if (params.length) responses[404] = err('Not found');
  for (const [status, e] of Object.entries(d.errors ?? {})) {
    responses[status] = e.schema ? { description: e.description, ...jsonContent(e.schema) } : Number(status) < 300 ? { description: e.description } : err(e.description);
  }
  const op: Record<string, unknown> = { summary: d.summary, responses };
  if (parameters.length) op.parameters = parameters;
  if (d.auth === 'user' || d.auth === 'admin') op.security = [{ bearer: [] }];
  if (d.auth === 'optional') op.security = [{}, { bearer: [] }];
  if (d.auth === 'admin') op['x-role'] = 'admin';
  // Machine-readable for the authorization matrix and the route fuzzer (api/src/__tests__/route-*.test.ts).
  op['x-auth'] = d.auth ?? 'none';
  if (d.body) op.requestBody = { required: true, ...jsonContent(d.body) };
  if (d.upload) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: [d.upload], properties: { [d.upload]: { type: 'string', format: 'binary' } } } } },
    };
  }
  return op;
}

const tracked = new WeakMap<FastifyInstance, RouteInfo[]>();

/**
 * Records every route registered on `app` from now on (HEAD and OPTIONS aside). server.ts calls it first, so the
 * auth, rest and health routes are in /docs too; docsRoutes falls back to its own hook when it was not called.
 */
export function trackRoutes(app: FastifyInstance): RouteInfo[] {
  const known = tracked.get(app);
  if (known) return known;
  const routes: RouteInfo[] = [];
  tracked.set(app, routes);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) if (m !== 'HEAD' && m !== 'OPTIONS') routes.push({ method: m, url: r.url });
  });
  return routes;
}

export function openApiDocument(routes: RouteInfo[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[openApiPath(r.url)] ??= {})[r.method.toLowerCase()] = operation(r);
  return {
    openapi: '3.0.3',
    info: { title: 'Wayfarer API', version: '0.1.0', description: 'Product API (spec point 7) and the Supabase-compatible auth/rest subset.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

export async function docsRoutes(app: FastifyInstance) {
  const routes = trackRoutes(app);

  app.get('/docs/openapi.json', async () => openApiDocument(routes));
  app.get('/docs', async (_req, reply) => {
    const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const rows = [...routes]
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((r) => {
        const d = ROUTE_DOCS[`${r.method} ${r.url}`];
        return `<tr><td><code>${r.method}</code></td><td><code>${esc(r.url)}</code></td><td>${esc(d?.summary ?? '')}</td><td>${d?.auth ?? ''}</td></tr>`;
      })
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wayfarer API</title></head><body><main><h1>Wayfarer API</h1><p><a href="/docs/openapi.json">OpenAPI JSON</a> with the request and response schemas.</p><table><thead><tr><th>Method</th><th>Path</th><th>What</th><th>Auth</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
  });
}
