import { beforeEach, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Guide, GuideStation, GuideUsage } from '@wayfarer/contracts';
import { withQueryClient } from '@wayfarer/session/testing';

/** The API as the component sees it: a queued guide at once, then its progress on each GET /guides/:id. */
const usage: GuideUsage = {
  plan: 'free',
  limit: 3,
  used: 1,
  remaining: 2,
  credits: 0,
  resets_at: '2026-12-01T00:00:00.000Z',
};
const station = (position: number): GuideStation => ({
  id: `st${position}`,
  position,
  title: `Stop ${position}`,
  text: `Stop ${position} text.`,
  audio_url: `/guides/audio/st${position}`,
  audio_mime: 'audio/mpeg',
  duration_s: 3,
  latitude: null,
  longitude: null,
  sight_id: 's1',
  sentences: [],
});
const guide = (over: Partial<Guide>): Guide => ({
  id: 'g1',
  status: 'queued',
  stations_total: null,
  failure: null,
  sight_id: 's1',
  writer: 'local',
  voice: 'female',
  language: 'en',
  facts_language: null,
  duration_s: 0,
  created_at: '2026-11-24T00:00:00.000Z',
  stations: [],
  ...over,
});
let progress: Guide[] = [];
/** The sight's guides by language, as GET /sights/:id/guide?language= answers them. */
let stored: Partial<Record<string, Guide>> = {};
const getSightGuide = jest.fn(async (_sight: string, _token: string, language?: string) => ({
  guide: (language && stored[language]) || null,
  pending: null,
  languages: Object.keys(stored),
  usage: { ...usage, used: 0, remaining: 3 },
}));
const getGuide = jest.fn(async () => ({ guide: progress.length > 1 ? progress.shift()! : progress[0] }));
const generateGuide = jest.fn(async () => ({ ok: true as const, guide: guide({}), usage, job_id: 'j1' }));
jest.unstable_mockModule('@wayfarer/api-client', () => ({
  generateGuide,
  getGuide,
  getSightGuide,
  isGuideLimitError: () => false,
  AppError: class AppError extends Error {},
  errorText: (e: unknown) => (e instanceof Error ? e.message : 'request failed'),
}));
jest.unstable_mockModule('@wayfarer/session', () => ({ getAccessToken: async () => 'token' }));
const { GenerateGuide, guideProgress } = await import('../generate-guide');
const { defaultGuideLanguage } = await import('../utils/guide-language');
beforeEach(() => {
  stored = {};
  generateGuide.mockClear();
});

describe('guideProgress', () => {
  it('creeps while the script is written, then fills by stations made', () => {
    expect(guideProgress(null, 0)).toEqual({ value: 0, label: 'Waiting for a narrator… 0 s' });
    expect(guideProgress(guide({ status: 'rendering' }), 2).label).toBe('Writing the guide… 2 s');
    expect(guideProgress(guide({ status: 'rendering', stations_total: 4, stations: [] }), 9)).toEqual({
      value: 10,
      label: 'Narrating station 1 of 4…',
    });
    expect(
      guideProgress(guide({ status: 'rendering', stations_total: 4, stations: [station(1), station(2)] }), 9),
    ).toEqual({
      value: 55,
      label: 'Narrating station 3 of 4… Station 1 is ready to play.',
    });
  });
});

describe('GenerateGuide', () => {
  it('hands each station to the player as it is made, so station 1 plays while the rest are narrated', async () => {
    progress = [
      guide({ status: 'rendering', stations_total: 3, stations: [station(1)] }),
      guide({ status: 'ready', stations_total: 3, stations: [station(1), station(2), station(3)] }),
    ];
    const onStations = jest.fn();
    render(<GenerateGuide sightId="s1" onStations={onStations} />, { wrapper: withQueryClient().wrapper });
    await screen.findByText('3 of 3 guides left this month on your Free plan.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate guide' })));
    expect(
      await screen.findByText('Narrating station 2 of 3… Station 1 is ready to play.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(onStations).toHaveBeenLastCalledWith([expect.objectContaining({ title: 'Stop 1' })]);
    await waitFor(() => expect(onStations).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect((onStations.mock.calls[1][0] as unknown[]).length).toBe(3);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Generate guide' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.queryByTestId('guide-progress')).toBeNull();
  });

  it('says why when the guide could not be made', async () => {
    progress = [
      guide({
        status: 'failed',
        failure: 'The guide could not be made: espeak-ng exited with code 1. Please try again.',
      }),
    ];
    render(<GenerateGuide sightId="s1" onStations={jest.fn()} />, { wrapper: withQueryClient().wrapper });
    await screen.findByText('3 of 3 guides left this month on your Free plan.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate guide' })));
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'The guide could not be made: espeak-ng exited with code 1. Please try again.',
    );
  });
});

describe('GenerateGuide when the API refuses', () => {
  it("shows the API's own message when the user's earlier guides are still being made (429, not the monthly limit)", async () => {
    const message =
      'You already have 3 guides being made (at most 3 at a time). Ask for another one when one of them is ready.';
    generateGuide.mockRejectedValueOnce(
      Object.assign(new Error(message), {
        status: 429,
        body: { error: message, message, code: 'guide_queue_full', queued: 3, max_queued: 3 },
      }),
    );
    render(<GenerateGuide sightId="s1" onStations={jest.fn()} />, { wrapper: withQueryClient().wrapper });
    await screen.findByText('3 of 3 guides left this month on your Free plan.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate guide' })));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    // Not the monthly limit: the usage line stays and the button can be pressed again later.
    expect(screen.getByText('3 of 3 guides left this month on your Free plan.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate guide' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('guide language', () => {
  it('defaults to the browser language when it is a guide language, else English', () => {
    expect(defaultGuideLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(defaultGuideLanguage(['pt-BR', 'de-AT'])).toBe('de');
    expect(defaultGuideLanguage(['ja', 'pt'])).toBe('en');
    expect(defaultGuideLanguage([])).toBe('en');
  });

  it('asks for the guide in the language chosen, plays the guides that exist per language and notes English facts', async () => {
    stored = {
      en: guide({ id: 'g-en', status: 'ready', stations: [station(1)] }),
      fr: guide({
        id: 'g-fr',
        status: 'ready',
        language: 'fr',
        facts_language: 'en',
        stations: [{ ...station(1), title: 'Bienvenue' }],
      }),
    };
    progress = [guide({ status: 'ready', language: 'it', stations: [station(1)] })];
    const onStations = jest.fn();
    render(<GenerateGuide sightId="s1" onStations={onStations} />, { wrapper: withQueryClient().wrapper });
    const select = (await screen.findByTestId('guide-language')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'English',
      'French',
      'German',
      'Spanish',
      'Italian',
      'Arabic',
    ]);
    // The languages the sight has guides in; picking one plays it, and says when its facts are English.
    const languages = await screen.findByTestId('guide-languages');
    expect(languages.textContent).toBe('Guides of this place in: English, French');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'French' })));
    await waitFor(() =>
      expect(onStations).toHaveBeenLastCalledWith([expect.objectContaining({ title: 'Bienvenue' })]),
    );
    expect(select.value).toBe('fr');
    expect((await screen.findByTestId('guide-facts-note')).textContent).toBe(
      'No encyclopaedia entry in French was found for this place: this guide is written from the English one.',
    );
    await act(async () => fireEvent.change(select, { target: { value: 'it' } }));
    expect(screen.queryByTestId('guide-facts-note')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate guide' })));
    expect(generateGuide).toHaveBeenCalledWith({ sight_id: 's1', voice: 'female', language: 'it' }, 'token');
  });
});
