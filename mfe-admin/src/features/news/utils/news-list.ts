import type { NewsItem } from '../types';

/** Spec point 4: created news goes to the front of the list. */
export const withCreated = (items: readonly NewsItem[], item: NewsItem): NewsItem[] => [
  item,
  ...items.filter((n) => n.id !== item.id),
];

/** An update replaces the item by id, in place. */
export const withUpdated = (items: readonly NewsItem[], item: NewsItem): NewsItem[] =>
  items.map((n) => (n.id === item.id ? item : n));

/** A delete removes the item by id. */
export const withDeleted = (items: readonly NewsItem[], id: string): NewsItem[] =>
  items.filter((n) => n.id !== id);

export interface NewsCounts {
  total: number;
  published: number;
  drafts: number;
}

/** Published and draft counts are derived. */
export function newsCounts(items: readonly NewsItem[]): NewsCounts {
  const published = items.filter((n) => n.is_published).length;
  return { total: items.length, published, drafts: items.length - published };
}
