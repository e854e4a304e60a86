import { REMOTES, SHARED_SINGLETONS, type RemoteName } from './remotes';

/** The parts of a Module Federation `mf-manifest.json` the contract checks. */
export interface FederationManifest {
  name: string;
  metaData?: { remoteEntry?: { name?: string } };
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
