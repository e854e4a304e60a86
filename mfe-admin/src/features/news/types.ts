/** A news item. The spec fixes id and is_published; the other fields are this product's. */
export interface NewsItem {
  id: string;
  title: string;
  summary: string | null;
  content: string;
  image_url: string | null;
  is_published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at?: string | null;
}

export type NewsFields = Pick<NewsItem, 'title' | 'content'> &
  Partial<Pick<NewsItem, 'summary' | 'image_url' | 'is_published'>>;
