import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';

const PRELOADED = '__WF_PRELOADED_MANIFESTS__';

/** A manifest fetch the page's HTML started, handed over once (a retry fetches afresh). */
export function takePreloadedManifest(url: string): Promise<string> | undefined {
  const store = (window as unknown as Record<string, Record<string, Promise<string>> | undefined>)[PRELOADED];
  const hit = store?.[url];
  if (hit) delete store[url];
  return hit;
}

/**
 * Puts one configurable time-out (default 120 s) on everything the runtime fetches for a remote: the manifest
 * (a plain fetch with no time-out of its own) and the remote entry script (the runtime's default is 20 s).
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
    async fetch(url, init) {
      // The manifest the HTML already fetched for the current route (mf-config's remote-preload.inline.js), used once.
      const preloaded = takePreloadedManifest(url);
      if (preloaded) {
        const text = await preloaded.catch(() => null);
        if (text !== null) return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      const controller = new AbortController();
      const ms = timeoutMs();
      const timer = setTimeout(() => controller.abort(new Error(`Request for ${url} timed out after ${ms} ms`)), ms);
      try {
        const res = await fetch(url, { ...init, signal: controller.signal });
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return res;
      } catch (err) {
        if (controller.signal.aborted) throw new Error(`Request for ${url} timed out after ${ms} ms`);
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
