import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API (never the internet), for the API's jest suites: POST /v1/checkout/sessions
 * with Stripe's form-encoded parameters (`line_items[0][price_data][unit_amount]=499`, `metadata[order_id]=…`)
 * answers a Checkout Session in Stripe's JSON shape (`object: 'checkout.session'`, `status: 'open'`,
 * `payment_status: 'unpaid'`, `url`), honours `Idempotency-Key` as Stripe does (the same key answers the same
 * session) and refuses a missing or wrong secret key with Stripe's error shape. `paidEvent()` builds the
 * `checkout.session.completed` event Stripe would deliver once the customer has paid, and `signature()` signs a
 * payload as Stripe's webhooks do (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`).
 */

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment' | 'subscription' | 'setup';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

export interface StripeStandIn {
  url: string;
  /** Every form-decoded request body to POST /v1/checkout/sessions, in order. */
  readonly requests: Record<string, unknown>[];
  readonly sessions: Map<string, StripeSession>;
  /** The `checkout.session.completed` event of a session paid just now (as Stripe delivers it). */
  paidEvent(sessionId: string, overrides?: Partial<StripeSession>): StripeEvent;
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The Stripe-Signature header of `payload` signed with `secret` at `timestamp` (unix seconds). */
export function signature(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Stripe's bracket notation (`a[b][0][c]=x`) read into nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
        else node = node[part] = {};
      }
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(
  res: http.ServerResponse,
  status: number,
  message: string,
  type = 'invalid_request_error',
) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message } }));
}

export async function startStripeStandIn(opts: { secretKey: string }): Promise<StripeStandIn> {
  const requests: Record<string, unknown>[] = [];
  const sessions = new Map<string, StripeSession>();
  const byIdempotencyKey = new Map<string, string>();
  let base = '';

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`)
        return stripeError(res, 401, 'Invalid API Key provided.');
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions')
        return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${req.url}).`);
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return stripeError(res, 400, 'Stripe takes form-encoded parameters.');
      const params = decodeStripeForm(body);
      requests.push(params);
      const key = req.headers['idempotency-key'];
      const prior = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (prior) {
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(JSON.stringify(sessions.get(prior)));
      }
      const items = (params.line_items ?? {}) as Record<string, Record<string, unknown>>;
      const item = items['0'];
      const priceData = (item?.price_data ?? {}) as Record<string, unknown>;
      const amount = Number(priceData.unit_amount) * Number(item?.quantity ?? 1);
      if (!params.mode || !params.success_url || !item || !Number.isInteger(amount) || amount <= 0)
        return stripeError(res, 400, 'Missing required param: mode, success_url or line_items.');
      const sid = id('cs_test');
      const session: StripeSession = {
        id: sid,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: (params.cancel_url as string | undefined) ?? null,
        client_reference_id: (params.client_reference_id as string | undefined) ?? null,
        created: now(),
        currency: String(priceData.currency ?? 'usd'),
        customer: null,
        customer_email: (params.customer_email as string | undefined) ?? null,
        expires_at: now() + 24 * 3600,
        livemode: false,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        mode: params.mode as StripeSession['mode'],
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: String(params.success_url),
        url: `${base}/c/pay/${sid}`,
      };
      sessions.set(sid, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, sid);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(session));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessions,
    paidEvent(sessionId, overrides = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const paid: StripeSession = {
        ...s,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi'),
        url: null,
        ...overrides,
      };
      sessions.set(sessionId, paid);
      return {
        id: id('evt'),
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: now(),
        data: { object: paid },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
