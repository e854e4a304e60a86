import { Link } from '@wayfarer/router';
import { useFormat } from '@wayfarer/i18n';
import { newsDate, newsText, type NewsItem } from './api/news-api';

export function NewsCard({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const { locale } = useFormat();
  return (
    <article className="wf-card mk-news-card" data-testid="news-card">
      {item.image_url && <img src={item.image_url} alt="" loading="lazy" />}
      <p className="wf-muted">
        <time dateTime={item.published_at ?? item.created_at}>{newsDate(item, locale)}</time>
      </p>
      <H>
        <Link to={`/news/${encodeURIComponent(item.id)}`}>{item.title}</Link>
      </H>
      {(item.summary || newsText(item)) && <p>{item.summary || newsText(item).slice(0, 180)}</p>}
    </article>
  );
}
