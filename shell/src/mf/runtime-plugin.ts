import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';

/**
 * Puts one configurable time-out (default 120 s) on the remote entry script the runtime loads (its default is
 * 20 s). The shell registers each remote by its remoteEntry.js (no manifest: the runtime is built without its
 * snapshot plugin), so the entry script is the one thing the runtime itself fetches for a remote.
 */
export default function wayfarerTimeouts(): ModuleFederationRuntimePlugin {
  const timeoutMs = () => readRuntimeConfig().chunkTimeoutMs;
  return {
    name: 'wayfarer-timeouts',
    createScript({ url, attrs }) {
      const script = document.createElement('script');
      script.src = url;
      script.type = attrs?.type === 'module' ? 'module' : 'text/javascript';
      for (const [k, v] of Object.entries(attrs ?? {})) {
        if (k === 'async' || k === 'defer') script[k] = Boolean(v);
        else if (k !== 'type') script.setAttribute(k, String(v));
      }
      // As every chunk is loaded (webpack's crossOriginLoading): the same request mode as the HTML's preload of
      // this entry (remote-preload.inline.js), so the browser uses the preloaded copy instead of asking again.
      if (!script.hasAttribute('crossorigin')) script.crossOrigin = 'anonymous';
      return { script, timeout: timeoutMs() };
    },
  };
}
