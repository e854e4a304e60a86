import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { REMOTES, REMOTE_NAMES, type RemoteName } from '@wayfarer/contracts';
import { createStaticServer, readEnv, type FrontEnv, type StaticServerOptions } from '@wayfarer/mf-config';
import { spawnPrefixed } from '../../scripts/lib/proc';
import { createWikiStandIn } from '../../api/src/testing/wiki-server';
import { createLlmStandIn, LLM_MODES, type LlmMode } from '../../api/src/testing/llm-server';
import { createSpeechStandIn, SPEECH_MODES, type SpeechMode } from '../../api/src/testing/tts-server';

export const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../..');

export interface StackPorts {
  shell: number;
  api: number;
  control: number;
  remotes: Record<RemoteName, number>;
}

/** Where the stack's remote `name` serves its published versions from (`<origin>/releases/<version>/`). */
export function e2eReleasesDir(offset: number, name: RemoteName): string {
  return path.join(ROOT, '.tmp', `e2e-releases-${offset}`, REMOTES[name].packageName);
}

/**
 * Offsets are multiples of 10 (one block per engineer or bench part): the control server sits at API + 5, inside its
 * own block; at 3900+N it was the API port of the block N-100 (offset 700's control on offset 600's API).
 */
export function stackPorts(offset: number): StackPorts {
  const remotes = {} as Record<RemoteName, number>;
  for (const n of REMOTE_NAMES) remotes[n] = REMOTES[n].port + offset;
  return { shell: 3000 + offset, api: 4000 + offset, control: 4005 + offset, remotes };
}

/**
 * Remotes served from stub builds instead of their own dist/ (a remote tested alone, scripts/remote-test.ts):
 * `E2E_REMOTE_STUBS` names a folder with one stub build per stubbed remote (`<folder>/<remote>/mf-manifest.json`,
 * @wayfarer/remote-stub). Unset: none.
 */
export function remoteStubs(dir = process.env.E2E_REMOTE_STUBS): Partial<Record<RemoteName, string>> {
  if (!dir) return {};
  const stubs: Partial<Record<RemoteName, string>> = {};
  for (const name of readdirSync(dir))
    if (
      (REMOTE_NAMES as readonly string[]).includes(name) &&
      existsSync(path.join(dir, name, 'mf-manifest.json'))
    )
      stubs[name as RemoteName] = path.join(dir, name);
  return stubs;
}

type AppName = 'shell' | RemoteName;
interface ServedApp {
  name: AppName;
  port: number;
  opts: StaticServerOptions;
  server: http.Server | null;
  /** The build it serves unless a test deployed another (`deploy`). */
  dist: string;
}

/**
 * The production stack as `pnpm start` serves it (each app's dist on its own origin, the API on a scratch data
 * directory), plus a control server the browser tests use to take remotes down, slow them, or restart the API.
 * `stubs` serves the given remotes from those folders (stub builds, see remoteStubs) instead of their dist/.
 */
export class Stack {
  readonly ports: StackPorts;
  readonly env: FrontEnv;
  private apps: ServedApp[] = [];
  private api: ChildProcess | null = null;
  /** The guide worker (api/src/worker.ts), started and stopped with the API, with the same environment. */
  private worker: ChildProcess | null = null;
  private control: http.Server | null = null;
  private closeStandIns: () => Promise<void> = async () => undefined;
  private apiEnv: Record<string, string> = {};
  readonly dataDir: string;

  constructor(
    readonly offset: number,
    readonly stubs: Partial<Record<RemoteName, string>> = {},
  ) {
    this.ports = stackPorts(offset);
    const p = this.ports;
    this.dataDir = path.join(ROOT, '.tmp', `e2e-data-${offset}`);
    this.env = readEnv({
      ...process.env,
      NODE_ENV: 'production',
      API_URL: `http://localhost:${p.api}`,
      PUBLIC_SITE_ORIGIN: `http://localhost:${p.shell}`,
      MAP_DATA_URL: `http://localhost:${p.control}/overpass/api/interpreter`,
      REMOTE_EXPLORE_URL: `http://localhost:${p.remotes.explore}`,
      REMOTE_ACCOUNT_URL: `http://localhost:${p.remotes.account}`,
      REMOTE_MARKETING_URL: `http://localhost:${p.remotes.marketing}`,
      REMOTE_ADMIN_URL: `http://localhost:${p.remotes.admin}`,
    });
  }

