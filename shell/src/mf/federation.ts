import { readRuntimeConfig } from '@wayfarer/contracts/browser';

/**
 * The shell's side of Module Federation, on webpack's own container runtime (ModuleFederationPlugin of webpack
 * core): a remote is its `remoteEntry.js`, a script that defines a container global named after the remote; the
 * shell initialises it with the page's share scope (every shared singleton the shell provides) and asks it for an
 * exposed module. That runtime is a few hundred bytes of the shell's entry, where a general federation runtime
 * cost about 20 KiB (br) on every first load.
 */
interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

const entries = new Map<string, string>();
const containers = new Map<string, Promise<Container>>();

/** Names each remote's entry URL; `force` drops what an earlier attempt loaded, so the next load starts afresh. */
export function registerRemotes(
  remotes: { name: string; entry: string }[],
  opts: { force?: boolean } = {},
): void {
  for (const { name, entry } of remotes) {
    if (opts.force) forget(name);
    if (opts.force || !entries.has(name)) entries.set(name, entry);
  }
}

function forget(name: string): void {
  containers.delete(name);
  for (const s of document.querySelectorAll<HTMLScriptElement>('script[data-remote]'))
    if (s.dataset.remote === name) s.remove();
  // A remote entry declares its container with a top-level `var`: a window property that cannot be deleted (strict
  // code throws on `delete`), only overwritten. Cleared, so an entry that then defines nothing is not mistaken for
  // the old one.
  (window as unknown as Record<string, unknown>)[name] = undefined;
}

/** Loads the remote's entry script (once), under the configurable chunk time-out, and initialises its container. */
function container(name: string): Promise<Container> {
  let pending = containers.get(name);
  if (pending) return pending;
  const url = entries.get(name);
  if (!url) return Promise.reject(new Error(`remote ${name} is not registered`));
  const timeoutMs = readRuntimeConfig().chunkTimeoutMs;
  pending = new Promise<Container>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    // As every chunk is loaded (webpack's crossOriginLoading): the same request mode as the HTML's preload of
    // this entry (remote-preload.inline.js), so the browser uses the preloaded copy instead of asking again.
    script.crossOrigin = 'anonymous';
    script.dataset.remote = name;
    const timer = setTimeout(
      () => fail(new Error(`Loading ${url} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      containers.delete(name);
      script.remove();
      reject(err);
    };
    script.onerror = () => fail(new Error(`Loading ${url} failed`));
    script.onload = () => {
      clearTimeout(timer);
      const found = (window as unknown as Record<string, Container | undefined>)[name];
      if (!found || typeof found.get !== 'function')
        return fail(new Error(`${url} defines no container named ${name}`));
      Promise.resolve()
        .then(() => __webpack_init_sharing__('default'))
        .then(() => found.init(__webpack_share_scopes__.default))
        .then(
          () => resolve(found),
          (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
        );
    };
    document.head.appendChild(script);
  });
  containers.set(name, pending);
  return pending;
}

/** `<remote>/<module>` (for example `explore/App`): the exposed module, evaluated. */
export async function loadRemote<T>(id: string): Promise<T> {
  const slash = id.indexOf('/');
  const name = id.slice(0, slash);
  const factory = await (await container(name)).get(`./${id.slice(slash + 1)}`);
  return factory() as T;
}
