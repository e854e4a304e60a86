/**
 * A label of the built-in base map, as scripts/data/build-basemap.mjs writes it: name (English), longitude, latitude,
 * the first zoom it shows at, rank (lower first), kind ('c' a country, 'p' a populated place), then a country's
 * ISO 3166 code or a place's names by language.
 */
export type LabelRow = [
  name: string,
  lon: number,
  lat: number,
  minZoom: number,
  rank: number,
  kind: 'c' | 'p',
  extra: string | Record<string, string>,
];

export interface PlacedLabel {
  text: string;
  kind: 'c' | 'p';
  lat: number;
  lon: number;
}

/** Above this zoom a country's name sits in the middle of nowhere: places and pins speak instead. */
export const COUNTRY_MAX_ZOOM = 7;
/** At most this many labels at once: a readable map, and a DOM that stays small. */
export const MAX_LABELS = 60;

const regionNames = new Map<string, Intl.DisplayNames | null>();
function regionName(code: string, lang: string): string | undefined {
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(lang, null);
    }
  }
  try {
    return regionNames.get(lang)?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A label's text in the page's language: countries by Intl.DisplayNames, places by Natural Earth's own names. */
export function labelText(row: LabelRow, lang: string): string {
  const [name, , , , , kind, extra] = row;
  const base = lang.split('-')[0]!;
  if (kind === 'c') return (typeof extra === 'string' && extra && regionName(extra, lang)) || name;
  return (typeof extra === 'object' && extra[base]) || name;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Which labels to show at a zoom, greedily without overlap: countries first while zoomed out, then places by rank.
 * `project` gives a point's position in the viewport (pixels, null when it is not shown); text width is estimated
 * from its length (no canvas to measure with in every environment, and the estimate only spaces labels apart).
 */
export function placeLabels(
  rows: readonly LabelRow[],
  opts: {
    zoom: number;
    lang: string;
    width: number;
    height: number;
    project: (lat: number, lon: number) => { x: number; y: number } | null;
  },
): PlacedLabel[] {
  const { zoom, lang, width, height, project } = opts;
  const candidates = rows.filter((r) => r[3] <= zoom && (r[5] === 'p' || zoom <= COUNTRY_MAX_ZOOM));
  const order = (r: LabelRow) => (r[5] === 'c' ? (zoom < 5 ? 0 : 2) : 1);
  candidates.sort((a, b) => order(a) - order(b) || a[4] - b[4] || a[3] - b[3]);
  const boxes: Box[] = [];
  const out: PlacedLabel[] = [];
  for (const row of candidates) {
    if (out.length >= MAX_LABELS) break;
    const p = project(row[2], row[1]);
    if (!p) continue;
    const text = labelText(row, lang);
    const w = text.length * (row[5] === 'c' ? 8 : 7) + 8;
    const h = 16;
    // A country's name is centred on its point; a place's name starts at its dot.
    const box =
      row[5] === 'c'
        ? { x0: p.x - w / 2, y0: p.y - h / 2, x1: p.x + w / 2, y1: p.y + h / 2 }
        : { x0: p.x - 4, y0: p.y - h / 2, x1: p.x + w, y1: p.y + h / 2 };
    if (box.x1 < 0 || box.y1 < 0 || box.x0 > width || box.y0 > height) continue;
    if (boxes.some((b) => box.x0 < b.x1 + 4 && box.x1 + 4 > b.x0 && box.y0 < b.y1 + 2 && box.y1 + 2 > b.y0))
      continue;
    boxes.push(box);
    out.push({ text, kind: row[5], lat: row[2], lon: row[1] });
  }
  return out;
}
