import { parseArgs } from 'node:util';
import { REMOTE_NAMES, SHELL_PORT } from '@wayfarer/contracts';
import { contractCheck, isRemoteName } from './lib/contract-check';

/**
 * `pnpm contract:check --remote <name> --url <manifest URL> [--shell <origin>] [--no-render] [--json]`: checks a
 * built (file path or URL) or deployed remote against the contract of the live shell (scripts/lib/contract-check.ts).
 * Exit 0 when the contract holds, 1 on any break, 2 on a bad command line.
 */
const usage = `usage: pnpm contract:check --remote <${REMOTE_NAMES.join('|')}> --url <mf-manifest.json URL or path> [--shell <shell origin, default $SHELL_URL or http://localhost:${SHELL_PORT}>] [--no-render] [--json]`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: {
        remote: { type: 'string' },
        url: { type: 'string' },
        shell: { type: 'string' },
        'no-render': { type: 'boolean' },
        json: { type: 'boolean' },
      },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
    return 2;
  }
  const { remote, url } = values;
  if (!remote || !isRemoteName(remote) || !url) {
    console.error(remote && !isRemoteName(remote) ? `unknown remote "${remote}"\n${usage}` : usage);
    return 2;
  }
  const result = await contractCheck({
    remote,
    url,
    shell: values.shell ?? process.env.SHELL_URL ?? `http://localhost:${SHELL_PORT}`,
    render: !values['no-render'],
  });
  if (values.json) console.log(JSON.stringify({ ok: result.ok, problems: result.problems }));
  else console.log(result.report.join('\n'));
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : String(err));
    process.exit(1);
  },
);
