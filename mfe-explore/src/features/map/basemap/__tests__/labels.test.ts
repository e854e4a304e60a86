import { COUNTRY_MAX_ZOOM, labelText, placeLabels, type LabelRow } from '../labels';

const FRANCE: LabelRow = ['France', 2.5, 46.6, 2, 2, 'c', 'FR'];
const GERMANY: LabelRow = ['Germany', 10.4, 51.1, 2, 2, 'c', 'DE'];
const ROME: LabelRow = ['Rome', 12.48, 41.9, 3, 0, 'p', { de: 'Rom', es: 'Roma' }];
const TIVOLI: LabelRow = ['Tivoli', 13.5, 41.96, 7, 18, 'p', {}];

/** A plain equirectangular view: 100 px per degree around (lon 5, lat 46). */
const view = (zoom: number, lang = 'en') => ({
  zoom,
  lang,
  width: 1600,
  height: 1200,
  project: (lat: number, lon: number) => ({ x: 500 + (lon - 5) * 100, y: 600 - (lat - 46) * 100 }),
});

describe('base map labels', () => {
  it("names countries in the page's language and places by Natural Earth's names, English otherwise", () => {
    expect(labelText(FRANCE, 'en')).toBe('France');
    expect(labelText(GERMANY, 'fr')).toBe('Allemagne');
    expect(labelText(GERMANY, 'de')).toBe('Deutschland');
    expect(labelText(ROME, 'de')).toBe('Rom');
    expect(labelText(ROME, 'es-ES')).toBe('Roma');
    expect(labelText(ROME, 'it')).toBe('Rome');
  });

  it('shows a label only from its zoom on, and countries only while zoomed out', () => {
    const rows = [FRANCE, GERMANY, ROME, TIVOLI];
    expect(placeLabels(rows, view(3)).map((l) => l.text)).toEqual(['France', 'Germany', 'Rome']);
    expect(placeLabels(rows, view(7)).map((l) => l.text)).toContain('Tivoli');
    expect(placeLabels(rows, view(COUNTRY_MAX_ZOOM + 1)).map((l) => l.text)).toEqual(['Rome', 'Tivoli']);
  });

  it('leaves out labels that would overlap one already placed, and those outside the view', () => {
    const near: LabelRow = ['Nearby', 2.55, 46.62, 2, 5, 'p', {}];
    const far: LabelRow = ['Far away', 120, 10, 2, 0, 'p', {}];
    const placed = placeLabels([FRANCE, near, far], view(4));
    expect(placed.map((l) => l.text)).toEqual(['France']);
  });
});
