/** Port offset of the test stack (default 10: shell 3010, remotes 3011-3014, API 4010, control 3910). */
export function e2eOffset(): number {
  return Number(process.env.E2E_PORT_OFFSET ?? 10);
}

/**
 * Port offset of the cluster browser tests (default 2000: apps 5000-5004, nginx 6000, API copies 6101-6102,
 * PostgreSQL 57433, S3 6569, control 5900), as scripts/lib/cluster.ts clusterPorts moves them: clear of
 * `pnpm start` / `pnpm start:cluster` (offset 0) and of the browser tests' usual blocks.
 */
export function clusterE2eOffset(): number {
  return Number(process.env.E2E_CLUSTER_OFFSET ?? 2000);
}
