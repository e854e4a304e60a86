import { useEffect } from 'react';
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@wayfarer/query';
import type { Comment } from '@wayfarer/contracts';
import { deleteComment, editComment, listComments, listCommentsAfter } from '@wayfarer/api-client';
import { updateSightRating } from '../../../lib/sight-cache';
import {
  OFFLINE_WRITES_SCOPE,
  OFFLINE_WRITES_STORAGE_KEY,
  isOnline,
  newIdempotencyKey,
} from '../../../lib/offline-writes';
import { withLikeToggled, withRemoved, withReplaced } from '../utils/comment-list';
import {
  LOGIN_TO,
  needToken,
  pendingLikeIds,
  registerCommentWrites,
  token,
  type LikeWrite,
  type PostInput,
  type PostWrite,
} from './comment-writes';
import { commentKeys } from './keys';
import { useQueuedLikes } from './queued-writes';

export { LOGIN_TO, type PostInput };

/**
 * A thread's first MAX_COMMENT_PAGES pages (the API answers a bounded page at a time, oldest first). A page after
 * the first that fails (offline: only the first page is in a trip pack) ends the list with what has come.
 */
const MAX_COMMENT_PAGES = 20;
async function readAllPages(sightId: string, t: string | undefined | null): Promise<Comment[]> {
  const first = await listComments(sightId, t);
  const items = [...(first.items ?? [])];
  let next = first.next_cursor ?? null;
  for (let n = 1; next && n < MAX_COMMENT_PAGES; n++) {
    try {
      const page = await listCommentsAfter(sightId, next, t);
      items.push(...(page.items ?? []));
      next = page.next_cursor ?? null;
    } catch (e) {
      console.warn('more comments not loaded', e);
      break;
    }
  }
  return items;
}

/** The open sight's comments (the API lists oldest first). Spec point 8: a failed load is only logged. */
export function useComments(sightId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: commentKeys.bySight(sightId),
    queryFn: async () => {
      try {
        const items = await readAllPages(sightId, await token());
        // The likes still waiting for the server (queued offline, or restored after a reload) show as made.
        return pendingLikeIds(client, sightId).reduce(withLikeToggled, items);
      } catch (e) {
        console.warn('comments load failed', e);
        return client.getQueryData<Comment[]>(commentKeys.bySight(sightId)) ?? [];
      }
    },
    enabled: Boolean(sightId),
  });
}

const setComments = (client: QueryClient, sightId: string, update: (items: Comment[]) => Comment[]) =>
  client.setQueryData<Comment[]>(commentKeys.bySight(sightId), (old) => update(old ?? []));

/**
 * The writes on the open sight's comments (spec point 4): each needs a session (the spec's message otherwise,
 * before any change or call); a new comment goes on top and a rated one updates the sight's average locally; a
 * like is optimistic and reverted when the call fails; an edit replaces in place; a delete removes the replies too.
 */
export function useCommentActions(sightId: string) {
  const client = useQueryClient();

  registerCommentWrites(client);
  // The queue is kept across a reload from the first write on (the persister is its own small chunk).
  useEffect(() => {
    import(/* webpackChunkName: "offline-writes-persist" */ '../../../lib/persist-paused-writes')
      .then((m) =>
        m.persistPausedWrites(client, {
          storageKey: OFFLINE_WRITES_STORAGE_KEY,
          scopeId: OFFLINE_WRITES_SCOPE.id,
        }),
      )
      .catch((e: unknown) => console.warn('offline writes not kept', e));
  }, [client]);
  // What they do is in the mutation defaults (comment-writes.ts): a write restored after a reload does the same.
  const postM = useMutation<unknown, Error, PostWrite>({ mutationKey: commentKeys.post() });
  const likeM = useMutation<unknown, Error, LikeWrite>({ mutationKey: commentKeys.like() });

  const editM = useMutation({
    mutationKey: commentKeys.write(),
    mutationFn: ({
      before,
      body,
      rating,
      token,
    }: {
      before: Comment;
      body: string;
      rating: number | null;
      token: string;
    }) => editComment(before.id, { body, rating }, token),
    onSuccess: (_res, { before, body, rating }) => {
      const next = { ...before, body, rating: before.parent_id ? null : rating };
      setComments(client, sightId, (items) => withReplaced(items, next));
      if (before.rating !== next.rating) updateSightRating(client, sightId, next.rating, before.rating);
    },
  });

  const removeM = useMutation({
    mutationKey: commentKeys.write(),
    mutationFn: ({ gone, token }: { gone: Comment; token: string }) => deleteComment(gone.id, token),
    onSuccess: (_res, { gone }) => {
      setComments(client, sightId, (items) => withRemoved(items, gone.id));
      if (gone.rating != null && !gone.parent_id) updateSightRating(client, sightId, null, gone.rating);
    },
  });

  const find = (id: string) =>
    client.getQueryData<Comment[]>(commentKeys.bySight(sightId))?.find((c) => c.id === id);
  const liking = useMutationState({
    filters: { mutationKey: commentKeys.like(), status: 'pending' },
    select: (m) => (m.state.variables as { id: string }).id,
  });
  const updating = useMutationState({
    filters: { mutationKey: commentKeys.write(), status: 'pending' },
    select: (m) => {
      const v = m.state.variables as { before?: Comment; gone?: Comment };
      return (v.before ?? v.gone)?.id;
    },
  });

  const queuedLikes = useQueuedLikes(sightId);

  return {
    posting: postM.isPending,
    /** A like toggle made offline on `id` and not yet answered: true while it waits for the connection. */
    queuedLike: (id: string): boolean | undefined => queuedLikes.get(id),
    isLiking: (id: string) => liking.includes(id),
    isUpdating: (id: string) => updating.includes(id),
    // Offline, a write is queued (shown as pending, its refusal later in RefusedWrites) and the form is free at once.
    post: async (input: PostInput, me: Comment['user'] | undefined) => {
      await needToken(LOGIN_TO.post);
      const write: PostWrite = {
        sightId,
        input,
        me,
        at: new Date().toISOString(),
        key: newIdempotencyKey(),
        queued: !isOnline(),
      };
      if (write.queued) postM.mutate(write);
      else await postM.mutateAsync(write);
    },
    toggleLike: async (id: string) => {
      await needToken(LOGIN_TO.like);
      if (liking.includes(id) || !find(id)) return;
      const write: LikeWrite = { sightId, id, key: newIdempotencyKey(), queued: !isOnline() };
      if (write.queued) likeM.mutate(write);
      else await likeM.mutateAsync(write);
    },
    edit: async (id: string, body: string, rating: number | null) => {
      const t = await needToken(LOGIN_TO.edit);
      const before = find(id);
      if (before) await editM.mutateAsync({ before, body, rating, token: t });
    },
    remove: async (id: string) => {
      const t = await needToken(LOGIN_TO.del);
      const gone = find(id);
      if (gone) await removeM.mutateAsync({ gone, token: t });
    },
  };
}
