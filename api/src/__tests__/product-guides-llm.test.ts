import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { GenerateGuideResponse } from '@wayfarer/contracts';
import { loadConfig } from '../config/env';
import { localGuideWriter, type GuideFacts } from '../services/guide-writer';
import { costUsd, createOpenAiWriter, modelPrice } from '../services/llm-writer';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actors, call, generateGuide, type Actor } from './product-helpers';
import { stop } from '../testing/stop-facts';
import { startLlmStandIn } from '../testing/llm-server';

/** The OpenAI-compatible chat completions stand-in (src/testing/llm-server.ts), on its own port. */
let provider: Awaited<ReturnType<typeof startLlmStandIn>>;
beforeAll(async () => {
  provider = await startLlmStandIn();
}, 120_000);
afterAll(() => provider.close());
beforeEach(() => provider.reset());

const facts: GuideFacts = {
  sight: stop('s1', "St. Paul's Cathedral", 51.5138, -0.0984, {
    category_slugs: ['historic'],
    subtype: 'cathedral',
    popularity: 85,
  }),
  stations: [],
  nearby: [
    stop('s2', 'Millennium Bridge', 51.5095, -0.0985, { popularity: 70 }),
    stop('s3', 'Tate Modern', 51.5076, -0.0994, { category_slugs: ['museum'], popularity: 90 }),
  ],
};

function writer(model = 'gpt-4o-mini', timeoutMs = 5000) {
  const warnings: Array<{ obj: object; msg: string }> = [];
  const w = createOpenAiWriter({
    apiKey: 'sk-local-test',
    model,
    baseUrl: provider.url,
    timeoutMs,
    log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
  });
  return { w, warnings };
}

