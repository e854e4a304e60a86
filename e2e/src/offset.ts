/** Port offset of the test stack (default 10: shell 3010, remotes 3011-3014, API 4010, control 3910). */
export function e2eOffset(): number {
  return Number(process.env.E2E_PORT_OFFSET ?? 10);
}

/**
 * Port offset of the cluster browser tests (default 2090: apps 5090-5094, nginx 6090, API copies 6191-6192,
 * PostgreSQL 57523, S3 6659, control 5990), as scripts/lib/cluster.ts clusterPorts moves them: clear of
 * `pnpm start` / `pnpm start:cluster` (offset 0) and of the browser tests' usual blocks. Not 2000: nginx would
 * be on 6000, a port fetch and Chromium refuse (X11, one of the Fetch standard's bad ports).
 */
export function clusterE2eOffset(): number {
  return Number(process.env.E2E_CLUSTER_OFFSET ?? 2090);
}
