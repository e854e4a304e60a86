import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type webpack from 'webpack';

/** Where a remote's own page (opened without the shell) finds the runtime the shell would have provided. */
export const STANDALONE_RUNTIME_FILE = 'js/mf-runtime-core.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let bundled: Promise<string> | null = null;

/** runtime-core as one minified browser script that sets the global a remote's externalRuntime reads. */
function bundleRuntimeCore(): Promise<string> {
  return (bundled ??= (async () => {
    const esbuild = await import('esbuild');
    const out = await esbuild.build({
      stdin: {
        contents:
          "import * as core from '@module-federation/runtime-core';\n" +
          'globalThis._FEDERATION_RUNTIME_CORE = globalThis._FEDERATION_RUNTIME_CORE || core;\n',
        // Resolved from this package: the same pinned runtime-core the host's runtime plugin provides.
        resolveDir: here,
        loader: 'js',
      },
      bundle: true,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      write: false,
      logLevel: 'silent',
    });
    return out.outputFiles[0].text;
  })());
}

/**
 * Remotes are built with `externalRuntime: true` (the shell provides the Module Federation runtime), so a
 * remote's own page, opened without the shell (its dev harness, a deploy check), needs that runtime from
 * somewhere: this plugin emits it as STANDALONE_RUNTIME_FILE, which the remote's index.html loads before its
 * code. The shell never loads it.
 */
export class StandaloneRuntimeCorePlugin {
  apply(compiler: webpack.Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StandaloneRuntimeCorePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'StandaloneRuntimeCorePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          compilation.emitAsset(STANDALONE_RUNTIME_FILE, new sources.RawSource(await bundleRuntimeCore()));
        },
      );
    });
  }
}
