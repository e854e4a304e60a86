import { test, expect } from '../fixtures';
import { collectErrors, createVerifiedUser, generateGuideViaApi, injectSession } from '../helpers';

/**
 * In the browser, with the LLM writer and the hosted voice configured (the control server's OpenAI-compatible chat
 * completions and speech stand-ins, api/src/testing/llm-server.ts and tts-server.ts), a guide for a sight with
 * cached facts plays the model's narration with its sources under the transcript, spoken by the hosted voice (24 kHz
 * audio, espeak-ng speaks at 22,050 Hz); an answer that fails the checks (an empty station, the wrong language) is
 * not kept: the local writer's guide is.
 */

const NETWORK_NOISE = [/tile\.openstreetmap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/];

/** The sample rate of an MP3 file's first frame (after an ID3v2 tag, if any). */
function mp3SampleRate(buf: Buffer): number {
  let off = 0;
  if (buf.toString('latin1', 0, 3) === 'ID3')
    off = 10 + (((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f));
  expect(buf[off]).toBe(0xff);
  const version = (buf[off + 1] >> 3) & 3;
  const rates: Record<number, number[]> = {
    3: [44100, 48000, 32000],
    2: [22050, 24000, 16000],
    0: [11025, 12000, 8000],
  };
  return rates[version][(buf[off + 2] >> 2) & 3];
}

interface Received {
  mode: string;
  received: Array<Record<string, unknown>>;
}
const standIn = async (controlUrl: string, which: 'llm' | 'tts', mode?: string): Promise<Received> =>
  (await (
    await fetch(`${controlUrl}/control/${which}${mode ? `?mode=${mode}` : ''}`, {
      method: mode ? 'POST' : 'GET',
    })
  ).json()) as Received;

test('the LLM writer and the hosted voice: grounded narration with its sources, hosted audio, the local guide kept when the answer fails the checks', async ({
  page,
  stack,
}) => {
  test.setTimeout(300_000);
  await stack.restartApi({
    WIKI_API_URL: `${stack.controlUrl}/api/rest_v1`,
    WIKI_PREFETCH_PER_MINUTE: 0,
    OPENAI_API_KEY: 'sk-e2e-llm',
    OPENAI_BASE_URL: `${stack.controlUrl}/llm/v1`,
    TTS_API_URL: `${stack.controlUrl}/tts/v1`,
    TTS_API_KEY: 'sk-e2e-tts',
  });
  try {
    await standIn(stack.controlUrl, 'llm', 'ok');
    await standIn(stack.controlUrl, 'tts', 'ok');
    const errors = collectErrors(page, NETWORK_NOISE);
    const user = await createVerifiedUser({ displayName: 'LLM Listener' });
    const auth = { Authorization: `Bearer ${user.session.access_token}` };

    // The sight's facts are cached first (the page asks a worker for them), so the writer is given them.
    await injectSession(page, user.session, '/explore/wd-Q10285');
    await expect(page.getByRole('heading', { level: 1, name: 'Colosseum' })).toBeVisible();
    await expect(page.getByTestId('sight-summary')).toContainText('elliptical amphitheatre', {
      timeout: 30_000,
    });

    await page.getByRole('button', { name: 'Generate guide' }).click();
    const player = page.getByTestId('guide-player');
    const transcript = player.getByTestId('transcript');
    await expect(transcript).toContainText('The model narrates stop 1, Welcome to Colosseum.', {
      timeout: 120_000,
    });
    await expect(page.getByRole('button', { name: 'Generate guide' })).toBeEnabled({ timeout: 120_000 });
    // The model was given the cached facts as numbered sources and told to use only them.
    const llm = await standIn(stack.controlUrl, 'llm');
    expect(llm.received).toHaveLength(1);
    const messages = llm.received[0].messages as Array<{ role: string; content: string }>;
    expect(messages.find((m) => m.role === 'system')!.content).toContain('Use only the facts you are given');
    const asked = JSON.parse(messages.find((m) => m.role === 'user')!.content) as {
      stations: Array<{ sources: Array<{ id: string; title: string; summary?: string }> }>;
    };
    expect(asked.stations[0].sources.map((x) => x.title)).toEqual([
      'Wikipedia: Colosseum',
      'Wikidata: Q10285',
    ]);
    expect(asked.stations[0].sources[0].summary).toContain('elliptical amphitheatre');
    // The station lists the sources the model said it used, with their links and licences.
    const sources = player.getByTestId('station-sources');
    await expect(sources.getByRole('link', { name: 'Wikipedia: Colosseum' })).toHaveAttribute(
      'href',
      `${stack.controlUrl}/wiki/Colosseum`,
    );
    await expect(sources.getByRole('link', { name: 'Wikidata: Q10285' })).toHaveAttribute(
      'href',
      `${stack.controlUrl}/wiki/Q10285`,
    );
    await expect(sources).toContainText('CC BY-SA 4.0');

    // The hosted voice spoke it: each transcript sentence was asked of the speech API, and the audio is its 24 kHz.
    const spokenText = (await transcript.locator('span').allTextContents()).map((t) => t.trim());
    expect(spokenText).toEqual([
      'The model narrates stop 1, Welcome to Colosseum.',
      'Look around you!',
      'Is it not a fine place?',
    ]);
    const tts = await standIn(stack.controlUrl, 'tts');
    const inputs = tts.received.map((r) => r.input);
    for (const sentence of spokenText) expect(inputs).toContain(sentence);
    expect(tts.received[0]).toMatchObject({
      model: 'gpt-4o-mini-tts',
      voice: 'nova',
      response_format: 'wav',
    });
    const src = await player.locator('audio').getAttribute('src');
    const audio = Buffer.from(await (await fetch(new URL(src!, stack.apiUrl))).arrayBuffer());
    expect(mp3SampleRate(audio)).toBe(24_000);
    const sight = (await (
      await fetch(`${stack.apiUrl}/sights/wd-Q10285/guide`, { headers: auth })
    ).json()) as {
      guide: { writer: string; stations: Array<{ sentences: Array<{ start: number; end: number }> }> };
    };
    expect(sight.guide.writer).toBe('openai');
    // Sentence timings measured on the hosted audio: in order, each after the previous one.
    const timings = sight.guide.stations[0].sentences;
    for (let i = 1; i < timings.length; i++) expect(timings[i].start).toBeGreaterThan(timings[i - 1].end);

    // Answers that fail the checks are not kept: the local writer's guide is (the API records which wrote it; the
    // player shows nothing about writers, so neither does this test ask it to).
    for (const mode of ['empty-station', 'french'] as const) {
      await standIn(stack.controlUrl, 'llm', mode);
      const g = await generateGuideViaApi<{ id: string; status: string; writer: string }>(
        stack.apiUrl,
        user.session.access_token,
        { sight_id: 'wd-Q10285', max_stations: 2 },
        120_000,
      );
      expect(g.writer).toBe('local');
      expect((await standIn(stack.controlUrl, 'llm')).received).toHaveLength(1);
      await page.reload();
      await expect(transcript.locator('span').first()).toHaveText('Welcome to Colosseum.', {
        timeout: 30_000,
      });
      await expect(transcript).not.toContainText('The model narrates');
      await expect(transcript).not.toContainText('Le modèle');
    }
    expect(errors).toEqual([]);
  } finally {
    await standIn(stack.controlUrl, 'llm', 'ok');
    await stack.restartApi({ WIKI_API_URL: '', OPENAI_API_KEY: '', TTS_API_URL: '', TTS_API_KEY: '' });
  }
});