  async start(): Promise<void> {
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(this.dataDir, { recursive: true });
    await this.startControl();
    const dirs: Record<AppName, string> = {
      shell: 'shell',
      explore: 'mfe-explore',
      account: 'mfe-account',
      marketing: 'mfe-marketing',
      admin: 'mfe-admin',
    };
    for (const name of ['shell', ...REMOTE_NAMES] as AppName[]) {
      const port = name === 'shell' ? this.ports.shell : this.ports.remotes[name];
      const dist = (name !== 'shell' && this.stubs[name]) || path.join(ROOT, dirs[name], 'dist');
      const app: ServedApp = {
        name,
        port,
        server: null,
        dist,
        opts: {
          root: dist,
          spaFallback: true,
          remotes: name === 'shell',
          env: this.env,
          // Published versions: /releases/<version>/… of each remote, from a scratch folder per stack.
          ...(name !== 'shell' && { releasesRoot: e2eReleasesDir(this.offset, name) }),
        },
      };
      this.apps.push(app);
      await this.listen(app);
    }
    await this.startApi();
  }

  private listen(app: ServedApp): Promise<void> {
    app.server = createStaticServer(app.opts);
    return new Promise((resolve, reject) => {
      app.server!.once('error', reject);
      // Loopback only, as `wf-app serve` by default: the test stack is not served to the local network.
      app.server!.listen(app.port, '127.0.0.1', () => resolve());
    });
  }

  private async closeApp(app: ServedApp): Promise<void> {
    const s = app.server;
    app.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }

