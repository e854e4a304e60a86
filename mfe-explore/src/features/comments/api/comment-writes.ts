import type { Comment } from '@wayfarer/contracts';
import { AppError, postComment, toggleCommentLike } from '@wayfarer/api-client';
import type { QueryClient } from '@wayfarer/query';
import { getAccessToken } from '@wayfarer/session';
import { updateSightRating } from '../../../lib/sight-cache';
import { OFFLINE_WRITES_SCOPE, retryWhileOffline, type QueuedWrite } from '../../../lib/offline-writes';
import { withAdded, withLikeAnswer, withLikeToggled } from '../utils/comment-list';
import { tExplore } from '../../../i18n';
import { commentKeys } from './keys';

/** The spec's messages for a write without a session (catalog keys; English is the spec's wording). */
export const LOGIN_TO = {
  post: 'comments.loginToPost',
  like: 'comments.loginToLike',
  edit: 'comments.loginToEdit',
  del: 'comments.loginToDelete',
} as const;

// An auth client that cannot give a token means no session, which the writes report with the spec's message.
export const token = () => getAccessToken().catch(() => null);

export async function needToken(key: (typeof LOGIN_TO)[keyof typeof LOGIN_TO]): Promise<string> {
  const t = await token();
  if (!t) throw new AppError(tExplore(key));
  return t;
}

export type PostInput = { body: string; rating: number | null; parent_id: string | null };
/** A new comment as it waits in the queue (plain data: it is kept in localStorage across a reload). */
export type PostWrite = QueuedWrite & {
  sightId: string;
  input: PostInput;
  me: Comment['user'] | undefined;
  at: string;
};
export type LikeWrite = QueuedWrite & { sightId: string; id: string };

const setComments = (client: QueryClient, sightId: string, update: (items: Comment[]) => Comment[]) =>
  client.setQueryData<Comment[]>(commentKeys.bySight(sightId), (old) => update(old ?? []));

/** The like toggles still waiting for the server on `sightId`'s comments (a restored queue included). */
export const pendingLikeIds = (client: QueryClient, sightId: string): string[] =>
  client
    .getMutationCache()
    .findAll({ mutationKey: commentKeys.like(), status: 'pending' })
    .map((m) => m.state.variables as LikeWrite | undefined)
    .filter((v): v is LikeWrite => v?.sightId === sightId)
    .map((v) => v.id);

/**
 * A queued write is sent as the connection returns, when the list is read again too: that read may have left
 * before the write arrived, so the list is read once more after it (an invalidation cancels the older read). On the
 * next task: while onSettled runs the write still counts as pending, and its like would be applied twice.
 */
const afterQueued = (client: QueryClient, w: QueuedWrite & { sightId: string }) => {
  if (w.queued)
    setTimeout(() => void client.invalidateQueries({ queryKey: commentKeys.bySight(w.sightId) }), 0);
};

const registered = new WeakSet<QueryClient>();

/**
 * The comment post and the like toggle as mutation defaults of `client`: a mutation restored after a
 * reload has only its key and variables, so what it does and what its answer changes live here, not in a
 * component. The token is read when the write is sent (a queued write may wait longer than a token lives).
 */
export function registerCommentWrites(client: QueryClient): void {
  if (registered.has(client)) return;
  registered.add(client);
  const shared = { scope: OFFLINE_WRITES_SCOPE, retry: retryWhileOffline } as const;

  client.setMutationDefaults<{ id: string; created_at?: string }, Error, PostWrite>(commentKeys.post(), {
    ...shared,
    mutationFn: async ({ sightId, input, key }: PostWrite) =>
      postComment(sightId, { mentions: [], ...input, idempotency_key: key }, await needToken(LOGIN_TO.post)),
    onSuccess: (res: { id: string; created_at?: string }, { sightId, input, me, at }: PostWrite) => {
      const rating = input.parent_id ? null : input.rating;
      setComments(client, sightId, (items) =>
        items.some((c) => c.id === res.id)
          ? items
          : withAdded(items, {
              id: res.id,
              created_at: res.created_at ?? at,
              user_id: me?.id ?? '',
              sight_id: sightId,
              body: input.body,
              rating,
              parent_id: input.parent_id,
              reply_count: 0,
              likes_count: 0,
              user_liked: false,
              user: me ?? { id: '', display_name: null, avatar_url: null },
            }),
      );
      if (rating != null) updateSightRating(client, sightId, rating, null);
    },
    onSettled: (_r: unknown, _e: unknown, w: PostWrite) => afterQueued(client, w),
  });

  type LikeAnswer = { liked?: boolean; likes_count?: number };
  client.setMutationDefaults<LikeAnswer, Error, LikeWrite, { before?: Comment }>(commentKeys.like(), {
    ...shared,
    mutationFn: async ({ id, key }: LikeWrite) => toggleCommentLike(id, await needToken(LOGIN_TO.like), key),
    // Optimistic: the toggle shows at once (useComments re-applies it to a list read while it waits).
    onMutate: async ({ sightId, id }: LikeWrite) => {
      await client.cancelQueries({ queryKey: commentKeys.bySight(sightId) });
      const before = client.getQueryData<Comment[]>(commentKeys.bySight(sightId))?.find((c) => c.id === id);
      setComments(client, sightId, (items) => withLikeToggled(items, id));
      return { before };
    },
    onError: (_e, { sightId, id }, ctx) => {
      const before = ctx?.before;
      if (before)
        setComments(client, sightId, (items) =>
          withLikeAnswer(items, id, { liked: before.user_liked, likes_count: before.likes_count }),
        );
      // Restored after a reload, it has no earlier state to go back to: read the list again.
      else void client.invalidateQueries({ queryKey: commentKeys.bySight(sightId) });
    },
    onSuccess: (res: { liked?: boolean; likes_count?: number }, { sightId, id }: LikeWrite) =>
      setComments(client, sightId, (items) => withLikeAnswer(items, id, res ?? {})),
    onSettled: (_r: unknown, _e: unknown, w: LikeWrite) => afterQueued(client, w),
  });
}
