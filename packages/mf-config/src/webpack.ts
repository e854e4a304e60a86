import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import { intlWarmupScript, remotePreloadScript } from './inline-scripts';
import { sharedSingletons } from './shared';
import { readEnv } from './env';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

const MANIFEST_FILE = 'mf-manifest.json';

/** What an app says about itself in its `module-federation.config.ts`. */
export interface AppFederationConfig {
  name: string;
  kind: 'host' | 'remote';
  port: number;
  title: string;
  exposes?: Record<string, string>;
  /**
   * A remote's pages: route path (as in the contracts' route table) -> the webpack chunk name(s) its lazy page
   * import gives (`webpackChunkName`), with any lazy chunk the page always loads at once (the explore map). Written into mf-manifest.json as `routes` (path -> the page's script files), so the
   * shell's HTML preloads the current route's page together with the remote's entry (remote-preload.inline.js).
   */
  pages?: Record<string, PageChunks>;
  /**
   * A remote's first screens (contracts' first-screen.ts): route path -> a module (relative to the app)
   * that paints the route's page before its code has run. Each is compiled on its own (a child compilation, the
   * app's loaders, no federation) into one small script, written into mf-manifest.json as `firstScreens`
   * (path -> script), which the shell's HTML runs as soon as the manifest is in.
   */
  firstScreens?: Record<string, string>;
  /** The host as an installable app: its web app manifest, icons and service worker. */
  pwa?: PwaConfig;
}

/**
 * A route's page chunk name(s). An entry with `media` is a chunk the page loads at once only where the media query
 * matches (the explore map, which a touch-first device starts only when tapped): its files are listed with the
 * route all the same, and in the manifest's `routeMedia` (route -> file -> query), so the shell's HTML preloads them only
 * there (`<link rel="preload" media>`).
 */
export type PageChunks = string | readonly (string | { chunk: string; media: string })[];

/** What makes the host installable and offline-capable (production builds only). */
export interface PwaConfig {
  /** The service worker's source (relative to the app), compiled by Workbox's InjectManifest into `/sw.js`. */
  serviceWorker: string;
  /** A folder (relative to the app) copied into the build as it is: the manifest's icons. */
  publicDir: string;
  /** The web app manifest, written to `/manifest.webmanifest` and linked from the page. */
  manifest: { theme_color: string; background_color: string } & Record<string, unknown>;
}

/** Where the web app manifest is served. */
export const WEB_MANIFEST_FILE = 'manifest.webmanifest';
/** Where the host's service worker is served (scope: the whole origin). */
export const SERVICE_WORKER_FILE = 'sw.js';

export interface BuildOptions {
  mode: 'development' | 'production';
  /** Output directory (default `dist`). */
  outDir?: string;
  /** Monolith mode for benchmarks: no federation, remotes aliased in statically. */
  monolith?: boolean;
  extraAlias?: Record<string, string>;
  /** Swap modules whose request matches (the monolith benchmark replaces the runtime remote loader). */
  replace?: { test: RegExp; with: string }[];
  entry?: string;
}

