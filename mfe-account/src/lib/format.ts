/** Display helpers shared by the account remote's pages. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function coins(n: number): string {
  return `${n.toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;
}

/** A fresh idempotency key per confirmed action, so a retried request is charged once. */
export function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
