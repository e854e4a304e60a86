import { afterEach, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { SightFacts } from '@wayfarer/contracts';
import { FactsView, SightFactsPanel } from '../sight-facts';
import { StationSources } from '../station-sources';

const CC0 = { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' };
const READY: SightFacts = {
  status: 'ready',
  language: 'en',
  summary: {
    title: 'Eiffel Tower',
    extract: 'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.',
    url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
    licence: { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
    attribution: 'From the Wikipedia article "Eiffel Tower", by its contributors, under CC BY-SA 4.0',
  },
  claims: [
    {
      property: 'P571',
      kind: 'inception',
      label: 'Inception',
      value: '31 March 1889',
      url: 'https://www.wikidata.org/wiki/Q243#P571',
      licence: CC0,
    },
    {
      property: 'P856',
      kind: 'website',
      label: 'Official website',
      value: 'https://www.toureiffel.paris/',
      url: 'https://www.wikidata.org/wiki/Q243#P856',
      licence: CC0,
    },
  ],
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('sight facts', () => {
  it('shows the summary with its attribution (article and licence linked) and each claim with its source', () => {
    render(<FactsView name="Eiffel Tower" facts={READY} />);
    expect(screen.getByTestId('sight-summary').textContent).toContain('wrought-iron lattice tower');
    const attribution = screen.getByTestId('sight-summary-attribution');
    expect(attribution.textContent).toBe('From the article Eiffel Tower on Wikipedia, CC BY-SA 4.0');
    expect(within(attribution).getByRole('link', { name: 'Eiffel Tower' }).getAttribute('href')).toBe(
      'https://en.wikipedia.org/wiki/Eiffel_Tower',
    );
    expect(within(attribution).getByRole('link', { name: 'CC BY-SA 4.0' }).getAttribute('rel')).toContain(
      'license',
    );
    const claims = screen.getByTestId('sight-claims');
    expect(
      within(claims)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Inception', 'Official website']);
    expect(
      within(claims)
        .getByRole('link', { name: 'Source of Inception: Wikidata (CC0 1.0)' })
        .getAttribute('href'),
    ).toBe('https://www.wikidata.org/wiki/Q243#P571');
    expect(within(claims).getByRole('link', { name: 'www.toureiffel.paris' }).getAttribute('href')).toBe(
      'https://www.toureiffel.paris/',
    );
  });

  it('credits a licensed text shipped from another site by its title, site and licence', () => {
    render(
      <FactsView
        name="Praia da Lanzada"
        facts={{
          status: 'ready',
          language: 'en',
          summary: {
            title: 'Praia da Lanzada',
            extract: "Galicia's great white arc.",
            url: 'https://europebeachmap.com/beaches/a-lanzada-es/',
            licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
            attribution: 'From "Praia da Lanzada", Beachmap, under CC BY 4.0',
          },
          claims: [],
        }}
      />,
    );
    const attribution = screen.getByTestId('sight-summary-attribution');
    expect(attribution.textContent).toBe('From Praia da Lanzada (europebeachmap.com), CC BY 4.0');
    expect(within(attribution).getByRole('link', { name: 'Praia da Lanzada' }).getAttribute('href')).toBe(
      'https://europebeachmap.com/beaches/a-lanzada-es/',
    );
  });

  it('says one honest line when nothing is known, and nothing when no source is configured', () => {
    const { rerender } = render(
      <FactsView name="X" facts={{ status: 'none', language: 'en', summary: null, claims: [] }} />,
    );
    expect(screen.getByTestId('sight-facts-none').textContent).toBe(
      'No encyclopaedia entry is linked to this place.',
    );
    expect(screen.queryByTestId('sight-facts')).toBeNull();
    rerender(<FactsView name="X" facts={{ status: 'off', language: 'en', summary: null, claims: [] }} />);
    expect(screen.queryByTestId('sight-facts-none')).toBeNull();
    rerender(<FactsView name="X" facts={null} />);
    expect(screen.queryByTestId('sight-facts')).toBeNull();
  });

  it('asks again while the facts are being fetched, and shows them when they arrive', async () => {
    const fetchMock = jest.fn(
      async () =>
        new Response(JSON.stringify({ sight: { id: 'wd-Q243', facts: READY }, stations: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(
      <SightFactsPanel
        sight={{
          id: 'wd-Q243',
          name: 'Eiffel Tower',
          facts: { status: 'pending', language: 'en', summary: null, claims: [] },
        }}
      />,
    );
    expect(screen.getByTestId('sight-facts-none').textContent).toBe('Looking up facts about this place…');
    await waitFor(() => expect(screen.getByTestId('sight-summary')).toBeTruthy(), { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toMatch(/\/sights\/detail\/wd-Q243$/);
  }, 10_000);

  it("lists a station's sources as small links", () => {
    const { rerender } = render(
      <StationSources
        sources={[{ title: 'Wikidata: Q243', url: 'https://www.wikidata.org/wiki/Q243', licence: CC0 }]}
      />,
    );
    const p = screen.getByTestId('station-sources');
    expect(p.textContent).toBe('Sources: Wikidata: Q243 (CC0 1.0)');
    expect(within(p).getByRole('link', { name: 'Wikidata: Q243' }).getAttribute('href')).toBe(
      'https://www.wikidata.org/wiki/Q243',
    );
    rerender(<StationSources sources={[]} />);
    expect(screen.queryByTestId('station-sources')).toBeNull();
  });
});
