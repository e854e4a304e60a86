import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@wayfarer/query';
import type { Comment } from '@wayfarer/contracts';
import {
  AppError,
  deleteComment,
  editComment,
  listComments,
  postComment,
  toggleCommentLike,
} from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { updateSightRating } from '../../../lib/sight-cache';
import { withAdded, withLikeAnswer, withLikeToggled, withRemoved, withReplaced } from '../utils/comment-list';
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
const token = () => getAccessToken().catch(() => null);

async function needToken(key: (typeof LOGIN_TO)[keyof typeof LOGIN_TO]): Promise<string> {
  const t = await token();
  if (!t) throw new AppError(tExplore(key));
  return t;
}

/** The open sight's comments (the API lists oldest first). Spec point 8: a failed load is only logged. */
export function useComments(sightId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: commentKeys.bySight(sightId),
    queryFn: async () => {
      try {
        return (await listComments(sightId, await token())).items ?? [];
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

export type PostInput = { body: string; rating: number | null; parent_id: string | null };

/**
 * The writes on the open sight's comments (spec point 4): each needs a session (the spec's message otherwise,
 * before any change or call); a new comment goes on top and a rated one updates the sight's average locally; a
 * like is optimistic and reverted when the call fails; an edit replaces in place; a delete removes the replies too.
 */
export function useCommentActions(sightId: string) {
  const client = useQueryClient();

  const postM = useMutation({
    mutationKey: commentKeys.write(),
    mutationFn: async ({
      input,
      token,
    }: {
      input: PostInput;
      token: string;
      me: Comment['user'] | undefined;
    }) => postComment(sightId, { mentions: [], ...input }, token),
    onSuccess: (res, { input, me }) => {
      const rating = input.parent_id ? null : input.rating;
      setComments(client, sightId, (items) =>
        withAdded(items, {
          id: res.id,
          created_at: res.created_at ?? new Date().toISOString(),
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
  });

  const likeM = useMutation({
    mutationKey: commentKeys.like(),
    mutationFn: ({ id, token }: { id: string; token: string }) => toggleCommentLike(id, token),
    onMutate: async ({ id }) => {
      await client.cancelQueries({ queryKey: commentKeys.bySight(sightId) });
      const before = client.getQueryData<Comment[]>(commentKeys.bySight(sightId))?.find((c) => c.id === id);
      setComments(client, sightId, (items) => withLikeToggled(items, id));
      return { before };
    },
    onError: (_e, { id }, ctx) => {
      const before = ctx?.before;
      if (before)
        setComments(client, sightId, (items) =>
          withLikeAnswer(items, id, { liked: before.user_liked, likes_count: before.likes_count }),
        );
    },
    onSuccess: (res, { id }) => setComments(client, sightId, (items) => withLikeAnswer(items, id, res ?? {})),
  });

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

  return {
    posting: postM.isPending,
    isLiking: (id: string) => liking.includes(id),
    isUpdating: (id: string) => updating.includes(id),
    post: async (input: PostInput, me: Comment['user'] | undefined) => {
      await postM.mutateAsync({ input, token: await needToken(LOGIN_TO.post), me });
    },
    toggleLike: async (id: string) => {
      const t = await needToken(LOGIN_TO.like);
      if (liking.includes(id) || !find(id)) return;
      await likeM.mutateAsync({ id, token: t });
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
