/** Display helpers shared by the account remote's pages (texts and formats: account-text.ts). */

/** A fresh idempotency key per confirmed action, so a retried request is charged once. */
export function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
