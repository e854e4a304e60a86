import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEspeakEngine, parseWav, wavFile, type EspeakEngine } from '../services/tts';
import { speechSamples } from '../services/tts-openai';

/**
 * A local stand-in for an OpenAI-compatible speech API (never the internet): POST {prefix}/v1/audio/speech
 * (`{model, input, voice, response_format, speed, instructions}`) answers with real speech, espeak-ng's rendering of
 * the input resampled to 24 kHz (the rate OpenAI's voices answer in, so the hosted audio is told apart from the
 * 22,050 Hz fallback), in a WAV whose sizes are left unset as a streaming server sends them. The language named by
 * `instructions` ('Speak in French.') picks espeak-ng's voice for it. It records each request and answers as the
 * current mode says. Used by the API's jest suites and, on the browser tests' control server, by the e2e specs.
 */
export type SpeechMode = 'ok' | 'error500' | 'hang' | 'garbage' | 'silence' | 'fail-third';
export const SPEECH_MODES: readonly SpeechMode[] = [
  'ok',
  'error500',
  'hang',
  'garbage',
  'silence',
  'fail-third',
];
export interface SpeechRequest {
  auth: string | undefined;
  body: {
    model: string;
    input: string;
    voice: string;
    response_format: string;
    speed: number;
    instructions?: string;
  };
}
export const HOSTED_RATE = 24_000;

const LANGUAGE_NAMES: Record<string, string> = {
  English: 'en',
  French: 'fr',
  German: 'de',
  Spanish: 'es',
  Italian: 'it',
  Arabic: 'ar',
};

/** A 16-bit mono WAV resampled to `rate` (linear), its sizes unset as a streaming server sends them. */
export function resampled(wav: Buffer, rate: number): Buffer {
  const p = parseWav(wav);
  const n = p.dataLength / 2;
  const out = Math.floor((n * rate) / p.sampleRate);
  const pcm = Buffer.alloc(out * 2);
  for (let i = 0; i < out; i++) {
    const x = (i * p.sampleRate) / rate;
    const j = Math.min(n - 1, Math.floor(x));
    const k = Math.min(n - 1, j + 1);
    const f = x - j;
    const v = wav.readInt16LE(p.dataOffset + j * 2) * (1 - f) + wav.readInt16LE(p.dataOffset + k * 2) * f;
    pcm.writeInt16LE(Math.round(v), i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(0xffffffff, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(0xffffffff, 40);
  return Buffer.concat([h, pcm]);
}

/** A second of 16-bit silence as WAV (a 'voice' that says nothing). */
const silentWav = () => wavFile(Buffer.alloc(44100), 22050, 1);

export interface SpeechStandIn {
  mode: SpeechMode;
  readonly received: SpeechRequest[];
  /** The speech length (trimmed) of each input the stand-in answered, in seconds. */
  readonly spoken: Map<string, number>;
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  reset(): void;
  close(): Promise<void>;
}

export function createSpeechStandIn(prefix = ''): SpeechStandIn {
  let engine: EspeakEngine | null = null;
  const self: SpeechStandIn = {
    mode: 'ok',
    received: [],
    spoken: new Map(),
    reset() {
      self.mode = 'ok';
      self.received.length = 0;
    },
    close: async () => {
      await engine?.close();
      engine = null;
    },
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0];
      if (!path.startsWith(`${prefix}/v1/`)) return false;
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        let body: SpeechRequest['body'];
        try {
          body = JSON.parse(raw) as SpeechRequest['body'];
        } catch {
          return void res.writeHead(400).end('{"error":{"message":"invalid JSON"}}');
        }
        self.received.push({ auth: req.headers.authorization, body });
        if (path !== `${prefix}/v1/audio/speech`)
          return void res.writeHead(404).end('{"error":{"message":"not found"}}');
        const n = self.received.length;
        if (self.mode === 'hang') return; // never answers
        if (self.mode === 'error500' || (self.mode === 'fail-third' && n === 3)) {
          return void res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        }
        if (self.mode === 'garbage')
          return void res
            .writeHead(200, { 'content-type': 'audio/wav' })
            .end(Buffer.from('<html>502 Bad Gateway</html>'.repeat(20)));
        if (self.mode === 'silence')
          return void res.writeHead(200, { 'content-type': 'audio/wav' }).end(silentWav());
        const voice = body.voice === 'onyx' ? 'male' : 'female';
        const named = /Speak in (\w+)/.exec(body.instructions ?? '')?.[1];
        const language = (named && LANGUAGE_NAMES[named]) || 'en';
        engine ??= createEspeakEngine({ mp3Kbps: null });
        engine.render([body.input], { voice, wordsPerMinute: Math.round(160 * body.speed), language }).then(
          (r) => {
            const wav = resampled(r.audio, HOSTED_RATE);
            self.spoken.set(body.input, speechSamples(wav).samples.length / HOSTED_RATE);
            res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
          },
          (err: Error) => res.writeHead(500).end(JSON.stringify({ error: { message: err.message } })),
        );
      });
      return true;
    },
  };
  return self;
}

/** The stand-in on its own port: `url` is the TTS_API_URL to configure. */
export async function startSpeechStandIn(): Promise<SpeechStandIn & { url: string }> {
  const standIn = createSpeechStandIn();
  const server = http.createServer((req, res) => {
    if (!standIn.handle(req, res)) res.writeHead(404).end('{"error":{"message":"not found"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const closeEngine = standIn.close;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await closeEngine();
    },
  });
}
