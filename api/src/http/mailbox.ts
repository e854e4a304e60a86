import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nonJson } from './route-contract';
import { text } from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { listMail } from '../services/mailbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The local mailbox (development and tests only): every mail the API "sends". */
const MailboxQuery = z.object({ to: text().max(320).optional() });
export const MailboxResponse = z.array(
  z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    code: z.string().nullable(),
    created_at: z.string(),
  }),
);

/** A peer on this machine: IPv4's 127/8, IPv6's ::1, or 127/8 mapped into IPv6. */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The mailbox holds every sign-up and sign-in code, so it exists outside production only, and even there answers
 * only a peer on this machine (the socket's own address, never X-Forwarded-For): a development API told to listen
 * on the network (HOST=0.0.0.0) still keeps the codes to its own machine. To anyone else it is a missing route.
 */
export async function registerMailbox(fastify: FastifyInstance, deps: Deps): Promise<void> {
  if (deps.config.nodeEnv === 'production') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const localOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    if (isLoopbackPeer(req.socket.remoteAddress)) return;
    const path = req.url.split('?')[0];
    return reply.code(404).send({ error: 'Not found', message: `Route ${req.method} ${path} not found` });
  };
  const jsonSchema = {
    summary: 'Local mailbox as JSON (not in production), newest first',
    querystring: MailboxQuery,
    response: { 200: MailboxResponse },
  };
  app.get('/dev/mailbox.json', { schema: jsonSchema, onRequest: localOnly }, async (req) => {
    const { to } = req.query;
    return (await listMail(deps.db, to)).map((m) => ({
      id: Number(m.id),
      to: m.to_email,
      subject: m.subject,
      text: m.text_body,
      code: m.code,
      created_at: new Date(m.created_at).toISOString(),
    }));
  });
  const htmlSchema = {
    summary: 'Local mailbox (not in production): the e-mails the API "sent"',
    querystring: MailboxQuery,
    response: { 200: nonJson('text/html', 'The mailbox page') },
  };
  app.get('/dev/mailbox', { schema: htmlSchema, onRequest: localOnly }, async (req, reply) => {
    const { to } = req.query;
    const rows = await listMail(deps.db, to);
    const items = rows
      .map(
        (m) =>
          `<li><p><strong>${esc(m.subject)}</strong> to ${esc(m.to_email)} <small>${esc(new Date(m.created_at).toISOString())}</small></p>` +
          `${m.code ? `<p class="code" aria-label="Code">${esc(m.code)}</p>` : ''}<pre>${esc(m.text_body)}</pre></li>`,
      )
      .join('');
    void reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wayfarer local mailbox</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<style>body{font:16px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd;padding:.5rem 0;list-style:none}.code{font-size:2rem;letter-spacing:.3rem;font-weight:700}pre{white-space:pre-wrap}</style>` +
          `</head><body><h1>Local mailbox</h1><form method="get"><label>Recipient <input name="to" value="${esc(to ?? '')}"></label> <button>Filter</button></form>` +
          (items ? `<ul>${items}</ul>` : '<p>No mail yet.</p>') +
          `</body></html>`,
      );
  });
}
