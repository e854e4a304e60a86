import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** One request of a page load as Chromium's network stack saw it (DevTools protocol, Network domain). */
export interface LoggedRequest {
  url: string;
  origin: string;
  /** DevTools resource type: Document, Script, Stylesheet, Image, Fetch, XHR, Preflight, Other… */
  type: string;
  status: number;
  /** Content-Encoding of the answer ('' when none). */
  encoding: string;
  /** Bytes on the wire for this request: Network.loadingFinished.encodedDataLength (headers + body as received). */
  bytes: number;
  finished: boolean;
  failed: string | null;
  fromCache: boolean;
  /** Monotonic seconds (CDP timestamps): request sent, response headers received, loading finished. */
  sentAt: number;
  responseAt: number;
  finishedAt: number;
}

/**
 * What Chromium transfers for one page: a CDP session on the page with Network enabled, every
 * `requestWillBeSent` / `responseReceived` joined on the request id with `loadingFinished.encodedDataLength`, the
 * byte count DevTools shows as "transferred" (compressed bytes when the server compressed, plus headers). A
 * redirect's own response is kept as its own entry. Attach before the navigation.
 */
export class NetworkLog {
  readonly requests = new Map<string, LoggedRequest>();
  /** Date.now() of the last request start, answer, finish or failure. */
  lastActivity = Date.now();
  private redirects = 0;

  private constructor(readonly cdp: CDPSession) {}

  static async attach(context: BrowserContext, page: Page): Promise<NetworkLog> {
    const cdp = await context.newCDPSession(page);
    const log = new NetworkLog(cdp);
    cdp.on('Network.requestWillBeSent', (e) => {
      log.lastActivity = Date.now();
      const prev = log.requests.get(e.requestId);
      if (prev && e.redirectResponse) {
        // The same request id continues after a redirect: keep the redirect answer as its own entry.
        log.requests.set(`${e.requestId}#redirect${log.redirects++}`, {
          ...prev,
          status: e.redirectResponse.status,
          bytes: e.redirectResponse.encodedDataLength,
          finished: true,
        });
      }
      log.requests.set(e.requestId, {
        url: e.request.url,
        origin: originOf(e.request.url),
        type: e.type ?? 'Other',
        status: 0,
        encoding: '',
        bytes: 0,
        finished: false,
        failed: null,
        fromCache: false,
        sentAt: e.timestamp,
        responseAt: 0,
        finishedAt: 0,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      log.lastActivity = Date.now();
      const r = log.requests.get(e.requestId);
      if (!r) return;
      r.type = e.type;
      r.status = e.response.status;
      r.encoding = headerOf(e.response.headers, 'content-encoding');
      r.fromCache = Boolean(
        e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker,
      );
      r.responseAt = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      log.lastActivity = Date.now();
      const r = log.requests.get(e.requestId);
      if (!r) return;
      r.bytes = e.encodedDataLength;
      r.finished = true;
      r.finishedAt = e.timestamp;
    });
    cdp.on('Network.loadingFailed', (e) => {
      log.lastActivity = Date.now();
      const r = log.requests.get(e.requestId);
      if (!r) return;
      r.failed = e.blockedReason ? `${e.errorText} (${e.blockedReason})` : e.errorText;
      r.finished = true;
      r.finishedAt = e.timestamp;
    });
    await cdp.send('Network.enable');
    return log;
  }

  /** Requests over http(s) (data: and blob: URLs move no bytes). */
  list(): LoggedRequest[] {
    return [...this.requests.values()].filter((r) => r.url.startsWith('http'));
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function headerOf(headers: Record<string, unknown>, name: string): string {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return String(v);
  return '';
}

/** JavaScript as the issue counts it: every response Chromium loaded as a script. */
export const isScript = (r: LoggedRequest) => r.type === 'Script';
/** Requests that never reached a server here (the offline resolver rule, or a failure). */
export const isExternalBlocked = (r: LoggedRequest) =>
  r.failed !== null && !/^https?:\/\/(localhost|127\.0\.0\.1)(:|\/)/.test(r.url);
