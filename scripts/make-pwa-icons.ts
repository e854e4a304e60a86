/**
 * Writes the shell's app icons (shell/public/icons/*.png): the brand's diamond mark on the dark background, 192 and
 * 512 px, plus maskable copies whose mark stays inside the central 80 % safe zone. Run once when the brand changes:
 * `pnpm exec tsx scripts/make-pwa-icons.ts`. Plain zlib, no image library.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { BRAND_COLORS } from '../packages/ui/src/brand';
import { pngChunk } from './lib/png';

const OUT = path.join(import.meta.dirname, '..', 'shell', 'public', 'icons');

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** An RGB PNG of `size` px: background, and a diamond (outline and centre) of `scale` times the size. */
function icon(size: number, scale: number, rounded: boolean): Buffer {
  const bg = rgb(BRAND_COLORS.background);
  const fg = rgb(BRAND_COLORS.theme);
  const c = (size - 1) / 2;
  const r = (size * scale) / 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const d = Math.abs(x - c) + Math.abs(y - c);
      const inDiamond = d <= r && (d >= r * 0.78 || d <= r * 0.38);
      const corner =
        rounded &&
        Math.hypot(Math.max(0, Math.abs(x - c) - c * 0.8), Math.max(0, Math.abs(y - c) - c * 0.8)) > c * 0.2;
      const px = inDiamond ? fg : bg;
      row.set([...px, corner ? 0 : 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(path.join(OUT, `icon-${size}.png`), icon(size, 0.72, true));
  // Maskable: full bleed, the mark within the 80 % safe circle.
  writeFileSync(path.join(OUT, `maskable-${size}.png`), icon(size, 0.5, false));
}
console.log(`icons written to ${OUT}`);