  async startApi(extraEnv: Record<string, string> = {}): Promise<void> {
    this.apiEnv = { ...this.apiEnv, ...extraEnv };
    const cors = [this.ports.shell, ...Object.values(this.ports.remotes)]
      .map((p) => `http://localhost:${p}`)
      .join(',');
    const env = {
      ...process.env,
      PORT: String(this.ports.api),
      DATA_DIR: this.dataDir,
      PUBLIC_SITE_ORIGIN: `http://localhost:${this.ports.shell}`,
      CORS_ORIGINS: cors,
      NODE_ENV: 'test',
      // The Google sign-in specs go through the development stand-in's consent page.
      AUTH_GOOGLE_STANDIN: 'true',
      // POST /sights/ingest reads the control server's Overpass stand-in, so the explore remote's background
      // ingest really fetches and stores map data during browser tests (counted by /control/overpass-calls too).
      INGEST_SOURCE_URL: `http://localhost:${this.ports.control}/overpass/api/interpreter`,
      // The release registry's default remote map: this stack's remotes.
      ...Object.fromEntries(
        REMOTE_NAMES.map((n) => [REMOTES[n].urlEnv, `http://localhost:${this.ports.remotes[n]}`]),
      ),
      ...this.apiEnv,
    };
    const child = this.spawnApiProcess('api', 'src/index.ts', env);
    this.api = child;
    this.worker = this.spawnApiProcess('worker', 'src/worker.ts', env);
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
      const ok = await fetch(`http://localhost:${this.ports.api}/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('API did not become healthy in 240 s');
  }

  /** A process of the API package (the API, the worker), its output prefixed (errors only unless E2E_API_LOG). */
  private spawnApiProcess(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
    const quiet = !process.env.E2E_API_LOG;
    return spawnPrefixed(
      name,
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [entry],
      { cwd: path.join(ROOT, 'api'), env },
      (l) => !quiet || /error|fail/i.test(l),
    );
  }

  async stopApi(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    const c = this.api;
    this.api = null;
    // The worker first: it reaches the embedded database through the API, which must outlive it.
    await this.stopProcess(w);
    await this.stopProcess(c);
  }

  private async stopProcess(c: ChildProcess | null): Promise<void> {
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      try {
        process.kill(-c.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-c.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 8000).unref();
    });
  }

  private async startControl(): Promise<void> {
    const overpass = readFileSync(
      path.join(ROOT, 'api', 'data', 'overpass-sample-san-francisco.json'),
      'utf8',
    );
    let overpassCalls = 0;
    // Wikipedia REST and Wikidata stand-in (facts for sights): a spec restarts the API with
    // WIKI_API_URL=<control>/api/rest_v1 to use it; /control/wiki-calls counts its requests.
    const wiki = createWikiStandIn();
    // An OpenAI-compatible chat completions API (the LLM writer, OPENAI_BASE_URL=<control>/llm/v1) and speech API
    // (the hosted voice, TTS_API_URL=<control>/tts/v1), answering in their formats (api/src/testing); a spec sets
    // their mode with POST /control/llm?mode= and /control/tts?mode=, and reads what they were asked.
    const llm = createLlmStandIn('/llm');
    const speech = createSpeechStandIn('/tts');
    this.closeStandIns = () => speech.close();
    this.control = http.createServer(async (req, res) => {
      if (wiki.handle(req, res) || llm.handle(req, res) || speech.handle(req, res)) return;
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) =>
        res
          .writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' })
          .end(JSON.stringify(body));
      try {
        if (url.pathname.startsWith('/overpass')) {
          if (req.method === 'OPTIONS') {
            res
              .writeHead(204, {
                'Access-Control-Allow-Origin': '*',
                'Access-Control-Allow-Headers': '*',
                'Access-Control-Allow-Methods': 'POST, GET',
              })
              .end();
            return;
          }
          overpassCalls++;
          res
            .writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' })
            .end(overpass);
          return;
        }
        if (url.pathname === '/control/overpass-calls') return json(200, { calls: overpassCalls });
        if (url.pathname === '/control/wiki-calls') return json(200, { calls: wiki.calls.length });
        if (url.pathname === '/control/llm' || url.pathname === '/control/tts') {
          const standIn = url.pathname === '/control/llm' ? llm : speech;
          if (req.method === 'POST') {
            const mode = url.searchParams.get('mode') ?? 'ok';
            const modes: readonly string[] = standIn === llm ? LLM_MODES : SPEECH_MODES;
            if (!modes.includes(mode)) return json(400, { error: `unknown mode ${mode}` });
            standIn.reset();
            if (standIn === llm) llm.mode = mode as LlmMode;
            else speech.mode = mode as SpeechMode;
          }
          return json(200, { mode: standIn.mode, received: standIn.received.map((r) => r.body) });
        }
        const m = url.pathname.match(/^\/control\/app\/(\w+)\/(down|up|slow|error|normal|config|deploy)$/);
        if (m && req.method === 'POST') {
          const app = this.apps.find((a) => a.name === m[1]);
          if (!app) return json(404, { error: 'unknown app' });
          const action = m[2];
          if (action === 'down') await this.closeApp(app);
          if (action === 'up' && !app.server) await this.listen(app);
          if (action === 'slow')
            app.opts.delay = {
              pattern: new RegExp(url.searchParams.get('pattern') ?? '.'),
              ms: Number(url.searchParams.get('ms') ?? 5000),
            };
          if (action === 'error')
            app.opts.failWith = {
              pattern: new RegExp(url.searchParams.get('pattern') ?? '.'),
              status: Number(url.searchParams.get('status') ?? 500),
            };
          if (action === 'normal') {
            app.opts.delay = undefined;
            app.opts.failWith = undefined;
            if (!app.server) await this.listen(app);
          }
          if (action === 'deploy') {
            // A redeploy of the app: its server now answers from `dir` (a copy of its build under .tmp/), or from
            // its own build again without one.
            const dir = url.searchParams.get('dir');
            const tmp = path.join(ROOT, '.tmp') + path.sep;
            if (dir && !path.resolve(dir).startsWith(tmp))
              return json(400, { error: 'dir must be under .tmp/' });
            app.opts.root = dir ? path.resolve(dir) : app.dist;
            await this.closeApp(app);
            await this.listen(app);
          }
          if (action === 'config') {
            const ms = url.searchParams.get('chunkTimeoutMs');
            const origin = url.searchParams.get('publicSiteOrigin');
            app.opts.env = {
              ...app.opts.env,
              CHUNK_LOAD_TIMEOUT_MS: ms ? Number(ms) : this.env.CHUNK_LOAD_TIMEOUT_MS,
              PUBLIC_SITE_ORIGIN: origin ?? this.env.PUBLIC_SITE_ORIGIN,
            };
          }
          return json(200, { ok: true });
        }
        if (url.pathname === '/control/api/restart' && req.method === 'POST') {
          const extra: Record<string, string> = {};
          url.searchParams.forEach((v, k) => (extra[k] = v));
          await this.stopApi();
          await this.startApi(extra);
          return json(200, { ok: true });
        }
        json(404, { error: 'unknown control route' });
      } catch (err) {
        json(500, { error: String(err) });
      }
    });
    await new Promise<void>((r) => this.control!.listen(this.ports.control, '127.0.0.1', () => r()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.apps.map((a) => this.closeApp(a)));
    await this.stopApi();
    await new Promise<void>((r) => (this.control ? this.control.close(() => r()) : r()));
    await this.closeStandIns();
  }

  controlUrl(): string {
    return `http://localhost:${(this.control?.address() as AddressInfo | null)?.port ?? this.ports.control}`;
  }
}
