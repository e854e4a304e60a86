import type { NewsItem } from '../types';

/** Spec point 4 'News and roadmap': a loading flag, an error, and initialized after the first good fetch. */
export interface NewsState {
  items: NewsItem[];
  loading: boolean;
  error: string | null;
  initialized: boolean;
}

export const initialNewsState: NewsState = { items: [], loading: false, error: null, initialized: false };

export type NewsAction =
  | { type: 'request' }
  | { type: 'fetched'; items: NewsItem[] }
  | { type: 'created'; item: NewsItem }
  | { type: 'updated'; item: NewsItem }
  | { type: 'deleted'; id: string }
  | { type: 'failure'; error: string }
  | { type: 'clearError' };

export function newsReducer(state: NewsState, action: NewsAction): NewsState {
  switch (action.type) {
    case 'request':
      return { ...state, loading: true, error: null };
    case 'fetched':
      return { ...state, loading: false, items: action.items, initialized: true };
    case 'created':
      return { ...state, loading: false, items: [action.item, ...state.items.filter((n) => n.id !== action.item.id)] };
    case 'updated':
      return { ...state, loading: false, items: state.items.map((n) => (n.id === action.item.id ? action.item : n)) };
    case 'deleted':
      return { ...state, loading: false, items: state.items.filter((n) => n.id !== action.id) };
    case 'failure':
      return { ...state, loading: false, error: action.error };
    case 'clearError':
      return { ...state, error: null };
  }
}

export interface NewsCounts {
  total: number;
  published: number;
  drafts: number;
}

export function newsCounts(items: readonly NewsItem[]): NewsCounts {
  const published = items.filter((n) => n.is_published).length;
  return { total: items.length, published, drafts: items.length - published };
}
