import { useId, useState, type FormEvent } from 'react';
import { ROADMAP_STATUSES, STATUS_LABEL, type RoadmapFields, type RoadmapItem, type RoadmapStatus } from '../types';

export function RoadmapForm(props: { initial?: RoadmapItem; busy: boolean; onSubmit: (f: RoadmapFields) => void | Promise<unknown>; onCancel?: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(props.initial?.title ?? '');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  const [status, setStatus] = useState<RoadmapStatus>(props.initial?.status ?? 'planned');
  const [publish, setPublish] = useState(props.initial?.is_published ?? false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setProblem('Please enter a title.');
    setProblem(null);
    await props.onSubmit({ title: title.trim(), description: description.trim(), status, is_published: publish });
  }

  return (
    <form className="wf-card admin-form" onSubmit={submit} aria-label={props.initial ? 'Edit roadmap item' : 'Create roadmap item'}>
      <div className="admin-form__row">
        <div>
          <label className="wf-label" htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} className="wf-input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required />
        </div>
        <div>
          <label className="wf-label" htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} className="wf-select wf-input" value={status} onChange={(e) => setStatus(e.target.value as RoadmapStatus)}>
            {ROADMAP_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
          </select>
        </div>
      </div>
      <div>
        <label className="wf-label" htmlFor={`${id}-desc`}>Description</label>
        <textarea id={`${id}-desc`} className="wf-textarea wf-input" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      {problem ? <p role="alert" className="admin-down" style={{ margin: 0 }}>{problem}</p> : null}
      <div className="admin-form__actions">
        <label className="admin-check" style={{ marginRight: 'auto' }}>
          <input type="checkbox" checked={publish} onChange={(e) => setPublish(e.target.checked)} /> Published
        </label>
        {props.onCancel ? <button type="button" className="wf-btn wf-btn--ghost" onClick={props.onCancel}>Cancel</button> : null}
        <button type="submit" className="wf-btn" disabled={props.busy}>{props.initial ? 'Save changes' : 'Create item'}</button>
      </div>
    </form>
  );
}
