import pLimit from 'p-limit';
import pThrottle from 'p-throttle';

/**
 * HTTP client for the facts sources (Wikipedia's REST API and Wikidata's action API): a rate limit (requests per
 * second) and a concurrency limit per process, and back-off on 429 and 5xx answers. A Retry-After header (seconds
 * or an HTTP date) is honoured: every request of this client waits until then, not only the one that was refused
 * (or, when that is longer than `maxWaitMs`, fails at once with that time).
 * Without one, waits double from `baseDelayMs`. A wait longer than `maxWaitMs`, or more than `retries` retries,
 * ends in a WikiHttpError carrying when to try again, which the caller records (the facts row's refresh_after).
 */
export interface WikiClientOptions {
  userAgent: string;
  timeoutMs: number;
  requestsPerSecond: number;
  concurrency: number;
  retries?: number;
  baseDelayMs?: number;
  maxWaitMs?: number;
  fetch?: typeof fetch;
  log?: { warn: (obj: object, msg: string) => void };
}

export class WikiHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** When the source may be asked again (ms since the epoch), when it said so or the back-off decided. */
    readonly retryAt: number | null = null,
  ) {
    super(message);
  }
}

export interface WikiAnswer {
  status: number;
  body: unknown;
}

export interface WikiClient {
  /** GET a JSON document: 2xx and 404 answer; 429 and 5xx are retried, then thrown; other statuses are thrown. */
  getJson(url: string): Promise<WikiAnswer>;
}

/** A Retry-After header as milliseconds from now (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createWikiClient(opts: WikiClientOptions): WikiClient {
  const doFetch = opts.fetch ?? fetch;
  const retries = opts.retries ?? 3;
  const baseDelay = opts.baseDelayMs ?? 1000;
  const maxWait = opts.maxWaitMs ?? 60_000;
  const limit = pLimit(Math.max(1, opts.concurrency));
  // p-throttle spreads the starts over each second; the concurrency limit wraps it, so a slow answer holds a slot.
  const throttle = pThrottle({ limit: Math.max(1, opts.requestsPerSecond), interval: 1000 });
  /** Set by a 429's Retry-After: no request of this client starts before it. */
  let pausedUntil = 0;

  const once = throttle(async (url: string): Promise<Response> => {
    const wait = pausedUntil - Date.now();
    // Told to stay away longer than a request may wait: fail at once with when to come back (the caller records it).
    if (wait > maxWait)
      throw new WikiHttpError(
        `the source asked to wait until ${new Date(pausedUntil).toISOString()}`,
        429,
        pausedUntil,
      );
    if (wait > 0) await sleep(wait);
    return doFetch(url, {
      headers: { accept: 'application/json', 'user-agent': opts.userAgent, 'api-user-agent': opts.userAgent },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  });

  return {
    getJson: (url) =>
      limit(async () => {
        for (let attempt = 0; ; attempt++) {
          let res: Response;
          try {
            res = await once(url);
          } catch (err) {
            if (err instanceof WikiHttpError) throw err;
            const e = err as { name?: string; message?: string };
            const why =
              e?.name === 'TimeoutError' || e?.name === 'AbortError'
                ? `no answer within ${opts.timeoutMs} ms`
                : `request failed: ${e?.message ?? String(err)}`;
            if (attempt >= retries) throw new WikiHttpError(why, null, Date.now() + baseDelay * 2 ** attempt);
            await sleep(baseDelay * 2 ** attempt);
            continue;
          }
          if (res.status === 429 || res.status >= 500) {
            await res.body?.cancel().catch(() => undefined);
            const said = retryAfterMs(res.headers.get('retry-after'));
            const delay = said ?? baseDelay * 2 ** attempt;
            if (res.status === 429 && said != null) pausedUntil = Math.max(pausedUntil, Date.now() + said);
            opts.log?.warn(
              { url, status: res.status, retryInMs: delay, attempt: attempt + 1 },
              'facts source: refused, backing off',
            );
            if (attempt >= retries || delay > maxWait)
              throw new WikiHttpError(`HTTP ${res.status}`, res.status, Date.now() + delay);
            await sleep(delay);
            continue;
          }
          const text = await res.text();
          if (res.status === 404) return { status: 404, body: safeJson(text) };
          if (!res.ok) throw new WikiHttpError(`HTTP ${res.status}`, res.status);
          const body = safeJson(text);
          if (body === undefined)
            throw new WikiHttpError(`HTTP ${res.status}, not a JSON answer`, res.status);
          return { status: res.status, body };
        }
      }),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