export function createWebpackConfig(
  appDir: string,
  app: AppFederationConfig,
  opts: BuildOptions,
): webpack.Configuration {
  const env = readEnv();
  const prod = opts.mode === 'production';
  const outDir = path.resolve(appDir, opts.outDir ?? 'dist');
  const plugins: webpack.WebpackPluginInstance[] = [
    new HtmlWebpackPlugin({
      template: path.join(here, 'index.html'),
      title: app.title,
      scriptLoading: 'defer',
      inject: 'body',
      // Each app's index.html is served from its own origin's root; absolute script paths keep deep links
      // (a standalone remote opened at /explore/123) working. The runtime publicPath stays 'auto'.
      publicPath: '/',
      templateParameters: {
        title: app.title,
        preloadScript: app.kind === 'host' && !opts.monolith ? remotePreloadScript() : '',
        // Both host builds (the monolith too, so the benchmarks compare like with like).
        intlWarmupScript: app.kind === 'host' ? intlWarmupScript() : '',
        // The manifest link and theme colour, in production builds of an installable host only.
        pwa:
          prod && app.pwa && !opts.monolith
            ? { manifest: `/${WEB_MANIFEST_FILE}`, ...app.pwa.manifest }
            : null,
      },
    }),
    new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(opts.mode) }),
  ];
  if (prod)
    plugins.push(
      new MiniCssExtractPlugin({
        filename: 'css/[name].[contenthash:16].css',
        chunkFilename: 'css/[name].[contenthash:16].css',
        // Each feature's stylesheet is scoped by its own class names; the order chunks happen to load in is not
        // a cascade anyone relies on.
        ignoreOrder: true,
      }),
    );
  if (prod && app.kind === 'host') plugins.push(new PreloadStartChunksPlugin());
  for (const r of opts.replace ?? []) plugins.push(new webpack.NormalModuleReplacementPlugin(r.test, r.with));
  if (!opts.monolith) {
    // webpack's own container runtime: a few hundred bytes per app where a general federation runtime cost about
    // 20 KiB (br) of the shell's entry and 4 KiB of every remote's. The shell loads remotes itself
    // (shell/src/mf/federation.ts); the manifest below says what each build exposes and shares.
    const shared = sharedSingletons(appDir, false);
    const exposes = Object.fromEntries(
      Object.entries(app.exposes ?? {}).map(([key, file]) => [
        key,
        { import: file, name: exposeChunkName(key) },
      ]),
    );
    plugins.push(
      new webpack.container.ModuleFederationPlugin({
        name: app.name,
        filename: app.kind === 'remote' ? 'remoteEntry.js' : undefined,
        exposes,
        shared,
      }),
      new ContainerManifestPlugin(appDir, app, shared, opts.mode),
    );
    // After the manifest (same processAssets stage, added later) and before the compression below, so the
    // precompressed manifest carries the routes too.
    if (app.pages || app.firstScreens)
      plugins.push(new RoutePagesManifestPlugin(app.pages ?? {}, app.firstScreens ?? {}));
  }
  if (prod && app.pwa && !opts.monolith) plugins.push(...pwaPlugins(appDir, app.pwa));
  if (prod) plugins.push(...precompress(), new PrivateSourceMapsPlugin(sourceMapsDirOf(outDir)));
  return {
    mode: opts.mode,
    context: appDir,
    entry: opts.entry ?? './src/main.ts',
    // Production maps are written, but not referenced from the scripts and not served: PrivateSourceMapsPlugin
    // moves them out of the served folder (the whole source of every app would otherwise be public).
    devtool: prod ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: outDir,
      publicPath: app.kind === 'host' ? '/' : 'auto',
      uniqueName: app.name,
      // Entries keep stable names: `remoteEntry.js` is the URL a shell knows a remote by, and `js/main.js` is the
      // shell's few hundred bytes; both are served no-cache. Every other chunk is content-hashed and immutable.
      filename: 'js/[name].js',
      chunkFilename: prod ? 'js/[name].[contenthash:16].js' : 'js/[name].js',
      assetModuleFilename: prod ? 'assets/[name].[contenthash:16][ext]' : 'assets/[name][ext]',
      chunkLoadTimeout: env.CHUNK_LOAD_TIMEOUT_MS,
      crossOriginLoading: 'anonymous',
      // Keep hashed chunks of earlier builds so an open tab survives a redeploy.
      clean: prod ? { keep: (asset: string) => /\.[0-9a-f]{16}\./.test(asset) } : true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: opts.extraAlias,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
                target: 'es2020',
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            // A production build writes stylesheets as files of their own, loaded beside the chunk that needs them
            // (webpack's CSS chunk loading, in each container's runtime): the browser parses them off the main
            // thread and caches them apart, where style-loader carried every rule inside the JavaScript as a string
            // and inserted it from there (leaflet.css alone was 3.5 KiB of explore's first-load JavaScript).
            // Development keeps style-loader for hot updates.
            prod ? MiniCssExtractPlugin.loader : require.resolve('style-loader'),
            // No CSS source map in a production build: css-loader follows `devtool` by default.
            { loader: require.resolve('css-loader'), options: { sourceMap: !prod } },
          ],
        },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?|pdf)$/, type: 'asset/resource' },
      ],
    },
    plugins,
    performance: { hints: false },
    optimization: prod
      ? {
          moduleIds: 'deterministic',
          chunkIds: 'deterministic',
          ...(app.kind === 'host' && !opts.monolith ? { splitChunks: hostStartChunks() } : {}),
          ...(app.kind === 'remote' ? { splitChunks: remoteChunks() } : {}),
        }
      : undefined,
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * The shell provides every shared singleton, and Module Federation gives each provided package its own async chunk
 * (react, react-dom, react-dom/client, react/jsx-runtime, jotai, @wayfarer/session, …) beside the `./bootstrap`
 * chunk, all of which a first load downloads at once. A dozen small files compress worse than one (each brotli
 * stream starts with an empty window) and each costs a request: the third-party and workspace-package code of the
 * shell's async chunks goes into one `start` chunk instead. The shell's own code stays in `./bootstrap`'s chunk:
 * merged into the same chunk as the shared modules it consumes, the page never started (the bootstrap waited on
 * its own chunk). Only unnamed async chunks give their packages to `start` (the bootstrap's and the shared
 * modules'): the shell's lazy parts are named (`webpackChunkName`: the service-worker registration, the seasonal
 * overlay, the catalogs of other languages) and keep their packages, so workbox-window or a French catalog are not
 * part of every first load.
 */
function hostStartChunks(): NonNullable<webpack.Configuration['optimization']>['splitChunks'] {
  const firstLoad = (chunk: webpack.Chunk) => !chunk.name;
  return {
    chunks: 'async',
    cacheGroups: {
      start: { test: /[\\/](node_modules|packages)[\\/]/, name: 'start', chunks: firstLoad, enforce: true },
    },
  };
}

/**
 * A remote's pages are lazy chunks, and webpack's default split leaves a module shared by two pages in both when it
 * is small (under 20 KB): the SVG icons' runtime (lucide-react's createLucideIcon, Icon and helpers, about 3 KB) was
 * in every page chunk with an icon, so `/` (the home page, with the pricing page prefetched) downloaded it twice. It
 * is a chunk of its own when two chunks need it.
 */
function remoteChunks(): NonNullable<webpack.Configuration['optimization']>['splitChunks'] {
  return {
    chunks: 'async',
    cacheGroups: {
      icons: {
        test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
        chunks: 'async',
        minChunks: 2,
        minSize: 0,
        priority: 20,
        reuseExistingChunk: true,
      },
    },
  };
}

/**
 * The host's page preloads the chunks its entry loads at once (the `./bootstrap` chunk group and, with Module
 * Federation, the chunks of the shared modules it provides), so they download beside js/main.js instead of after
 * it has run, and in one wave instead of two. Only the entry's direct children: pages and other lazy chunks stay
 * lazy. Same-origin, like webpack's own script tags for them (no crossorigin); low priority, as those scripts have.
 */
class PreloadStartChunksPlugin {
  apply(compiler: webpack.Compiler): void {
    const name = 'PreloadStartChunksPlugin';
    compiler.hooks.compilation.tap(name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(name, (data) => {
        const files = new Set<string>();
        for (const entry of compilation.entrypoints.values())
          for (const group of entry.getChildren())
            for (const chunk of group.chunks)
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        for (const file of [...files].sort())
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              fetchpriority: 'low',
              href: `${data.publicPath}${file}`,
            }),
          );
        return data;
      });
    });
  }
}

