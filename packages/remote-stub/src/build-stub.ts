import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { REMOTES, type RemoteName } from '@wayfarer/contracts';
import { createWebpackConfig } from '@wayfarer/mf-config';

/** This package's folder: the stub's sources and the packages its shared singletons resolve from. */
const STUB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The production build of a stub standing in for remote `name`: the same mf-config build every app has (a webpack
 * container named `name`, `remoteEntry.js`, mf-manifest.json, the same shared singletons), exposing `./App`
 * (src/stub-app.tsx), which renders only a "<name> (stub)" placeholder. Production mode, not minified.
 */
export function stubRemoteConfig(name: RemoteName, outDir: string): webpack.Configuration {
  const config = createWebpackConfig(
    STUB_DIR,
    {
      name,
      kind: 'remote',
      port: REMOTES[name].port,
      title: `Wayfarer ${name} (stub)`,
      exposes: { './App': './src/stub-app.tsx' },
    },
    { mode: 'production', outDir },
  );
  // Never deployed: no minifier, source maps or precompressed copies (most of a build's time, three times a run).
  config.devtool = false;
  config.optimization = { ...config.optimization, minimize: false };
  config.plugins = [
    ...(config.plugins ?? []).filter((p) => p?.constructor.name !== 'CompressionPlugin'),
    new webpack.DefinePlugin({ __WF_STUB_REMOTE__: JSON.stringify(name) }),
  ];
  return config;
}

/** Builds the stubs of `names` (one webpack run, one compiler each), the stub of `name` into `outDirOf(name)`. */
export async function buildStubRemotes(
  names: readonly RemoteName[],
  outDirOf: (name: RemoteName) => string,
): Promise<void> {
  if (!names.length) return;
  const compiler = webpack(names.map((n) => stubRemoteConfig(n, outDirOf(n))));
  await new Promise<void>((resolve, reject) =>
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    }),
  );
}
