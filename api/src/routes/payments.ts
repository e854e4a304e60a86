import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, PaymentWebhookResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { unvalidated } from '../http/route-contract';
import { handlePaymentEvent, verifyWebhook } from '../services/payments';

/** Stripe events are a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const StripeEventBody = unvalidated(
  z
    .object({
      id: z.string(),
      object: z.literal('event'),
      type: z.string(),
      data: z.object({ object: z.object({ id: z.string() }).passthrough() }),
    })
    .passthrough(),
  "A Stripe event, read as raw bytes: the Stripe-Signature header signs them (HMAC-SHA256 of '<t>.<body>').",
);

/**
 * POST /payments/webhook: the payment provider's confirmations (services/payments.ts). Public (`x-auth: none`): the
 * caller is proven by the Stripe-Signature header, not a session. In its own encapsulated plugin, whose JSON parser
 * keeps the body as the exact bytes the signature covers; every other route keeps the parsed JSON.
 */
export async function paymentRoutes(fastify: FastifyInstance, deps: Deps) {
  await fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/payments/webhook',
      {
        schema: {
          summary: 'Payment provider webhook (Stripe-Signature checked; credits a paid checkout once)',
          'x-auth': 'none',
          body: StripeEventBody,
          response: {
            200: PaymentWebhookResponse,
            400: ErrorBody.describe('Missing, bad or stale signature, or not a Stripe event'),
            404: ErrorBody.describe('No payment provider is configured'),
          },
        },
      },
      async (req) => {
        const raw: unknown = req.body;
        const event = verifyWebhook(
          deps.config,
          Buffer.isBuffer(raw) ? raw : Buffer.alloc(0),
          req.headers['stripe-signature'],
        );
        await handlePaymentEvent(deps.db, event, new Date());
        return { received: true as const };
      },
    );
  });
}