/** The chunk of an exposed module (`./App` -> `expose-App`), so the manifest can list its files. */
function exposeChunkName(key: string): string {
  return `expose-${key.replace(/^\.\//, '').replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * Writes mf-manifest.json: what this build is as a federation participant (its name, its entry, each exposed
 * module with the script files of its chunk, each shared singleton with its version and range), in the shape of
 * Module Federation's manifest format (the fields the contract tests, the shell's HTML preloader and a deploy
 * step read). Written from the compilation: an exposed module whose chunk the build lacks fails the build.
 */
class ContainerManifestPlugin {
  constructor(
    private readonly appDir: string,
    private readonly app: AppFederationConfig,
    private readonly shared: ReturnType<typeof sharedSingletons>,
    private readonly mode: BuildOptions['mode'],
  ) {}

  apply(compiler: webpack.Compiler): void {
    const name = 'ContainerManifestPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const app = this.app;
          const jsOf = (group: webpack.ChunkGroup) => [
            ...new Set(group.chunks.flatMap((c) => [...c.files].filter((f) => f.endsWith('.js')))),
          ];
          const cssOf = (group: webpack.ChunkGroup) => [
            ...new Set(group.chunks.flatMap((c) => [...c.files].filter((f) => f.endsWith('.css')))),
          ];
          const exposes = Object.keys(app.exposes ?? {}).map((key) => {
            const group = compilation.namedChunkGroups.get(exposeChunkName(key));
            if (!group)
              compilation.errors.push(
                new compiler.webpack.WebpackError(`${name}: no chunk for the exposed module ${key}`),
              );
            const short = key.replace(/^\.\//, '');
            return {
              id: `${app.name}:${short}`,
              name: short,
              path: key,
              assets: {
                js: { sync: group ? jsOf(group) : [], async: [] },
                css: { sync: group ? cssOf(group) : [], async: [] },
              },
            };
          });
          const ownCopy = sharedCopyFiles(compilation, this.appDir, Object.keys(this.shared));
          const shared = Object.entries(this.shared).map(([pkg, s]) => ({
            id: `${app.name}:${pkg}`,
            name: pkg,
            version: s.version ?? '',
            singleton: s.singleton,
            requiredVersion: s.requiredVersion,
            assets: { js: { sync: [], async: ownCopy.get(pkg) ?? [] }, css: { sync: [], async: [] } },
          }));
          const manifest = {
            id: app.name,
            name: app.name,
            metaData: {
              name: app.name,
              type: 'app',
              buildInfo: { buildVersion: this.mode, buildName: app.name },
              remoteEntry:
                app.kind === 'remote'
                  ? { name: 'remoteEntry.js', path: '', type: 'var' }
                  : { name: '', path: '', type: 'var' },
              globalName: app.name,
              pluginVersion: `webpack ${compiler.webpack.version}`,
              publicPath: 'auto',
            },
            shared,
            remotes: [],
            exposes,
            // Every script, style and media file of this build: what a service worker precaches to run
            // this version offline, lazy chunks (pages, languages) included.
            files: compilation
              .getAssets()
              .map((a) => a.name)
              .filter((f) => BUILD_FILE.test(f))
              .sort(),
          };
          compilation.emitAsset(MANIFEST_FILE, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

/** The files of a build a page may load (not source maps, precompressed copies or pages). */
const BUILD_FILE = /\.(js|css|png|jpe?g|gif|svg|webp|woff2?)$/;

/**
 * For each shared package, the .js files of this build's own copy of it: every chunk holding a module from the
 * package's directory (the fallback a container loads only when its version is the one chosen from the share
 * scope). Listed in the manifest as the package's async assets, so a test can check that a page through the shell
 * never downloads a remote's own React.
 */
function sharedCopyFiles(
  compilation: webpack.Compilation,
  appDir: string,
  packages: string[],
): Map<string, string[]> {
  const req = createRequire(path.join(appDir, 'package.json'));
  const roots = packages.map((pkg) => [pkg, packageRoot(req, pkg) + path.sep] as const);
  const files = new Map<string, Set<string>>();
  const resourcesOf = (m: webpack.Module): string[] => {
    const inner = (m as { modules?: Iterable<webpack.Module> }).modules;
    if (inner) return [...inner].flatMap(resourcesOf);
    const resource = (m as { resource?: string }).resource;
    return resource ? [resource] : [];
  };
  for (const chunk of compilation.chunks) {
    const js = [...chunk.files].filter((f) => f.endsWith('.js'));
    for (const m of compilation.chunkGraph.getChunkModulesIterable(chunk))
      for (const resource of resourcesOf(m))
        for (const [pkg, root] of roots)
          if (resource.startsWith(root))
            for (const f of js) (files.get(pkg) ?? files.set(pkg, new Set()).get(pkg)!).add(f);
  }
  return new Map([...files].map(([pkg, set]) => [pkg, [...set].sort()]));
}

/** The real directory of an installed package (`react-dom/client` -> react-dom's), as module resources name it. */
function packageRoot(req: NodeJS.Require, pkg: string): string {
  const name = pkg
    .split('/')
    .slice(0, pkg.startsWith('@') ? 2 : 1)
    .join('/');
  let dir = path.dirname(req.resolve(pkg));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    )
      return realpathSync(dir);
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the package directory of ${pkg}`);
    dir = up;
  }
}

