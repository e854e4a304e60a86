import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * An app may generate sources before it is bundled (the marketing remote writes its privacy PDF): the
 * package.json script named `generate`, when present, runs before `wf-app build` and `wf-app dev` (and before any
 * other build of the app's sources, such as the bench's monolith), so a build from a fresh clone is complete.
 */
export function runGenerate(appDir: string): void {
  const file = path.join(appDir, 'package.json');
  if (!existsSync(file)) return;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> };
  const script = pkg.scripts?.generate;
  if (!script) return;
  const res = spawnSync(script, { cwd: appDir, shell: true, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`generate step failed: ${script}`);
}
