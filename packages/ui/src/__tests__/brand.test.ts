import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND_COLORS } from '../brand';

const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'styles.css'), 'utf8');
/** The first declaration of a token: the dark theme's (the default, first in styles.css). */
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(css)?.[1]?.toLowerCase();

describe('brand colours', () => {
  it("are the dark theme's --bg and --accent tokens", () => {
    expect(BRAND_COLORS.background).toBe(token('bg'));
    expect(BRAND_COLORS.theme).toBe(token('accent'));
  });
});