/**
 * Adds `routes` to the remote's mf-manifest.json: for each route path of `pages`, the .js files of its page's chunk
 * group (the page chunk and the chunks split out of it), relative to the remote's public path like the manifest's
 * own asset lists. A page name the build does not have fails the build: the route table and the remote's chunk
 * names must not drift apart silently.
 */
class RoutePagesManifestPlugin {
  constructor(
    private readonly pages: Record<string, PageChunks>,
    private readonly firstScreens: Record<string, string>,
  ) {}

  apply(compiler: webpack.Compiler): void {
    const name = 'RoutePagesManifestPlugin';
    const { Compilation, sources, EntryPlugin } = compiler.webpack;
    // Each first screen's script, compiled by a child compiler during the build's make (as Workbox compiles a
    // service worker): its own entry and runtime, the app's loaders and minifier, none of the app's plugins.
    const screenFiles = new Map<string, string>();
    compiler.hooks.make.tapPromise(name, (compilation) =>
      Promise.all(
        Object.entries(this.firstScreens).map(
          ([route, request], i) =>
            new Promise<void>((resolve, reject) => {
              const entry = `first-screen-${i}`;
              const child = compilation.createChildCompiler(
                `${name}:${route}`,
                { filename: `${entry}.js`, iife: true, publicPath: '' },
                [new EntryPlugin(compiler.context, request, { name: entry })],
              );
              child.runAsChild((err, entries, childCompilation) => {
                if (err) return reject(err);
                if (childCompilation) compilation.errors.push(...childCompilation.errors);
                const file = entries?.flatMap((c) => [...c.files]).find((f) => f.endsWith('.js'));
                if (file) screenFiles.set(route, file);
                resolve();
              });
            }),
        ),
      ).then(() => undefined),
    );
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          // Each script becomes a content-hashed file of the build, named in the manifest (route -> file, relative
          // to the public path): the preloader loads it as a script element, which the page's
          // Content-Security-Policy allows from the remote's origin (inline code would need its hash in the shell's
          // policy, and the shell cannot know every remote version's scripts). No source map for it.
          const firstScreens: Record<string, string> = {};
          const dropped = new Set<string>();
          for (const [route, file] of screenFiles) {
            const script = compilation.getAsset(file)?.source.source().toString();
            for (const f of [file, `${file}.map`]) {
              if (compilation.getAsset(f)) compilation.deleteAsset(f);
              dropped.add(f);
            }
            if (!script) continue;
            const body = script.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '').trim();
            const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
            const out = `js/${file.replace(/\.js$/, '')}.${hash}.js`;
            if (!compilation.getAsset(out)) compilation.emitAsset(out, new sources.RawSource(body));
            firstScreens[route] = out;
          }
          const routes: Record<string, string[]> = {};
          const routeMedia: Record<string, Record<string, string>> = {};
          const filesOf = (chunkName: string, route: string): string[] => {
            const group = compilation.namedChunkGroups.get(chunkName);
            if (!group) {
              const msg = `${name}: no chunk named "${chunkName}" (route ${route})`;
              compilation.errors.push(new compiler.webpack.WebpackError(msg));
              return [];
            }
            return group.chunks.flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js')));
          };
          for (const [route, chunkNames] of Object.entries(this.pages)) {
            const entries = typeof chunkNames === 'string' ? [chunkNames] : chunkNames;
            const always = new Set<string>();
            const conditional = new Map<string, string>();
            for (const entry of entries) {
              if (typeof entry === 'string') for (const f of filesOf(entry, route)) always.add(f);
              else for (const f of filesOf(entry.chunk, route)) conditional.set(f, entry.media);
            }
            for (const [f, media] of conditional) if (!always.has(f)) (routeMedia[route] ??= {})[f] = media;
            routes[route] = [...new Set([...always, ...conditional.keys()])];
          }
          const manifest = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
          // The manifest's list of the build's files (what the service worker caches): the first screens' own
          // files, not the child compilations' outputs they were made from.
          if (Array.isArray(manifest.files))
            manifest.files = [
              ...new Set([
                ...(manifest.files as string[]).filter((f) => !dropped.has(f)),
                ...Object.values(firstScreens),
              ]),
            ].sort();
          compilation.updateAsset(
            MANIFEST_FILE,
            new sources.RawSource(JSON.stringify({ ...manifest, routes, routeMedia, firstScreens }, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * The installable host: the web app manifest and the icons as build assets, then the service worker
 * (Workbox InjectManifest: `sw.ts` compiled with the precache list of this build's own files). Source maps,
 * precompressed copies and the federation manifest are not precached; index.html is (as `/index.html`, the offline
 * page of every route). The remotes are precached at run time, per version (the service worker's own code).
 */
function pwaPlugins(appDir: string, pwa: PwaConfig): webpack.WebpackPluginInstance[] {
  const name = 'PwaAssetsPlugin';
  const assets: webpack.WebpackPluginInstance = {
    apply(compiler: webpack.Compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            const dir = path.resolve(appDir, pwa.publicDir);
            for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
              if (!file.isFile()) continue;
              const abs = path.join(file.parentPath, file.name);
              compilation.fileDependencies.add(abs);
              const rel = path.relative(dir, abs).split(path.sep).join('/');
              compilation.emitAsset(rel, new sources.RawSource(readFileSync(abs)));
            }
            compilation.emitAsset(
              WEB_MANIFEST_FILE,
              new sources.RawSource(JSON.stringify(pwa.manifest, null, 2)),
            );
          },
        );
      });
    },
  };
  return [
    assets,
    new InjectManifest({
      swSrc: path.resolve(appDir, pwa.serviceWorker),
      swDest: SERVICE_WORKER_FILE,
      exclude: [/\.map$/, /\.(br|gz)$/, /^mf-manifest\.json$/, /LICENSE/],
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    }),
  ];
}

/** Where a production build's source maps go: beside the served folder, never in it (`dist` -> `dist-sourcemaps`). */
export function sourceMapsDirOf(outDir: string): string {
  return `${outDir.replace(/[\\/]+$/, '')}-sourcemaps`;
}

/**
 * Keeps a production build's source maps private: every `.map` asset is taken out of the output (so none is in the
 * served folder) and written to `mapsDir` instead, for error tracking to read; maps an earlier build left in the
 * output are deleted. With devtool 'hidden-source-map' no script names its map either.
 */
class PrivateSourceMapsPlugin {
  constructor(private readonly mapsDir: string) {}

