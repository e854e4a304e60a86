import type { NewsItem } from '@wayfarer/contracts';
import { newsDate } from '../news-api';

const item = (published_at: string | null, created_at = '2026-03-01T10:00:00Z'): NewsItem =>
  ({ id: 'n1', title: 'T', body: 'B', is_published: true, published_at, created_at }) as NewsItem;

describe('newsDate', () => {
  it('shows the publication date as a long date in the reader’s language', () => {
    expect(newsDate(item('2026-11-27T12:00:00Z'), 'en')).toBe('November 27, 2026');
    expect(newsDate(item('2026-11-27T12:00:00Z'), 'de')).toBe('27. November 2026');
    expect(newsDate(item('2026-11-27T12:00:00Z'), 'fr-FR')).toBe('27 novembre 2026');
  });

  it('falls back to the creation date, and to nothing for a date that does not parse', () => {
    expect(newsDate(item(null), 'en')).toBe('March 1, 2026');
    expect(newsDate(item('not a date', 'nor this'), 'en')).toBe('');
  });

  it('gives the same text on every call (one cached formatter per language)', () => {
    const first = newsDate(item('2026-01-02T12:00:00Z'), 'es');
    expect(newsDate(item('2026-01-02T12:00:00Z'), 'es')).toBe(first);
    expect(first).toBe('2 de enero de 2026');
  });
});
