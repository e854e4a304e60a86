/** A copy of the list with the item at `from` moved to `to`; out-of-range indexes return the list unchanged. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [m] = next.splice(from, 1);
  next.splice(to, 0, m as T);
  return next;
}
