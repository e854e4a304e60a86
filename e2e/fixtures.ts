import { test as base, expect } from '@playwright/test';
import type { RemoteName } from '@wayfarer/contracts';
import { stackPorts } from './src/stack';
import { e2eOffset } from './src/offset';

export interface StackInfo {
  shellUrl: string;
  apiUrl: string;
  controlUrl: string;
  remoteUrl(name: RemoteName): string;
  /**
   * Take a remote's server down / up / slow / failing, set the shell's runtime chunk time-out / public site origin,
   * or deploy another build of an app (`{ dir }` under .tmp/; without it, its own dist again).
   */
  control(
    app: 'shell' | RemoteName,
    action: 'down' | 'up' | 'slow' | 'error' | 'normal' | 'config' | 'deploy',
    query?: Record<string, string | number>,
  ): Promise<void>;
  /** Restart the API with extra environment (e.g. { OTP_TTL_SECONDS: 3 }); same data directory. */
  restartApi(env?: Record<string, string | number>): Promise<void>;
}

export function stackInfo(): StackInfo {
  const p = stackPorts(e2eOffset());
  const controlUrl = `http://localhost:${p.control}`;
  const post = async (path: string) => {
    const res = await fetch(controlUrl + path, { method: 'POST' });
    if (!res.ok) throw new Error(`control ${path} answered ${res.status}: ${await res.text()}`);
  };
  const q = (o?: Record<string, string | number>) =>
    o ? '?' + new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString() : '';
  return {
    shellUrl: `http://localhost:${p.shell}`,
    apiUrl: `http://localhost:${p.api}`,
    controlUrl,
    remoteUrl: (name) => `http://localhost:${p.remotes[name]}`,
    control: (app, action, query) => post(`/control/app/${app}/${action}${q(query)}`),
    restartApi: (env) => post(`/control/api/restart${q(env)}`),
  };
}

/** Playwright test with the `stack` fixture; every page fails the test on an uncaught page error. */
export const test = base.extend<{ stack: StackInfo }>({
  stack: async ({}, use) => {
    await use(stackInfo());
  },
});

export { expect };
