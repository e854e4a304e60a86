import { yieldToMain } from './app/yield-to-main';

/*
 * The shell's start, evaluated in steps, each in a task of its own. Evaluating the start chunk's modules at once
 * (React DOM, supabase-js, i18next, the router, the query client, the styles and the shell's own code) made, with
 * the chunk's compile, one task of 60-100 ms on a laptop and four times that at a phone's speed, during which a tap
 * or a scroll waits (the largest share of the first load's total blocking time). The modules are in the
 * start chunk all the same (`webpackMode: "eager"`: no request more); only when each part is evaluated changes. The
 * browser still compiles the chunk in the task that runs it (40-50 ms here): splitting the chunk would cut that too,
 * but three files cost 2.7 KiB more brotli than one, more than `/`'s byte target leaves.
 */
async function start() {
  // First the release registry's answer (not awaited: the first remote load waits for it, not the first render)
  // and the shell's messages in the visitor's language (before the first render: no English flash), both network.
  const { registerRemoteMap } = await import(/* webpackMode: "eager" */ './mf/remote-loader');
  void registerRemoteMap();
  const { shellCatalogReady } = await import(/* webpackMode: "eager" */ './i18n');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './app/styles');
  await yieldToMain();
  const { startUserStore } = await import(/* webpackMode: "eager" */ '@wayfarer/session');
  startUserStore();
  await yieldToMain();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  const [{ renderApp }, { startPwa }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/render-app'),
    import(/* webpackMode: "eager" */ './features/pwa'),
    shellCatalogReady,
  ]);
  await yieldToMain();
  renderApp(createRoot(document.getElementById('root')!));
  startPwa();
}

void start();
