import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FederationManifest } from '@wayfarer/contracts';

/**
 * Variants of a built remote for the tests of `pnpm contract:check` and of releases: a copy of its
 * dist with one change, made in seconds instead of a rebuild. A changed file loses its precompressed copies
 * (x.br, x.gz), which the static server would otherwise send instead.
 */
export interface VariantChange {
  /** Renames an exposed module in the manifest (`./App` -> `./Main`). */
  renameExpose?: { from: string; to: string };
  /** Sets the `requiredVersion` of a shared package in the manifest. */
  requiredVersion?: { name: string; range: string };
  /** The exposed `./App` throws this message as its code loads (when `throwWhen`, a JS condition, holds). */
  throwOnLoad?: string;
  throwWhen?: string;
  /** Replaces a text in every script of the build (a visible change: a heading's words). */
  replaceText?: { from: string; to: string };
}

function write(file: string, body: string): void {
  writeFileSync(file, body);
  for (const ext of ['.br', '.gz']) rmSync(`${file}${ext}`, { force: true });
}

type Expose = FederationManifest['exposes'][number] & {
  assets?: { js?: { sync?: string[]; async?: string[] } };
};
type Manifest = Omit<FederationManifest, 'exposes'> & { exposes: Expose[] };

export function makeVariant(fromDist: string, toDir: string, change: VariantChange): string {
  rmSync(toDir, { recursive: true, force: true });
  cpSync(fromDist, toDir, { recursive: true });
  const manifestFile = path.join(toDir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (change.renameExpose) {
    const { from, to } = change.renameExpose;
    manifest.exposes = manifest.exposes.map(
      (e): Expose => (e.path === from ? { ...e, path: to, name: to.replace(/^\.\//, '') } : e),
    );
  }
  if (change.requiredVersion) {
    const { name, range } = change.requiredVersion;
    manifest.shared = manifest.shared.map((s) => (s.name === name ? { ...s, requiredVersion: range } : s));
  }
  write(manifestFile, JSON.stringify(manifest));
  const app = manifest.exposes.find((e) => e.path === './App');
  if (change.throwOnLoad) {
    // The chunk of the exposed module itself (webpack's container: js/expose-App.<hash>.js).
    const expose = app?.assets?.js?.sync?.find((f) => /expose[-_]*App/.test(f));
    if (!expose) throw new Error(`${fromDist}: no expose chunk for ./App in the manifest`);
    const file = path.join(toDir, expose);
    const error = `throw new Error(${JSON.stringify(change.throwOnLoad)});`;
    const guard = change.throwWhen ? `if (${change.throwWhen}) ${error}` : error;
    write(file, `${guard}\n${readFileSync(file, 'utf8')}`);
  }
  if (change.replaceText) {
    const js = path.join(toDir, 'js');
    const files = [
      'remoteEntry.js',
      ...(existsSync(js)
        ? readdirSync(js)
            .filter((f) => f.endsWith('.js'))
            .map((f) => `js/${f}`)
        : []),
    ];
    let found = false;
    for (const f of files) {
      const file = path.join(toDir, f);
      const body = readFileSync(file, 'utf8');
      if (!body.includes(change.replaceText.from)) continue;
      found = true;
      write(file, body.split(change.replaceText.from).join(change.replaceText.to));
    }
    if (!found) throw new Error(`${fromDist}: no script contains "${change.replaceText.from}"`);
  }
  return toDir;
}
