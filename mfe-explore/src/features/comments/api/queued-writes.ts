import { errorText } from '@wayfarer/api-client';
import { useMutationState, useQueryClient, type Mutation } from '@wayfarer/query';
import type { LikeWrite, PostWrite } from './comment-writes';
import { commentKeys } from './keys';

type Write = Partial<PostWrite & LikeWrite>;
const varsOf = (m: Mutation<unknown, Error, unknown, unknown>) => (m.state.variables ?? {}) as Write;

/** A write made offline, or paused on the way (the connection went): shown as pending until the server answers. */
const waiting = (m: Mutation<unknown, Error, unknown, unknown>, sightId: string) =>
  varsOf(m).sightId === sightId && (varsOf(m).queued === true || m.state.isPaused);

export type PendingPost = PostWrite & { paused: boolean };

/** The new comments and replies on `sightId` still waiting for the server, oldest first. */
export function usePendingPosts(sightId: string): PendingPost[] {
  return useMutationState({
    filters: { mutationKey: commentKeys.post(), status: 'pending', predicate: (m) => waiting(m, sightId) },
    select: (m) => ({ ...(m.state.variables as PostWrite), paused: m.state.isPaused }),
  });
}

/** Per comment id: a queued like toggle waits for it (true: for the connection; false: being sent). */
export function useQueuedLikes(sightId: string): Map<string, boolean> {
  const likes = useMutationState({
    filters: { mutationKey: commentKeys.like(), status: 'pending', predicate: (m) => waiting(m, sightId) },
    select: (m) => [varsOf(m).id ?? '', m.state.isPaused] as const,
  });
  return new Map(likes);
}

export interface RefusedWrite {
  mutationId: number;
  kind: 'post' | 'like';
  body: string | null;
  message: string;
}

/** Queued writes on `sightId` the server refused (or that could not be sent), until the traveller dismisses them. */
export function useRefusedWrites(sightId: string): {
  refused: RefusedWrite[];
  dismiss: (id: number) => void;
} {
  const client = useQueryClient();
  const refused = useMutationState({
    filters: {
      mutationKey: commentKeys.all,
      status: 'error',
      predicate: (m) => varsOf(m).sightId === sightId && varsOf(m).queued === true,
    },
    select: (m): RefusedWrite => ({
      mutationId: m.mutationId,
      kind: varsOf(m).input ? 'post' : 'like',
      body: varsOf(m).input?.body ?? null,
      message: errorText(m.state.error),
    }),
  });
  const dismiss = (id: number) => {
    const cache = client.getMutationCache();
    const m = cache.getAll().find((x) => x.mutationId === id);
    if (m) cache.remove(m);
  };
  return { refused, dismiss };
}
