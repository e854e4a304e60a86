import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsFields, NewsItem } from '../types';
import { withCreated, withDeleted, withUpdated } from '../utils/news-list';
import { newsApi } from './news-api';
import { newsKeys } from './keys';

export const useNewsList = () => useQuery({ queryKey: newsKeys.list(), queryFn: newsApi.list });

function useNewsCacheUpdate() {
  const qc = useQueryClient();
  return (update: (items: NewsItem[]) => NewsItem[]) => qc.setQueryData<NewsItem[]>(newsKeys.list(), (old) => update(old ?? []));
}

/** The answers of writes update the list in place (spec point 4); no re-fetch needed. */
export function useCreateNews() {
  const update = useNewsCacheUpdate();
  return useMutation({
    mutationKey: newsKeys.all,
    mutationFn: (fields: NewsFields) => newsApi.create(fields),
    onSuccess: (item) => update((items) => withCreated(items, item)),
  });
}

export function useUpdateNews() {
  const update = useNewsCacheUpdate();
  return useMutation({
    mutationKey: newsKeys.all,
    mutationFn: ({ id, fields }: { id: string; fields: Partial<NewsFields> }) => newsApi.update(id, fields),
    onSuccess: (item) => update((items) => withUpdated(items, item)),
  });
}

export function useDeleteNews() {
  const update = useNewsCacheUpdate();
  return useMutation({
    mutationKey: newsKeys.all,
    mutationFn: (id: string) => newsApi.remove(id),
    onSuccess: (_void, id) => update((items) => withDeleted(items, id)),
  });
}
