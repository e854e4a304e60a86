import { resolveApiBase } from '@wayfarer/api-client';

/** The API returns media as API-relative paths ('/sights/images/file/…', '/guides/audio/…'); make them loadable. */
export function apiUrl(u: string | null | undefined): string | null {
  if (!u) return null;
  if (/^(https?:|data:|blob:)/i.test(u)) return u;
  return `${resolveApiBase()}${u.startsWith('/') ? '' : '/'}${u}`;
}