describe('LLM guide writer (OpenAI-compatible chat completions)', () => {
  it('asks for JSON station texts built on the facts and keeps the real stops; records tokens and cost', async () => {
    const { w, warnings } = writer();
    const g = await w.write(facts, { maxStations: 3 });
    const local = await localGuideWriter.write(facts, { maxStations: 3 });

    expect(provider.received).toHaveLength(1);
    const req = provider.received[0];
    expect(req.auth).toBe('Bearer sk-local-test');
    expect(req.body.model).toBe('gpt-4o-mini');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    const user = req.body.messages.find((m) => m.role === 'user')!.content;
    // The facts and the local draft (walking directions included) go to the model.
    expect(user).toContain("St. Paul's Cathedral");
    expect(user).toContain('"city":"London"');
    expect(user).toContain(local.stations[1].sentences[1]);

    expect(g.writer).toBe('openai');
    expect(g.stations.map((s) => [s.title, s.latitude, s.longitude, s.sightId])).toEqual(
      local.stations.map((s) => [s.title, s.latitude, s.longitude, s.sightId]),
    );
    expect(g.stations[1].sentences).toEqual([
      'The model narrates stop 2, Millennium Bridge.',
      'Look around you!',
      'Is it not a fine place?',
    ]);
    expect(g.tokens).toBe(4200);
    // gpt-4o-mini: 0.15 USD per million input tokens, 0.60 per million output tokens.
    expect(g.llm).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini-2024-08-06',
      promptTokens: 3000,
      completionTokens: 1200,
      costUsd: expect.closeTo(0.00117, 8),
    });
    expect(g.llm!.error).toBeUndefined();
    expect(g.costCents).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('accepts an answer wrapped in a code fence and keeps a name with a full stop in one sentence', async () => {
    provider.mode = 'fenced';
    const g = await writer().w.write(facts, { maxStations: 2 });
    expect(g.writer).toBe('openai');
    expect(g.stations[0].sentences[0]).toBe("The model narrates stop 1, Welcome to St. Paul's Cathedral.");
  });

  it.each([
    ['error500', /^HTTP 500: The server had an error$/, 0],
    ['garbage', /^HTTP 200, not a JSON answer$/, 0],
    ['not-json-content', /^the answer is not JSON$/, 4200],
    ['wrong-count', /^the answer has 2 stations, 3 were asked for$/, 4200],
  ] as const)(
    'falls back to the local writer and logs when the provider answers %s',
    async (mode, reason, spent) => {
      provider.mode = mode;
      const { w, warnings } = writer('gpt-4o');
      const g = await w.write(facts, { maxStations: 3 });
      const local = await localGuideWriter.write(facts, { maxStations: 3 });
      expect(g.writer).toBe('local');
      expect(g.stations).toEqual(local.stations);
      expect(g.llm!.error).toMatch(reason);
      // An answer that was produced but unusable was still billed: its tokens and cost are kept.
      expect(g.llm!.promptTokens + g.llm!.completionTokens).toBe(spent);
      expect(g.tokens).toBe(spent || local.tokens);
      expect(g.costCents).toBe(spent ? 2 : 0); // gpt-4o: 3000 x 2.50 + 1200 x 10 per million = 1.95 cents
      expect(warnings).toHaveLength(1);
      expect(warnings[0].msg).toMatch(/local writer wrote this guide/);
      expect(warnings[0].obj).toMatchObject({ reason: expect.stringMatching(reason) });
    },
  );

  it('falls back when the provider does not answer in time or cannot be reached', async () => {
    provider.mode = 'hang';
    const slow = writer('gpt-4o-mini', 300);
    const started = Date.now();
    const g = await slow.w.write(facts, { maxStations: 2 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(g.writer).toBe('local');
    expect(g.llm!.error).toBe('no answer within 300 ms');
    expect(slow.warnings).toHaveLength(1);

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const gone = createOpenAiWriter({
      apiKey: 'k',
      model: 'gpt-4o-mini',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      timeoutMs: 2000,
    });
    const g2 = await gone.write(facts, { maxStations: 2 });
    expect(g2.writer).toBe('local');
    expect(g2.llm!.error).toMatch(/^request failed/);
  });

  it('is grounded: gets the cached facts and their sources, is told to use only them, and each station lists its sources', async () => {
    const licence = { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' };
    const summary = {
      title: "St Paul's Cathedral",
      extract: "St Paul's Cathedral is an Anglican cathedral in London.",
      url: 'https://en.wikipedia.org/wiki/St_Paul%27s_Cathedral',
      licence: { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
      attribution:
        'From the Wikipedia article "St Paul\'s Cathedral", by its contributors, under CC BY-SA 4.0',
    };
    const grounded: GuideFacts = {
      ...facts,
      facts: {
        s1: {
          summary,
          claims: [
            {
              property: 'P84',
              kind: 'architect',
              label: 'Architect',
              value: 'Christopher Wren',
              url: 'https://www.wikidata.org/wiki/Q131479#P84',
              licence,
            },
          ],
        },
      },
    };
    const { w, warnings } = writer();
    const g = await w.write(grounded, { maxStations: 3 });
    expect(warnings).toEqual([]);
    expect(g.writer).toBe('openai');
    const system = provider.received[0].body.messages.find((m) => m.role === 'system')!.content;
    expect(system).toMatch(/Use only the facts you are given/);
    expect(system).toMatch(/"sources"/);
    const user = JSON.parse(provider.received[0].body.messages.find((m) => m.role === 'user')!.content) as {
      stations: Array<{ sources: unknown[] }>;
    };
    expect(user.stations[0].sources).toEqual([
      { id: 'S1', title: "Wikipedia: St Paul's Cathedral", url: summary.url, summary: summary.extract },
      {
        id: 'S2',
        title: 'Wikidata: Q131479',
        url: 'https://www.wikidata.org/wiki/Q131479',
        claims: ['Architect: Christopher Wren'],
      },
    ]);
    expect(user.stations[1].sources).toEqual([]);
    // The local plan's draft states the cached claim too.
    expect(JSON.stringify(user)).toContain("St. Paul's Cathedral was designed by Christopher Wren.");
    expect(g.stations[0].sources).toEqual([
      { title: "Wikipedia: St Paul's Cathedral", url: summary.url, licence: summary.licence },
      { title: 'Wikidata: Q131479', url: 'https://www.wikidata.org/wiki/Q131479', licence },
    ]);
    expect(g.stations[1].sources).toEqual([]);
  });

  it.each([
    ['french', /^the answer is not in the guide's language \(fr, not en\)$/],
    ['long', /^station 1 is too long \(\d+ characters, at most 1500\)$/],
  ] as const)(
    'checks the answer before keeping it: %s falls back to the local writer with the reason logged',
    async (mode, reason) => {
      provider.mode = mode;
      const { w, warnings } = writer();
      const g = await w.write(facts, { maxStations: 3 });
      expect(g.writer).toBe('local');
      expect(g.stations).toEqual((await localGuideWriter.write(facts, { maxStations: 3 })).stations);
      expect(g.llm!.error).toMatch(reason);
      expect(warnings).toHaveLength(1);
      expect(warnings[0].obj).toMatchObject({ reason: expect.stringMatching(reason) });
    },
  );

  it("is asked for the guide's language, keeps an answer in it and falls back on an answer in another", async () => {
    const { w, warnings } = writer();
    const g = await w.write(facts, { maxStations: 2, language: 'de' });
    const user = JSON.parse(provider.received[0].body.messages.find((m) => m.role === 'user')!.content) as {
      language: string;
      instructions: string;
      stations: Array<{ draft: string }>;
    };
    expect(user.language).toBe('de');
    expect(user.instructions).toMatch(/^Write 2 stations in German\./);
    // The draft it improves is the local writer's German one.
    expect(user.stations[0].draft).toMatch(/^Willkommen bei St\. Paul's Cathedral\./);
    expect(warnings).toEqual([]);
    expect(g).toMatchObject({ writer: 'openai', language: 'de' });
    expect(g.stations[0].sentences[0]).toBe(
      "Das Modell erzählt von Station 1, Willkommen bei St. Paul's Cathedral.",
    );

    // A French answer to an Italian guide is not kept: the local writer's Italian guide is.
    provider.mode = 'french';
    const { w: w2, warnings: warned } = writer();
    const it = await w2.write(facts, { maxStations: 2, language: 'it' });
    expect(it).toMatchObject({ writer: 'local', language: 'it' });
    expect(it.llm?.error).toBe("the answer is not in the guide's language (fr, not it)");
    expect(it.stations[0].sentences[0]).toBe("Benvenuti a St. Paul's Cathedral.");
    expect(warned).toHaveLength(1);
  });

  it('prices models per token, dated snapshots by their family; an unknown model costs 0 and is logged once', async () => {
    expect(modelPrice('gpt-4o-mini-2024-07-18')).toEqual({ input: 0.15, output: 0.6 });
    expect(modelPrice('gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
    expect(modelPrice('gpt-4.1-mini')).toEqual({ input: 0.4, output: 1.6 });
    expect(modelPrice('gpt-4omni')).toBeNull();
    expect(costUsd('gpt-4o', 1_000_000, 1_000_000)).toBe(12.5);
    expect(costUsd('llama3', 10, 10)).toBeNull();

    const { w, warnings } = writer('llama3');
    const g = await w.write(facts, { maxStations: 2 });
    await w.write(facts, { maxStations: 2 });
    expect(g.writer).toBe('openai');
    expect(g.llm).toMatchObject({ model: 'llama3-2024-08-06', costUsd: null });
    expect(g.costCents).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/no price for this model/);
  });
});

describe('POST /sights/generate-guide with OPENAI_API_KEY set', () => {
  let s: TestServer;
  let user: Actor;
  let dataDir: string;
  let eiffel: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-guides-llm-'));
    const base = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-local-test',
      OPENAI_BASE_URL: provider.url,
      OPENAI_MODEL: 'gpt-4o',
    });
    s = await startTestServer({
      seed: true,
      config: { dataDir, media: base.media, openai: base.openai },
      worker: true,
    });
    user = (await actors(s)).user;
    eiffel = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
      .rows[0].id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const analytics = async (guideId: string) =>
    (
      await s.db.query<{ amount_cents: number; tokens: number; meta: Record<string, unknown> }>(
        "SELECT amount_cents, tokens, meta FROM public.analytics_events WHERE kind = 'guide_generation' AND meta->>'guide_id' = $1",
        [guideId],
      )
    ).rows;

  it("narrates the model's text and records its real tokens and cost as analytics", async () => {
    const r = await generateGuide(s, user, { sight_id: eiffel, max_stations: 2 });
    expect(r.status).toBe(200);
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.writer).toBe('openai');
    expect(guide.stations[0].text).toBe(
      'The model narrates stop 1, Welcome to Eiffel Tower. Look around you! Is it not a fine place?',
    );
    expect(guide.stations[0].sentences.map((x) => x.text)).toEqual([
      'The model narrates stop 1, Welcome to Eiffel Tower.',
      'Look around you!',
      'Is it not a fine place?',
    ]);
    expect(guide.stations[0].audio_mime).toBe('audio/mpeg');
    expect(provider.received[0].body.model).toBe('gpt-4o');

    const ev = await analytics(guide.id);
    expect(ev).toHaveLength(1);
    // gpt-4o: 3000 x 2.50 + 1200 x 10 USD per million tokens = 0.0195 USD.
    expect(ev[0]).toMatchObject({ tokens: 4200, amount_cents: 2 });
    expect(ev[0].meta).toMatchObject({
      writer: 'openai',
      provider: 'openai',
      model: 'gpt-4o-2024-08-06',
      prompt_tokens: 3000,
      completion_tokens: 1200,
    });
    expect(ev[0].meta.cost_usd).toBeCloseTo(0.0195, 8);
    expect(ev[0].meta.llm_error).toBeUndefined();
    const row = (
      await s.db.query<{ writer: string; tokens: number; cost_cents: number }>(
        'SELECT writer, tokens, cost_cents FROM public.guides WHERE id = $1',
        [guide.id],
      )
    ).rows[0];
    expect(row).toEqual({ writer: 'openai', tokens: 4200, cost_cents: 2 });

    // The admin dashboard's cost tile shows the exact provider cost, not the whole-cent rounding.
    const admin = (await actors(s)).admin;
    const stats = await call(s, 'GET', '/admin/stats', admin);
    expect(stats.status).toBe(200);
    expect(stats.body.stats.analytics.openai_cost_today).toBeCloseTo(0.0195, 6);
  }, 60_000);

  it('still answers with a guide from the local writer when the provider fails, and records why', async () => {
    provider.mode = 'error500';
    const r = await generateGuide(s, user, { sight_id: eiffel, max_stations: 2 });
    expect(r.status).toBe(200);
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.writer).toBe('local');
    expect(guide.stations[0].text).toContain('Eiffel Tower is a landmark in Paris, France.');
    const ev = await analytics(guide.id);
    expect(ev[0]).toMatchObject({ amount_cents: 0 });
    expect(ev[0].meta).toMatchObject({
      writer: 'local',
      provider: 'openai',
      prompt_tokens: 0,
      llm_error: 'HTTP 500: The server had an error',
    });
  }, 60_000);
});
