/** Query keys of content management: search results per term, one sight with its stations. */
export const contentKeys = {
  all: ['admin', 'content'] as const,
  searches: () => [...contentKeys.all, 'search'] as const,
  search: (term: string) => [...contentKeys.searches(), term] as const,
  sight: (id: string) => [...contentKeys.all, 'sight', id] as const,
};