  apply(compiler: webpack.Compiler): void {
    const name = 'PrivateSourceMapsPlugin';
    const { Compilation } = compiler.webpack;
    const maps = new Map<string, Buffer>();
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      maps.clear();
      compilation.hooks.processAssets.tap(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!/\.map$/.test(asset.name)) continue;
            maps.set(asset.name, asset.source.buffer());
            compilation.deleteAsset(asset.name);
          }
        },
      );
    });
    compiler.hooks.afterEmit.tap(name, (compilation) => {
      const out = compilation.outputOptions.path;
      if (out && existsSync(out))
        for (const f of readdirSync(out, { recursive: true, withFileTypes: true }))
          if (f.isFile() && /\.map(\.(br|gz))?$/.test(f.name)) rmSync(path.join(f.parentPath, f.name));
      for (const [file, body] of maps) {
        const to = path.join(this.mapsDir, file);
        mkdirSync(path.dirname(to), { recursive: true });
        writeFileSync(to, body);
      }
    });
  }
}

/** Text assets worth compressing (source maps are fetched only by developer tools). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt)$/;

/**
 * Precompressed copies of every text asset next to it (`x.js.br`, `x.js.gz`), written once at build at the
 * highest levels, so the static server answers by content negotiation without compressing per request (sirv's
 * `brotli`/`gzip` options in serve.ts). Files under 512 bytes, or that shrink by less than 20 %, stay raw only.
 */
function precompress(): webpack.WebpackPluginInstance[] {
  const common = { test: COMPRESSIBLE, threshold: 512, minRatio: 0.8, deleteOriginalAssets: false } as const;
  return [
    new CompressionPlugin<BrotliOptions>({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      },
    }) as unknown as webpack.WebpackPluginInstance,
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlibConstants.Z_BEST_COMPRESSION },
    }) as unknown as webpack.WebpackPluginInstance,
  ];
}
