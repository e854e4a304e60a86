import type { RemoteAppModule, RemoteName } from '@wayfarer/contracts';

// The monolith baseline: the same shell with every remote imported statically (still one lazy chunk per
// remote, as a single-build app would split its routes), no Module Federation runtime.
const LOADERS: Record<RemoteName, () => Promise<RemoteAppModule>> = {
  explore: () => import('../../mfe-explore/src/app/routes'),
  account: () => import('../../mfe-account/src/app/routes'),
  marketing: () => import('../../mfe-marketing/src/app/routes'),
  admin: () => import('../../mfe-admin/src/app/routes'),
};

export async function registerRemoteMap(): Promise<void> {}
export function getRemoteMap(): null {
  return null;
}
export function loadRemoteApp(name: RemoteName) {
  return LOADERS[name]();
}
export function resetRemote(): void {}
