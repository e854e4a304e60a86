import { readRuntimeConfig } from '@wayfarer/contracts/browser';

export const DEFAULT_TIMEOUT_MS = 20_000;
export const LOCAL_API_BASE = 'http://localhost:4000';
export const HOSTED_API_BASE = 'https://api.wayfarer.travel';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** An HTTP failure with the message extracted the way spec point 7 orders it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    /** The HTTP status text ('' when unknown). */
    readonly statusText = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The API base: a local server on port 4000 on a local host name, otherwise the configured base, otherwise the
 * hosted default. Trailing slashes removed.
 */
export function resolveApiBase(hostname?: string, configured?: string): string {
  const host = hostname ?? (typeof window !== 'undefined' ? window.location.hostname : 'localhost');
  const conf = configured ?? readRuntimeConfig().apiUrl;
  const base = LOCAL_HOSTS.has(host)
    ? conf && isLocalUrl(conf)
      ? conf
      : LOCAL_API_BASE
    : conf || HOSTED_API_BASE;
  return base.replace(/\/+$/, '');
}

function isLocalUrl(u: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(u).hostname);
  } catch {
    return false;
  }
}

/** Body text to a value: JSON when it parses, `{ raw }` when it does not, `{}` when empty. */
export function parseBody(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text };
  }
}

/** The server's own error text in an answer body (error field, its message, then message field), else null. */
export function serverText(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error === 'string' && b.error) return b.error;
    if (b.error && typeof b.error === 'object') {
      const m = (b.error as Record<string, unknown>).message;
      if (typeof m === 'string' && m) return m;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return null;
}

/** The error message order of spec point 7: error field, message field, status text, 'request failed'. */
export function errorMessage(body: unknown, statusText: string): string {
  return serverText(body) ?? (statusText || 'request failed');
}

/**
 * An error the app raises itself with a message meant for the screen ('Authentication required', 'HTTP 500',
 * 'Invalid response format'): errorText shows its message.
 */
export class AppError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * The browser's one error-text rule (spec point 8: "server message shown where present", else the screen's
 * fallback): an API failure shows the server's text, else `fallback`; an AppError shows its message; anything
 * else (network failure, time-out, abort, a bug) shows `fallback` ('request failed' when the screen has none).
 */
export function errorText(err: unknown, fallback = 'request failed'): string {
  if (err instanceof ApiError) return serverText(err.body) ?? fallback;
  if (err instanceof AppError && err.message) return err.message;
  return fallback;
}

/** Statuses a load balancer answers when an API copy is down or restarting: a read is worth sending again. */
export const RETRIED_READ_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** The pause before a read is sent again (the balancer has by then marked the failed copy down). */
export const READ_RETRY_DELAY_MS = 300;

const isRead = (method: string | undefined) => {
  const m = (method ?? 'GET').toUpperCase();
  return m === 'GET' || m === 'HEAD';
};

/**
 * fetch() for the browser's calls to the API, with the one retry of a failed read: a GET (or HEAD) that meets a
 * network error or a 502/503/504 is sent once more after `delayMs`, and the second outcome is the answer (its
 * error, its status). A write (POST, PUT, PATCH, DELETE) is never sent twice, whatever happened: it may have
 * reached a copy. An abort (time-out, the caller's signal) is not retried either. This is the product's only
 * automatic retry of API reads: TanStack Query's is off (@wayfarer/session createQueryClient).
 */
export async function fetchWithReadRetry(
  url: string | URL,
  init: RequestInit = {},
  delayMs = READ_RETRY_DELAY_MS,
): Promise<Response> {
  if (!isRead(init.method)) return fetch(url, init);
  let first: Response;
  try {
    first = await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted || !(err instanceof TypeError)) throw err;
    await pause(delayMs, init.signal);
    return fetch(url, init);
  }
  if (!RETRIED_READ_STATUSES.has(first.status)) return first;
  await first.body?.cancel().catch(() => undefined);
  await pause(delayMs, init.signal);
  return fetch(url, init);
}

function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RequestOptions extends RequestInit {
  timeoutMs?: number;
  /**
   * A GET that fails with a network error or a 502/503/504 is sent once more (fetchWithReadRetry); false for a
   * caller with a retry of its own, so no read is sent more than twice. Writes are never retried.
   */
  retryRead?: boolean;
  /** Bearer token; sent as Authorization when present. */
  token?: string | null;
  /** JSON body; serialised and Content-Type set. */
  json?: unknown;
}

/**
 * The shared request helper: path or URL, fetch options, time-out with abort (default 20 s, both attempts of a
 * retried read included), a failed read retried once (fetchWithReadRetry).
 */
export async function request<T = unknown>(pathOrUrl: string, options: RequestOptions = {}): Promise<T> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, token, json, headers, signal, retryRead = true, ...init } = options;
  const url = /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${resolveApiBase()}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  const h = new Headers(headers);
  if (token) h.set('Authorization', `Bearer ${token}`);
  if (json !== undefined) {
    h.set('Content-Type', 'application/json');
    init.body = JSON.stringify(json);
  }
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
    timeoutMs,
  );
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  try {
    const opts = { ...init, headers: h, signal: controller.signal };
    const res = retryRead ? await fetchWithReadRetry(url, opts) : await fetch(url, opts);
    const text = await res.text();
    const body = parseBody(text);
    if (!res.ok) throw new ApiError(errorMessage(body, res.statusText), res.status, body, res.statusText);
    return body as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export function qs(
  params: Record<string, string | number | boolean | null | undefined | readonly string[]>,
): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    sp.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return sp.toString();
}
