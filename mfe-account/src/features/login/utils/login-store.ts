/** localStorage or sessionStorage, or null where storage is refused (private modes, sandboxed frames). */
export function loginStore(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}
