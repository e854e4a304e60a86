import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARED_SINGLETONS } from '@wayfarer/contracts';

type SharedConfig = Record<
  string,
  { singleton: boolean; requiredVersion: string | false; eager?: boolean; version?: string }
>;

/**
 * The `shared` list for every app (Nx `sharePackages` style): third-party singletons with a caret range from the
 * installed version, workspace packages with `requiredVersion: false`.
 */
export function sharedSingletons(appDir: string, eager = false): SharedConfig {
  const req = createRequire(path.join(appDir, 'package.json'));
  const shared: SharedConfig = {};
  for (const name of SHARED_SINGLETONS) {
    if (name.startsWith('@wayfarer/')) {
      shared[name] = { singleton: true, requiredVersion: false, eager };
      continue;
    }
    const version = installedVersion(req, name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version, eager };
  }
  // react-dom/client is a separate entry point that must come from the same singleton copy.
  const rd = installedVersion(req, 'react-dom');
  shared['react-dom/client'] = { singleton: true, requiredVersion: `^${rd}`, version: rd, eager };
  shared['react/jsx-runtime'] = {
    singleton: true,
    requiredVersion: `^${rd}`,
    version: installedVersion(req, 'react'),
    eager,
  };
  return shared;
}

function installedVersion(req: NodeJS.Require, name: string): string {
  const main = req.resolve(name);
  let dir = path.dirname(main);
  // walk up to the package root
  while (!dir.endsWith(path.join('node_modules', ...name.split('/')))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find package root of ${name}`);
    dir = up;
  }
  return (req(path.join(dir, 'package.json')) as { version: string }).version;
}
