import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { withQueryClient } from '@wayfarer/session/testing';
import { countryNameIn, usePlaceName, type PlaceParts } from '../place-names';

let asked: URL[] = [];
beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const u = new URL(String(url), 'http://localhost');
    asked.push(u);
    return new Response(
      JSON.stringify({ lang: 'en', names: { 'IT|Roma': 'Rome', 'DE|München': 'Munich' } }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  }) as typeof fetch;
});

function Where(p: PlaceParts) {
  return <p data-testid="where">{usePlaceName()(p)}</p>;
}

describe('usePlaceName', () => {
  it('writes the city as the names list has it in the page language, the country by Intl', async () => {
    render(<Where city="Roma" country="Italia" country_code="it" />, { wrapper: withQueryClient().wrapper });
    // Before the list has come: the city as the data spells it, the country already in English.
    expect(screen.getByTestId('where').textContent).toBe('Roma, Italy');
    expect(await screen.findByText('Rome, Italy')).toBeTruthy();
    expect(asked.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual(['/geocode/city-names?lang=en']);
  });

  it("keeps a city the list does not hold, and the data's country where the code is unknown", async () => {
    render(<Where city="Vaduz" country="Liechtenstein" country_code={null} />, {
      wrapper: withQueryClient().wrapper,
    });
    expect(await screen.findByText('Vaduz, Liechtenstein')).toBeTruthy();
  });
});

describe('countryNameIn', () => {
  it('names a country in each of the six languages, and nothing for a code that is none', () => {
    expect(countryNameIn('en', 'DE')).toBe('Germany');
    expect(countryNameIn('de', 'it')).toBe('Italien');
    expect(countryNameIn('fr', 'DE')).toBe('Allemagne');
    expect(countryNameIn('es', 'DE')).toBe('Alemania');
    expect(countryNameIn('it', 'DE')).toBe('Germania');
    expect(countryNameIn('ar', 'DE')).toBe('ألمانيا');
    expect(countryNameIn('en', 'XYZ')).toBeNull();
    expect(countryNameIn('en', null)).toBeNull();
  });
});
