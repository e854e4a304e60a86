import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No React component file over 150 lines: a page that grows past it is split by responsibility
 * (a table, a form, a toolbar, a hook holding its state) into files next to it in its feature folder. This reads
 * every .tsx file of the shell and the remotes as prettier left it (tests left out).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const APPS = ['shell/src', 'mfe-explore/src', 'mfe-account/src', 'mfe-admin/src', 'mfe-marketing/src'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '__tests__']);
const MAX_LINES = 150;

function* componentFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* componentFiles(path.join(dir, e.name));
    } else if (e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx')) yield path.join(dir, e.name);
  }
}

/** Lines as an editor numbers them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (!text) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('component files stay small', () => {
  it('counts lines as an editor does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\n\nb')).toBe(3);
  });

  it(`no component file under shell/src or mfe-*/src has more than ${MAX_LINES} lines`, () => {
    const over: string[] = [];
    let files = 0;
    for (const app of APPS)
      for (const file of componentFiles(path.join(ROOT, app))) {
        files++;
        const n = lineCount(readFileSync(file, 'utf8'));
        if (n > MAX_LINES) over.push(`${path.relative(ROOT, file)}: ${n} lines`);
      }
    expect(files).toBeGreaterThan(100);
    expect(over).toEqual([]);
  });
});
