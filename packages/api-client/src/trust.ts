import type {
  AdminReportFixInput,
  AdminReportResolveResponse,
  AdminReportsQuery,
  AdminReportsResponse,
  ListenBatchInput,
  ListeningQuery,
  ListeningResponse,
  MyStationReportsResponse,
  StationReportInput,
  StationReportResponse,
} from '@wayfarer/contracts';
import { qs, request } from './request';

/** Typed calls of the trust loop and listening analytics (api/src/routes/reports.ts, admin/reports.ts, listening.ts). */
type Token = string | null | undefined;
const t = (token: Token) => token ?? undefined;
const enc = encodeURIComponent;
const withQuery = (path: string, p: Parameters<typeof qs>[0]) => {
  const s = qs(p);
  return s ? `${path}?${s}` : path;
};

// ---- listeners
export const reportStation = (stationId: string, body: StationReportInput, token: Token) =>
  request<StationReportResponse>(`/guides/stations/${enc(stationId)}/reports`, {
    method: 'POST',
    json: body,
    token: t(token),
  });
export const getMySightReports = (sightId: string, token: Token) =>
  request<MyStationReportsResponse>(`/sights/${enc(sightId)}/reports/mine`, { token: t(token) });
/**
 * A batch of listening events. `keepalive` lets it finish while the page unloads (fetch keepalive carries the bearer
 * header, which navigator.sendBeacon cannot); the API merges a play's events, so a batch sent twice counts once.
 */
export const sendListening = (body: ListenBatchInput, token: Token, opts: { keepalive?: boolean } = {}) =>
  request<{ ok: true; accepted: number }>('/guides/listening', {
    method: 'POST',
    json: body,
    token: t(token),
    keepalive: opts.keepalive,
  });

// ---- admins
export const getAdminReports = (query: AdminReportsQuery, token: Token) =>
  request<AdminReportsResponse>(
    withQuery('/admin/reports', { status: query.status, page: query.page, pageSize: query.pageSize }),
    { token: t(token) },
  );
export const fixReportedStation = (reportId: string, body: AdminReportFixInput, token: Token) =>
  request<AdminReportResolveResponse>(`/admin/reports/${enc(reportId)}/fix`, {
    method: 'POST',
    json: body,
    token: t(token),
  });
export const regenerateReportedStation = (reportId: string, token: Token) =>
  request<AdminReportResolveResponse>(`/admin/reports/${enc(reportId)}/regenerate`, {
    method: 'POST',
    token: t(token),
  });
export const hideReportedStation = (reportId: string, token: Token) =>
  request<AdminReportResolveResponse>(`/admin/reports/${enc(reportId)}/hide`, {
    method: 'POST',
    token: t(token),
  });
export const dismissReport = (reportId: string, token: Token) =>
  request<AdminReportResolveResponse>(`/admin/reports/${enc(reportId)}/dismiss`, {
    method: 'POST',
    token: t(token),
  });
export const getAdminListening = (query: ListeningQuery, token: Token) =>
  request<ListeningResponse>(withQuery('/admin/listening', { days: query.days, guide_id: query.guide_id }), {
    token: t(token),
  });
