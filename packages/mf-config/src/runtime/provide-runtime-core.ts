import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The global remotes built with `experiments.externalRuntime` read the federation runtime from. */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * The host's runtime plugin that hands its own Module Federation runtime-core (the very module instance its
 * runtime runs on) to every remote, which are built with `externalRuntime: true` and so carry no copy: the
 * runtime is downloaded and evaluated once per page. Module Federation's own `provideExternalRuntime` would
 * do the same through a CommonJS plugin, which bundles a second (CommonJS) copy of runtime-core into the host.
 */
export default function provideRuntimeCore(): ModuleFederationRuntimePlugin {
  const global = globalThis as unknown as Record<string, unknown>;
  global[RUNTIME_CORE_GLOBAL] ??= runtimeCore;
  return { name: 'wayfarer-provide-runtime-core' };
}
