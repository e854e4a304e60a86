/** Colours of the built-in base map: the canvas needs them resolved (it cannot read CSS custom properties). */
export interface BasemapPalette {
  water: string;
  land: string;
  urban: string;
  border: string;
  river: string;
  lake: string;
}

/** Calm colours under the pins, with the contrast of the app's themes (light, and the dark ones). */
export const PALETTES: Record<'light' | 'dark', BasemapPalette> = {
  light: {
    water: '#c9dcea',
    land: '#f3f1ec',
    urban: '#e3ddd3',
    border: '#9a8fa6',
    river: '#a9c6de',
    lake: '#c9dcea',
  },
  dark: {
    water: '#0b1620',
    land: '#1c2632',
    urban: '#2a3441',
    border: '#5d6b7e',
    river: '#1d3a52',
    lake: '#0b1620',
  },
};

/** The theme the page shows: themes are classes on <html>; every theme but `theme-light` is dark. */
export function themeOf(root: Element = document.documentElement): 'light' | 'dark' {
  return root.classList.contains('theme-light') ? 'light' : 'dark';
}
