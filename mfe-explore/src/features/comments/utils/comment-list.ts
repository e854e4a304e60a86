import type { Comment } from '@wayfarer/contracts';

const mapComment = (items: readonly Comment[], id: string, f: (c: Comment) => Comment): Comment[] =>
  items.map((c) => (c.id === id ? f(c) : c));

/** Spec point 4: a new comment is added at the top (a reply also counts on its parent). */
export function withAdded(items: readonly Comment[], c: Comment): Comment[] {
  const next = [c, ...items];
  return c.parent_id
    ? mapComment(next, c.parent_id, (p) => ({ ...p, reply_count: p.reply_count + 1 }))
    : next;
}

/** An edit replaces the comment in place. */
export const withReplaced = (items: readonly Comment[], c: Comment): Comment[] =>
  mapComment(items, c.id, () => c);

/** A delete removes the comment and its replies (a reply also leaves its parent's count). */
export function withRemoved(items: readonly Comment[], id: string): Comment[] {
  const gone = items.find((c) => c.id === id);
  if (!gone) return [...items];
  const next = items.filter((c) => c.id !== id && c.parent_id !== id);
  return gone.parent_id
    ? mapComment(next, gone.parent_id, (p) => ({ ...p, reply_count: Math.max(0, p.reply_count - 1) }))
    : next;
}

/** The optimistic like: toggles user_liked and adjusts likes_count, never below 0. */
export const withLikeToggled = (items: readonly Comment[], id: string): Comment[] =>
  mapComment(items, id, (c) => ({
    ...c,
    user_liked: !c.user_liked,
    likes_count: Math.max(0, c.likes_count + (c.user_liked ? -1 : 1)),
  }));

/** The server's answer to a like: its liked flag and count (never below 0). */
export const withLikeAnswer = (
  items: readonly Comment[],
  id: string,
  answer: { liked?: boolean; likes_count?: number },
): Comment[] =>
  mapComment(items, id, (c) => ({
    ...c,
    user_liked: typeof answer.liked === 'boolean' ? answer.liked : c.user_liked,
    likes_count: typeof answer.likes_count === 'number' ? Math.max(0, answer.likes_count) : c.likes_count,
  }));
