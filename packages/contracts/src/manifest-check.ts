import { REMOTES, SHARED_SINGLETONS, type RemoteName } from './remotes';

/** The parts of a Module Federation `mf-manifest.json` the contract checks. */
export interface FederationManifest {
  name: string;
  metaData?: { remoteEntry?: { name?: string }; publicPath?: string };
  exposes: { path: string; name?: string }[];
  shared: { name: string; version?: string; singleton?: boolean; requiredVersion?: string | false }[];
}

const parse = (v: string) =>
  v
    .replace(/^[~^=v\s]+/, '')
    .split('.')
    .map((n) => parseInt(n, 10) || 0);

/** True when `version` satisfies a caret range `^x.y.z` (the only range form the shared helper emits). */
export function satisfiesCaret(version: string, range: string): boolean {
  const [M, m, p] = parse(range);
  const [vM, vm, vp] = parse(version);
  if (vM !== M) return false;
  if (M === 0 && vm !== m) return false;
  return vm > m || (vm === m && vp >= p);
}

/**
 * Checks one remote's manifest against the contract: its name, every exposed module the shell expects, and each
 * shared singleton present, singleton, and with a range the shell's provided version satisfies.
 * Returns the problems found; an empty list means the contract holds.
 */
export function checkRemoteManifest(
  remote: RemoteName,
  manifest: FederationManifest,
  shellVersions: Record<string, string>,
): string[] {
  const problems: string[] = [];
  const def = REMOTES[remote];
  if (manifest.name !== def.name)
    problems.push(`name is "${manifest.name}", the contract says "${def.name}"`);
  if (manifest.metaData?.remoteEntry?.name !== 'remoteEntry.js')
    problems.push(`remote entry is "${manifest.metaData?.remoteEntry?.name}", expected remoteEntry.js`);
  const exposed = new Set(
    manifest.exposes.map((e) => (e.path.startsWith('./') ? e.path : `./${e.name ?? e.path}`)),
  );
  for (const key of def.exposes) if (!exposed.has(key)) problems.push(`missing expose ${key}`);
  for (const name of SHARED_SINGLETONS) {
    const s = manifest.shared.find((x) => x.name === name);
    if (!s) {
      problems.push(`shared ${name} is missing`);
      continue;
    }
    if (!s.singleton) problems.push(`shared ${name} is not a singleton`);
    const provided = shellVersions[name];
    if (s.requiredVersion && provided && !satisfiesCaret(provided, s.requiredVersion))
      problems.push(`shared ${name} requires ${s.requiredVersion}, the shell provides ${provided}`);
  }
  return problems;
}

/** True when `m` has the parts of a Module Federation manifest the contract reads (name, exposes, shared). */
export function isFederationManifest(m: unknown): m is FederationManifest {
  const o = m as Partial<FederationManifest> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.name === 'string' &&
    Array.isArray(o.exposes) &&
    Array.isArray(o.shared)
  );
}

export interface FetchJsonOptions {
  /** The whole request, headers and body, must be done within this. */
  timeoutMs: number;
  /** A body larger than this is refused (by its Content-Length, or once that many bytes have arrived). */
  maxBytes: number;
  /** 'error' refuses any redirect: a server fetching only allowlisted origins is not led off them. */
  redirect?: 'follow' | 'error';
  fetch?: typeof fetch;
}

/** Fetches a JSON document with a time-out and a size limit; throws an Error saying what went wrong. */
export async function fetchJsonLimited(url: string, opts: FetchJsonOptions): Promise<unknown> {
  const doFetch = opts.fetch ?? fetch;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await doFetch(url, { cache: 'no-store', redirect: opts.redirect ?? 'follow', signal });
  } catch (err) {
    if (signal.aborted) throw new Error(`did not answer within ${opts.timeoutMs} ms`);
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    throw new Error(
      opts.redirect === 'error' && /redirect/i.test(`${String(err)} ${cause ?? ''}`)
        ? 'answered with a redirect (refused)'
        : `could not be fetched (${cause ?? (err instanceof Error ? err.message : String(err))})`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`answered ${res.status}`);
  }
  const tooLarge = () => new Error(`is larger than ${opts.maxBytes} bytes`);
  if (Number(res.headers.get('content-length') ?? 0) > opts.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > opts.maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge();
        }
        chunks.push(value);
      }
    } catch (err) {
      if (signal.aborted) throw new Error(`did not answer within ${opts.timeoutMs} ms`);
      throw err;
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    throw new Error('is not JSON');
  }
}

