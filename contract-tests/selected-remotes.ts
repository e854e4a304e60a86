import { REMOTE_NAMES, type RemoteName } from '@wayfarer/contracts';

/**
 * The remotes the contract tests check: every remote, or only those `CONTRACT_REMOTES` names (comma-separated),
 * as `pnpm --filter mfe-<name> test` runs them for its remote alone (scripts/remote-test.ts), when the other
 * remotes are not built.
 */
export function selectedRemotes(value = process.env.CONTRACT_REMOTES): readonly RemoteName[] {
  if (!value) return REMOTE_NAMES;
  const names = value.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(REMOTE_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`CONTRACT_REMOTES names unknown remotes: ${unknown.join(', ')}`);
  return names as RemoteName[];
}

/** `preferred` when it is checked in this run, else the first remote that is (a built manifest to break). */
export function sampleRemote(preferred: RemoteName, remotes = selectedRemotes()): RemoteName {
  return remotes.includes(preferred) ? preferred : remotes[0]!;
}
