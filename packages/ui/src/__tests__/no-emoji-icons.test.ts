import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Icons are SVG from @wayfarer/ui/icons, never emoji or dingbat glyphs: those render as empty boxes where no emoji
 * font is installed (many Linux desktops and kiosks). This scans the UI source of the shell, the remotes and the
 * browser packages (tests, test helpers and data files left out).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = [
  'shell/src',
  'mfe-explore/src',
  'mfe-account/src',
  'mfe-admin/src',
  'mfe-marketing/src',
  'packages/ui/src',
  'packages/session/src',
  'packages/router/src',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', '__tests__', 'testing', 'data']);
const UI_FILE = /\.(tsx?|css|html)$/;

/** Pictographs, and the dingbats that stood in for icons here; ©, ® and ™ are typography, not icons. */
const ICON_GLYPH =
  /(?![\u00A9\u00AE\u2122])[\p{Extended_Pictographic}\u2605\u2606\u2630\u25C8\u2713\u2714\u2717\u2718\u2715\u2716\u25B2\u25BC\u25B6\u25C0\u23EE\u23ED\u275A\u2665]/u;
const ICON_GLYPHS = new RegExp(ICON_GLYPH.source, 'gu');

function* uiFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* uiFiles(path.join(dir, e.name));
    } else if (UI_FILE.test(e.name)) yield path.join(dir, e.name);
  }
}

function iconGlyphs(text: string): string[] {
  return text.match(ICON_GLYPHS) ?? [];
}

describe('icons are SVG, not emoji', () => {
  it('recognises the glyphs that were used as icons, and leaves typography alone', () => {
    for (const g of [
      '🏛',
      '🌿',
      '🏰',
      '🪙',
      '👻',
      '❄',
      '♥',
      '★',
      '☰',
      '◈',
      '✓',
      '✗',
      '✕',
      '▲',
      '▼',
      '▶',
      '⏮',
      '⏭',
      '❚',
      '🗺️',
      '🧭',
    ])
      expect(iconGlyphs(`a ${g} b`)).not.toEqual([]);
    for (const t of ['© 2026 Wayfarer', 'Wayfarer™', '← Back', 'Older →', '1 – 3 · 5', 'Café “quoted” …'])
      expect(iconGlyphs(t)).toEqual([]);
  });

  it('no UI source file contains an emoji or glyph icon', () => {
    const found: string[] = [];
    let files = 0;
    for (const src of SOURCES)
      for (const file of uiFiles(path.join(ROOT, src))) {
        files++;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const g = iconGlyphs(line);
            if (g.length) found.push(`${path.relative(ROOT, file)}:${i + 1} ${g.join(' ')}`);
          });
      }
    expect(files).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