/** One step of a manifest contract check: what was checked and the problems found (none = passed). */
export interface ManifestCheckStep {
  label: string;
  problems: string[];
}

export interface ManifestContractCheck {
  ok: boolean;
  problems: string[];
  steps: ManifestCheckStep[];
  /** The candidate's manifest when it could be read. */
  manifest: FederationManifest | null;
  /** The shared versions the shell provides, when its manifest could be read. */
  shellVersions: Record<string, string> | null;
}

/** The origin of an http(s) URL, or null. */
export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The manifest part of a remote's contract check, shared by `pnpm contract:check` and the API's release registry:
 * the candidate's manifest is read and must be a federation manifest; the shell's manifest gives the shared
 * versions it provides; then `checkRemoteManifest` (name, remote entry, exposes, shared singletons and ranges).
 * With `allowedOrigins`, a manifest whose public path names another origin fails too (its chunks would come from
 * there). `read` fetches (or reads) a JSON document and throws an Error saying why it could not.
 */
export async function checkManifestContract(opts: {
  remote: RemoteName;
  manifestUrl: string;
  shellManifestUrl: string;
  read: (url: string) => Promise<unknown>;
  allowedOrigins?: readonly string[];
}): Promise<ManifestContractCheck> {
  const steps: ManifestCheckStep[] = [];
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  let manifest: FederationManifest | null = null;
  try {
    const raw = await opts.read(opts.manifestUrl);
    if (!isFederationManifest(raw))
      throw new Error('it is not a Module Federation manifest (name, exposes, shared)');
    manifest = raw;
    steps.push({ label: 'manifest read', problems: [] });
  } catch (err) {
    steps.push({ label: 'manifest read', problems: [`manifest ${opts.manifestUrl}: ${message(err)}`] });
  }
  let shellVersions: Record<string, string> | null = null;
  try {
    const raw = await opts.read(opts.shellManifestUrl);
    if (!isFederationManifest(raw)) throw new Error('it is not a Module Federation manifest');
    shellVersions = {};
    for (const s of raw.shared) if (s.version) shellVersions[s.name] = s.version;
    steps.push({ label: "shell's shared versions read", problems: [] });
  } catch (err) {
    steps.push({
      label: "shell's shared versions read",
      problems: [`shell manifest ${opts.shellManifestUrl}: ${message(err)}`],
    });
  }
  if (manifest && opts.allowedOrigins) {
    const publicPath: unknown = manifest.metaData?.publicPath;
    const found: string[] = [];
    if (
      typeof publicPath === 'string' &&
      publicPath !== 'auto' &&
      /^[a-z][a-z0-9+.-]*:|^\/\//i.test(publicPath)
    ) {
      const origin = httpOrigin(publicPath.startsWith('//') ? `https:${publicPath}` : publicPath);
      if (!origin || !opts.allowedOrigins.includes(origin))
        found.push(`public path ${publicPath} is not on an allowed origin`);
    }
    steps.push({ label: 'public path on an allowed origin', problems: found });
  }
  if (manifest && shellVersions)
    steps.push({
      label: 'name, remote entry, exposes, shared singletons and version ranges',
      problems: checkRemoteManifest(opts.remote, manifest, shellVersions),
    });
  const problems = steps.flatMap((s) => s.problems);
  return { ok: problems.length === 0, problems, steps, manifest, shellVersions };
}
