import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runGenerate } from '../generate';

const dirs: string[] = [];
const app = (scripts?: Record<string, string>) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-gen-'));
  dirs.push(d);
  if (scripts) fs.writeFileSync(path.join(d, 'package.json'), JSON.stringify({ name: 'x', scripts }));
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('runGenerate (before every build of an app: wf-app build/dev/serve, the bench monolith)', () => {
  it("runs the app's generate script in its folder", () => {
    const d = app({ generate: `node -e "require('fs').writeFileSync('generated.txt', 'made')"` });
    runGenerate(d);
    expect(fs.readFileSync(path.join(d, 'generated.txt'), 'utf8')).toBe('made');
  });

  it('fails loudly when the script fails, and does nothing without one', () => {
    expect(() => runGenerate(app({ generate: 'node -e "process.exit(4)"' }))).toThrow(/generate step failed/);
    expect(() => runGenerate(app({ build: 'x' }))).not.toThrow();
    expect(() => runGenerate(app())).not.toThrow();
  });
});
