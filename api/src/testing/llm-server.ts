import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat completions API (never the internet): POST {prefix}/v1/chat/completions
 * answers a chat completion (`choices[0].message.content`, `usage`) whose content is the grounded writer's JSON,
 * one station per station asked for, naming the sources it was given. It records each request and answers as the
 * current mode says: 'ok' narrates in the guide's language (the request's `language`, English when absent),
 * 'french' always in French, 'empty-station' leaves the second station's text empty, the others fail in the ways a
 * provider does. Used by the API's jest suites and, mounted on the browser tests' control server, by the e2e specs.
 */
export type LlmMode =
  | 'ok'
  | 'error500'
  | 'garbage'
  | 'not-json-content'
  | 'wrong-count'
  | 'hang'
  | 'fenced'
  | 'french'
  | 'long'
  | 'empty-station';
export const LLM_MODES: readonly LlmMode[] = [
  'ok',
  'error500',
  'garbage',
  'not-json-content',
  'wrong-count',
  'hang',
  'fenced',
  'french',
  'long',
  'empty-station',
];

export interface LlmRequest {
  auth: string | undefined;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string };
  };
}

/** What the stand-in says for a station, per language (a model's narration, in the language it was asked for). */
const NARRATION: Record<string, (position: number, title: string) => string> = {
  en: (n, t) => `The model narrates stop ${n}, ${t}. Look around you! Is it not a fine place?`,
  fr: (n) =>
    `Le modèle raconte l'étape ${n}. Regardez autour de vous : c'est un bel endroit, avec une longue histoire et des jardins que les habitants aiment beaucoup.`,
  de: (n, t) =>
    `Das Modell erzählt von Station ${n}, ${t}. Schauen Sie sich um: Das ist ein schöner Ort mit einer langen Geschichte, den die Menschen hier sehr lieben.`,
  es: (n, t) =>
    `El modelo narra la parada ${n}, ${t}. Mire a su alrededor: es un lugar hermoso, con una larga historia y unos jardines que la gente quiere mucho.`,
  it: (n, t) =>
    `Il modello racconta la tappa ${n}, ${t}. Guardatevi intorno: è un luogo bellissimo, con una lunga storia e dei giardini che la gente ama molto.`,
  ar: (n, t) =>
    `يروي النموذج المحطة ${n}، ${t}. انظر حولك: إنه مكان جميل له تاريخ طويل وحدائق يحبها الناس كثيرا.`,
};

export interface LlmStandIn {
  mode: LlmMode;
  usage: { prompt_tokens: number; completion_tokens: number };
  readonly received: LlmRequest[];
  /** Handles POST {prefix}/v1/chat/completions (and answers 404 for other paths under {prefix}/v1); false otherwise. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  reset(): void;
}

export function createLlmStandIn(prefix = ''): LlmStandIn {
  const self: LlmStandIn = {
    mode: 'ok',
    usage: { prompt_tokens: 3000, completion_tokens: 1200 },
    received: [],
    reset() {
      self.mode = 'ok';
      self.received.length = 0;
    },
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0];
      if (!path.startsWith(`${prefix}/v1/`)) return false;
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        let body: LlmRequest['body'];
        try {
          body = JSON.parse(raw) as LlmRequest['body'];
        } catch {
          return void res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"error":{"message":"We could not parse the JSON body of your request."}}');
        }
        self.received.push({ auth: req.headers.authorization, body });
        if (path !== `${prefix}/v1/chat/completions`)
          return void res.writeHead(404).end('{"error":{"message":"not found"}}');
        if (self.mode === 'hang') return; // never answers
        if (self.mode === 'error500') {
          return void res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        }
        if (self.mode === 'garbage')
          return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
        const content =
          self.mode === 'not-json-content'
            ? 'Sure! Here is your guide: Welcome to the tower.'
            : self.mode === 'fenced'
              ? `\`\`\`json\n${narrate(self.mode, body)}\n\`\`\``
              : narrate(self.mode, body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-local',
            object: 'chat.completion',
            model: `${body.model}-2024-08-06`,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { ...self.usage, total_tokens: self.usage.prompt_tokens + self.usage.completion_tokens },
          }),
        );
      });
      return true;
    },
  };
  return self;
}

function narrate(mode: LlmMode, req: LlmRequest['body']): string {
  const user = JSON.parse(req.messages.find((m) => m.role === 'user')!.content) as {
    language?: string;
    stations: Array<{ position: number; title: string; sources?: Array<{ id: string }> }>;
  };
  const lang = mode === 'french' ? 'fr' : (user.language ?? 'en');
  const say = NARRATION[lang] ?? NARRATION.en;
  const text = (s: { position: number; title: string }) =>
    mode === 'long'
      ? `The model narrates stop ${s.position}, ${s.title}. ${'It goes on and on about the place. '.repeat(60)}`
      : mode === 'empty-station' && s.position === 2
        ? ' '
        : say(s.position, s.title);
  // The model names the sources it was given (the grounded writer's request), by id.
  const stations = user.stations.map((s) => ({
    title: s.title,
    text: text(s),
    ...(s.sources?.length ? { sources: s.sources.map((x) => x.id) } : {}),
  }));
  return JSON.stringify({ stations: mode === 'wrong-count' ? stations.slice(1) : stations });
}

/** The stand-in on its own port: `url` is the OPENAI_BASE_URL to configure. */
export async function startLlmStandIn(): Promise<LlmStandIn & { url: string; close(): Promise<void> }> {
  const standIn = createLlmStandIn();
  const server = http.createServer((req, res) => {
    if (!standIn.handle(req, res)) res.writeHead(404).end('{"error":{"message":"not found"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}
