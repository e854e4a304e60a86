/** Port offset of the test stack (default 10: shell 3010, remotes 3011-3014, API 4010, control 3910). */
export function e2eOffset(): number {
  return Number(process.env.E2E_PORT_OFFSET ?? 10);
}
