import { PALETTES, themeOf } from '../palette';

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('base map palettes', () => {
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('follows the theme class on <html>: light for theme-light, dark for every other theme', () => {
    document.documentElement.className = 'theme-light';
    expect(themeOf()).toBe('light');
    for (const theme of ['theme-dark', 'theme-halloween', 'theme-christmas', '']) {
      document.documentElement.className = theme;
      expect(themeOf()).toBe('dark');
    }
  });

  it('draws light land on a light page and dark land on a dark one, land and water apart in both', () => {
    expect(luminance(PALETTES.light.land)).toBeGreaterThan(0.7);
    expect(luminance(PALETTES.dark.land)).toBeLessThan(0.05);
    for (const p of Object.values(PALETTES)) {
      const [hi, lo] = [luminance(p.land), luminance(p.water)].sort((a, b) => b - a);
      // Land and water told apart at a glance: a contrast ratio of at least 1.15.
      expect((hi! + 0.05) / (lo! + 0.05)).toBeGreaterThan(1.15);
    }
  });
});
