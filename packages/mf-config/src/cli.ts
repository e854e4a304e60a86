import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createWebpackConfig, type AppFederationConfig } from './webpack';
import { readEnv, remoteMap, runtimeConfigScript } from './env';
import { createStaticServer, listenHost } from './serve';
import { runGenerate } from './generate';

/** The production build of the app in `appDir` into dist/ (or `outDir`), after its `generate` step. */
async function build(appDir: string, app: AppFederationConfig, outDir?: string): Promise<void> {
  runGenerate(appDir);
  const config = createWebpackConfig(appDir, app, { mode: 'production', outDir });
  await new Promise<void>((resolve, reject) =>
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      console.log(
        `built ${app.name} in ${(stats!.endTime - stats!.startTime) / 1000}s -> ${config.output!.path}`,
      );
      resolve();
    }),
  );
}

/** `wf-app build | dev | serve` run inside an app folder (shell or a remote). */
async function main() {
  const [cmd = 'build', ...args] = process.argv.slice(2);
  const appDir = process.cwd();
  const mod = (await import(pathToFileURL(path.join(appDir, 'module-federation.config.ts')).href)) as {
    default: AppFederationConfig;
  };
  const app = mod.default;
  const env = readEnv();
  const port = Number(process.env.PORT_OVERRIDE ?? app.port);

  if (cmd === 'build') {
    const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
    await build(appDir, app, outDir);
    return;
  }
  if (cmd === 'serve') {
    // A fresh clone has no dist/ yet: serving it would answer 404 to everything.
    if (!existsSync(path.join(appDir, 'dist', 'index.html'))) {
      console.log(`${app.name}: no dist/ yet, building it first`);
      await build(appDir, app);
    }
    const server = createStaticServer({
      root: path.join(appDir, 'dist'),
      spaFallback: true,
      remotes: app.kind === 'host',
      // A remote's published versions (`pnpm release:publish`): /releases/<version>/… from <app>/releases/.
      releasesRoot: app.kind === 'host' ? undefined : path.join(appDir, 'releases'),
      env,
      delay: process.env.SERVE_DELAY_MS
        ? {
            pattern: new RegExp(process.env.SERVE_DELAY_PATTERN ?? 'remoteEntry'),
            ms: Number(process.env.SERVE_DELAY_MS),
          }
        : undefined,
      log: process.env.SERVE_LOG ? (l) => console.log(l) : undefined,
    });
    const host = listenHost();
    server.listen(port, host, () =>
      console.log(`${app.name} serving dist on http://localhost:${port} (listening on ${host})`),
    );
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  if (cmd === 'dev') {
    runGenerate(appDir);
    const config = createWebpackConfig(appDir, app, { mode: 'development' });
    const compiler = webpack(config);
    const server = new WebpackDevServer(
      {
        port,
        host: listenHost(),
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false } },
        setupMiddlewares: (middlewares, devServer) => {
          devServer.app!.get('/runtime-config.js', (_req, res) => {
            res.type('text/javascript').send(runtimeConfigScript(env));
          });
          devServer.app!.get('/remotes.json', (_req, res) => {
            res.json(remoteMap(env));
          });
          return middlewares;
        },
      },
      compiler,
    );
    await server.start();
    console.log(`${app.name} dev server on http://localhost:${port} (listening on ${listenHost()})`);
    return;
  }
  console.error(`unknown command ${cmd}: use build | dev | serve`);
  process.exit(2);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
