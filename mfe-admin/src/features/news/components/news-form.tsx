import { useId, useState, type FormEvent } from 'react';
import type { NewsFields, NewsItem } from '../types';

export function NewsForm(props: { initial?: NewsItem; busy: boolean; onSubmit: (f: NewsFields) => void | Promise<unknown>; onCancel?: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(props.initial?.title ?? '');
  const [summary, setSummary] = useState(props.initial?.summary ?? '');
  const [body, setBody] = useState(props.initial?.body ?? '');
  const [image, setImage] = useState(props.initial?.image_url ?? '');
  const [publish, setPublish] = useState(props.initial?.is_published ?? false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setProblem('Please enter a title.');
    if (!body.trim()) return setProblem('Please write the news text.');
    setProblem(null);
    await props.onSubmit({ title: title.trim(), summary: summary.trim(), body: body.trim(), image_url: image.trim() || null, is_published: publish });
  }

  return (
    <form className="wf-card admin-form" onSubmit={submit} aria-label={props.initial ? 'Edit news item' : 'Create news item'}>
      <div className="admin-form__row">
        <div>
          <label className="wf-label" htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} className="wf-input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required />
        </div>
        <div>
          <label className="wf-label" htmlFor={`${id}-image`}>Image URL (optional)</label>
          <input id={`${id}-image`} className="wf-input" value={image} onChange={(e) => setImage(e.target.value)} type="url" placeholder="https://…" />
        </div>
      </div>
      <div>
        <label className="wf-label" htmlFor={`${id}-summary`}>Summary (optional)</label>
        <input id={`${id}-summary`} className="wf-input" value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={300} />
      </div>
      <div>
        <label className="wf-label" htmlFor={`${id}-content`}>Text</label>
        <textarea id={`${id}-content`} className="wf-textarea wf-input" rows={6} value={body} onChange={(e) => setBody(e.target.value)} required />
      </div>
      {problem ? <p role="alert" className="admin-down" style={{ margin: 0 }}>{problem}</p> : null}
      <div className="admin-form__actions">
        <label className="admin-check" style={{ marginRight: 'auto' }}>
          <input type="checkbox" checked={publish} onChange={(e) => setPublish(e.target.checked)} /> Published
        </label>
        {props.onCancel ? <button type="button" className="wf-btn wf-btn--ghost" onClick={props.onCancel}>Cancel</button> : null}
        <button type="submit" className="wf-btn" disabled={props.busy}>{props.initial ? 'Save changes' : 'Create news'}</button>
      </div>
    </form>
  );
}
