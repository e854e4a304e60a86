import { useState, type FormEvent } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { ConfirmButton } from '../../../components/confirm-button';
import { mergeSights, searchSights, type AdminSight } from '../api/content-api';
import { SightEditor } from './sight-editor';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Content management: search sights, edit one, merge its duplicates into it. */
export function ContentPage() {
  usePageMeta({ title: 'Content management', noindex: true });
  const [q, setQ] = useState('');
  const [results, setResults] = useState<AdminSight[] | null>(null);
  const [total, setTotal] = useState(0);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [editorRev, setEditorRev] = useState(0);
  const [dupes, setDupes] = useState<Set<string>>(new Set());

  async function search(e?: FormEvent) {
    e?.preventDefault();
    const term = q.trim().replace(/\s+/g, ' ');
    if (!term) return;
    setSearching(true);
    setError(null);
    setNotice(null);
    try {
      const r = await searchSights(term);
      setResults(r.items);
      setTotal(r.total);
      setDupes(new Set());
    } catch (err) {
      setError(describeError(err, 'Failed to load sights'));
    } finally {
      setSearching(false);
    }
  }

  async function merge() {
    if (!selected || !dupes.size) return;
    setError(null);
    try {
      const r = await mergeSights(selected, [...dupes]);
      const gone = new Set(r.merged);
      setResults((list) => (list ?? []).filter((x) => !gone.has(x.id)).map((x) => (x.id === r.sight.id ? r.sight : x)));
      setNotice(`Merged ${count(r.merged.length, 'duplicate')}: moved ${count(r.moved.comments, 'comment')}, ${count(r.moved.images, 'photo')} and ${count(r.moved.stations, 'station')}.`);
      setDupes(new Set());
      setEditorRev((n) => n + 1);
    } catch (err) {
      setError(describeError(err, 'Could not merge the sights'));
    }
  }

  return (
    <>
      <header className="admin-head"><h1>Content management</h1></header>
      <form className="admin-toolbar" role="search" onSubmit={search} style={{ marginBottom: '0.75rem' }}>
        <label className="wf-visually-hidden" htmlFor="admin-sight-search">Search sights</label>
        <input id="admin-sight-search" className="wf-input" style={{ maxWidth: 360 }} placeholder="Search sights by name, city or country" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="wf-btn" disabled={searching || !q.trim()}>Search</button>
      </form>
      <ErrorBox>{error}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      <div className="admin-split">
        <div>
          {searching ? <Loading message="Searching…" /> : results === null ? (
            <p className="wf-muted">Search for a sight to edit it, hide it or merge its duplicates.</p>
          ) : results.length === 0 ? (
            <EmptyState level={2} title="No sights found" />
          ) : (
            <>
              {total > results.length ? <p className="wf-muted" style={{ marginTop: 0 }}>Showing {results.length} of {total}; refine the search to narrow it down.</p> : null}
              <ul className="admin-list" aria-label="Sights">
                {results.map((r) => (
                  <li key={r.id} className={`wf-card admin-row${selected === r.id ? ' is-drop-target' : ''}`} style={{ padding: '0.6rem 0.75rem' }} data-testid="sight-result">
                    <div className="admin-row__main">
                      <button type="button" className="wf-btn wf-btn--ghost wf-btn--sm" onClick={() => { setSelected(r.id); setDupes((d) => { const n = new Set(d); n.delete(r.id); return n; }); }} aria-pressed={selected === r.id}>
                        {r.name}
                      </button>
                      <div className="wf-muted" style={{ fontSize: '0.8rem' }}>{[r.city, r.country].filter(Boolean).join(', ') || '—'}{r.hidden ? ' · hidden' : ''}</div>
                    </div>
                    {selected && selected !== r.id && !r.merged_into ? (
                      <label className="admin-check" style={{ fontSize: '0.8rem' }}>
                        <input type="checkbox" checked={dupes.has(r.id)} onChange={() => setDupes((d) => { const n = new Set(d); if (n.has(r.id)) n.delete(r.id); else n.add(r.id); return n; })} aria-label={`${r.name} is a duplicate`} /> duplicate
                      </label>
                    ) : null}
                  </li>
                ))}
              </ul>
              {selected && dupes.size ? (
                <div style={{ marginTop: '0.6rem' }}>
                  <ConfirmButton label={`Merge ${dupes.size} into selected`} confirmLabel="Yes, merge" question="Merge the duplicates? Their comments, photos and stations move to the selected sight, and they are hidden." onConfirm={merge} />
                </div>
              ) : null}
            </>
          )}
        </div>
        <div>
          {selected ? (
            <SightEditor key={`${selected}:${editorRev}`} id={selected} onChanged={(s) => setResults((r) => (r ?? []).map((x) => (x.id === s.id ? s : x)))} />
          ) : (
            <EmptyState level={2} title="No sight selected">Pick a sight from the search results.</EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
