import type { ChildProcess } from 'node:child_process';

/** One long-running process of `pnpm start` / `pnpm dev`: its name and how to (re)start it. */
export interface Service {
  name: string;
  start: () => ChildProcess;
}

export interface SupervisorOptions {
  log: (msg: string) => void;
  /** Stops these children (SIGTERM unless told) and resolves once they are gone (scripts/lib/proc.ts stopAll). */
  stopAll: (children: ChildProcess[], signal?: NodeJS.Signals) => Promise<void>;
  /** A run shorter than this that ends is a quick failure (default 30 s: a crash while starting up). */
  quickRunMs?: number;
  /** After this many quick failures in a row of one service, everything stops with exit code 1 (default 5). */
  maxQuickFailures?: number;
  /** Wait before the n-th restart in a row (n from 1); default 1 s doubling, at most 30 s. */
  backoffMs?: (n: number) => number;
}

interface Running {
  child: ChildProcess;
  startedAt: number;
  quickFailures: number;
  restart?: NodeJS.Timeout;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`;

/**
 * Keeps the services running until stop(): a service that exits (a crash, `kill -9`, even exit code 0) is
 * reported by name and started again after a back-off that grows with each quick failure in a row. A service that
 * keeps failing right after its start gives up: everything stops and `done` resolves to 1.
 */
export class Supervisor {
  private readonly running = new Map<string, Running>();
  /** Services stopped on purpose by hold(): not restarted until resume(). */
  private readonly held = new Set<string>();
  private stopping = false;
  private finish!: (code: number) => void;
  /** The runner's exit code, once every service has stopped: 0 after stop(), 1 after giving up. */
  readonly done = new Promise<number>((resolve) => (this.finish = resolve));

  constructor(
    private readonly services: Service[],
    private readonly opts: SupervisorOptions,
  ) {}

  start(): void {
    for (const s of this.services) this.launch(s, 0);
  }

  /** The current process of a service (a new one after each restart). */
  child(name: string): ChildProcess | undefined {
    return this.running.get(name)?.child;
  }

  /**
   * Stops one service on purpose and keeps it stopped (no restart) until resume(): the browser tests take an API
   * copy down this way (`SIGKILL`: a crash) and check the product carries on.
   */
  async hold(name: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const run = this.running.get(name);
    if (!run) throw new Error(`no service named ${name}`);
    this.held.add(name);
    clearTimeout(run.restart);
    await this.opts.stopAll([run.child], signal);
    this.opts.log(`${name} stopped on purpose (${signal}); it stays down until resumed`);
  }

  /** Starts a service stopped by hold() again; returns its new process. */
  resume(name: string): ChildProcess {
    const service = this.services.find((s) => s.name === name);
    if (!service) throw new Error(`no service named ${name}`);
    if (!this.held.delete(name)) throw new Error(`${name} is not held`);
    this.launch(service, 0);
    return this.running.get(name)!.child;
  }

  async stop(code = 0): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const r of this.running.values()) clearTimeout(r.restart);
    await this.opts.stopAll([...this.running.values()].map((r) => r.child));
    this.finish(code);
  }

  private launch(service: Service, quickFailures: number): void {
    const child = service.start();
    const run: Running = { child, startedAt: Date.now(), quickFailures };
    this.running.set(service.name, run);
    child.once('exit', (code, signal) => this.exited(service, run, code, signal));
  }

  private exited(service: Service, run: Running, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || this.held.has(service.name) || this.running.get(service.name) !== run) return;
    const {
      quickRunMs = 30_000,
      maxQuickFailures = 5,
      backoffMs = (n: number) => Math.min(30_000, 1000 * 2 ** (n - 1)),
    } = this.opts;
    const ranMs = Date.now() - run.startedAt;
    const failures = ranMs < quickRunMs ? run.quickFailures + 1 : 1;
    const what = `${service.name} ${describeExit(code, signal)} after ${(ranMs / 1000).toFixed(1)} s`;
    if (failures >= maxQuickFailures) {
      this.opts.log(
        `${what}: it failed ${failures} times in a row right after starting; stopping everything`,
      );
      void this.stop(1);
      return;
    }
    const delay = backoffMs(failures);
    this.opts.log(`${what}; restarting it in ${delay} ms`);
    run.restart = setTimeout(() => {
      if (!this.stopping) this.launch(service, failures);
    }, delay);
  }
}
