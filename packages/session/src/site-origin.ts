import { readRuntimeConfig } from '@wayfarer/contracts/browser';

/** The product's public site, used when neither a configured origin nor a window says where the page is. */
export const PRODUCTION_SITE_ORIGIN = 'https://wayfarer.travel';
export const LOCAL_SITE_ORIGIN = 'http://localhost:3000';

/** `scheme://host[:port]` of an http(s) URL, or null for anything else ('', 'null' from a sandboxed page, junk). */
function httpOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Builds get `process.env.NODE_ENV` replaced by webpack's DefinePlugin (a `typeof process` check would defeat it). */
function isProductionBuild(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false; // no bundler and no process
  }
}

/**
 * The origin sign-up e-mail links and OAuth redirects come back to (spec point 7): the configured
 * PUBLIC_SITE_ORIGIN (runtime config `publicSiteOrigin`), else the window's origin, else the production site
 * (production builds) or localhost.
 */
export function siteOrigin(
  configured: string = readRuntimeConfig().publicSiteOrigin,
  windowOrigin: string | null = typeof window !== 'undefined' ? window.location.origin : null,
  production: boolean = isProductionBuild(),
): string {
  return (
    httpOrigin(configured) ??
    httpOrigin(windowOrigin) ??
    (production ? PRODUCTION_SITE_ORIGIN : LOCAL_SITE_ORIGIN)
  );
}
