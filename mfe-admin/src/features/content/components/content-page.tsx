import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { ConfirmButton } from '../../../components/confirm-button';
import {
  CATEGORIES, getSightForEdit, mergeSights, saveStations, searchSights, updateSight, type AdminSight, type AdminStation,
} from '../api/content-api';

type KeyedStation = AdminStation & { key: string };
let keySeq = 0;
const keyed = (st: AdminStation): KeyedStation => ({ ...st, key: st.id ?? `new-${++keySeq}` });

function SightEditor({ id, onChanged }: { id: string; onChanged: (s: AdminSight) => void }) {
  const fid = useId();
  const [sight, setSight] = useState<AdminSight | null>(null);
  const [stations, setStations] = useState<KeyedStation[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    setNotice(null);
    getSightForEdit(id)
      .then((r) => { if (live) { setSight(r.sight); setStations(r.stations.map(keyed)); } })
      .catch((err) => { if (live) setError(describeError(err, 'Failed to load sight.')); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [id]);

  async function act(fallback: string, ok: string, run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await run();
      setNotice(ok);
    } catch (err) {
      setError(describeError(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  if (loading) return <Loading message="Loading sight…" />;
  if (!sight) return <ErrorBox>{error ?? 'Failed to load sight.'}</ErrorBox>;

  const save = (e: FormEvent) => {
    e.preventDefault();
    void act('Could not save the sight', 'Sight saved.', async () => {
      const u = await updateSight(sight.id, { name: sight.name.trim(), description: sight.description, category_slugs: sight.category_slugs, cover_image_url: sight.cover_image_url });
      onChanged({ ...sight, ...u });
    });
  };

  return (
    <div className="wf-card admin-panel" aria-label={`Edit ${sight.name}`}>
      <div className="admin-panel__head">
        <h2>{sight.name || 'Unnamed sight'} {sight.is_hidden ? <span className="wf-badge admin-badge--draft">Hidden</span> : null}</h2>
        <div className="admin-toolbar">
          <Link to={`/explore/${sight.id}`}>Open on site</Link>
          <button type="button" className="wf-btn wf-btn--sm" disabled={busy} onClick={() => void act('Could not update visibility', sight.is_hidden ? 'Sight is visible again.' : 'Sight hidden from travellers.', async () => {
            const u = await updateSight(sight.id, { is_hidden: !sight.is_hidden });
            const next = { ...sight, is_hidden: u.is_hidden };
            setSight(next);
            onChanged(next);
          })}>{sight.is_hidden ? 'Unhide' : 'Hide'}</button>
        </div>
      </div>
      <ErrorBox>{error}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      <form className="admin-form" style={{ padding: 0 }} onSubmit={save}>
        <div><label className="wf-label" htmlFor={`${fid}-n`}>Name</label><input id={`${fid}-n`} className="wf-input" value={sight.name} onChange={(e) => setSight({ ...sight, name: e.target.value })} required /></div>
        <div><label className="wf-label" htmlFor={`${fid}-d`}>Description</label><textarea id={`${fid}-d`} className="wf-textarea wf-input" rows={4} value={sight.description ?? ''} onChange={(e) => setSight({ ...sight, description: e.target.value || null })} /></div>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="wf-label">Categories</legend>
          <div className="admin-toolbar">
            {CATEGORIES.map((c) => (
              <label key={c} className="admin-check">
                <input type="checkbox" checked={sight.category_slugs.includes(c)} onChange={(e) => setSight({ ...sight, category_slugs: e.target.checked ? [...sight.category_slugs, c] : sight.category_slugs.filter((x) => x !== c) })} /> {c}
              </label>
            ))}
          </div>
        </fieldset>
        <div><label className="wf-label" htmlFor={`${fid}-c`}>Cover image URL</label><input id={`${fid}-c`} className="wf-input" value={sight.cover_image_url ?? ''} onChange={(e) => setSight({ ...sight, cover_image_url: e.target.value || null })} /></div>
        {sight.cover_image_url ? <img src={sight.cover_image_url} alt={`Cover of ${sight.name}`} style={{ maxWidth: 240, borderRadius: 8 }} /> : null}
        <div className="admin-form__actions"><button type="submit" className="wf-btn" disabled={busy}>Save sight</button></div>
      </form>

      <h3 style={{ margin: '1.25rem 0 0.5rem' }}>Stations ({stations.length})</h3>
      {stations.length ? null : <p className="wf-muted">No stations yet. Add the first one below.</p>}
      <ol className="admin-list" aria-label="Stations">
        {stations.map((st, i) => (
          <li key={st.key} className="wf-card admin-form" style={{ marginBottom: 0 }}>
            <div className="admin-form__row">
              <div>
                <label className="wf-label" htmlFor={`${fid}-st-${st.key}`}>Station {i + 1} title</label>
                <input id={`${fid}-st-${st.key}`} className="wf-input" value={st.title} onChange={(e) => setStations((l) => l.map((x) => (x.key === st.key ? { ...x, title: e.target.value } : x)))} />
              </div>
            </div>
            <div>
              <label className="wf-label" htmlFor={`${fid}-sx-${st.key}`}>Station {i + 1} text</label>
              <textarea id={`${fid}-sx-${st.key}`} className="wf-textarea wf-input" rows={3} value={st.text} onChange={(e) => setStations((l) => l.map((x) => (x.key === st.key ? { ...x, text: e.target.value } : x)))} />
            </div>
            <div className="admin-row__actions">
              <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" disabled={i === 0} onClick={() => setStations((l) => reorderKeyed(l, st.key, -1))} aria-label={`Move station ${i + 1} up`}>↑ Up</button>
              <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" disabled={i === stations.length - 1} onClick={() => setStations((l) => reorderKeyed(l, st.key, 1))} aria-label={`Move station ${i + 1} down`}>↓ Down</button>
              <button type="button" className="wf-btn wf-btn--sm wf-btn--danger" onClick={() => setStations((l) => l.filter((x) => x.key !== st.key))} aria-label={`Remove station ${i + 1}`}>Remove</button>
            </div>
          </li>
        ))}
      </ol>
      <div className="admin-toolbar" style={{ marginTop: '0.6rem' }}>
        <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => setStations((l) => [...l, keyed({ title: '', text: '' })])}>Add station</button>
        <button type="button" className="wf-btn wf-btn--sm" disabled={busy || stations.some((st) => !st.title.trim())} onClick={() => void act('Could not save the stations', 'Stations saved.', async () => {
          await saveStations(sight.id, stations.map(({ key: _k, ...st }) => st));
        })}>Save stations</button>
      </div>
    </div>
  );
}

function reorderKeyed(list: KeyedStation[], key: string, delta: number): KeyedStation[] {
  const idx = list.findIndex((x) => x.key === key);
  const to = idx + delta;
  if (idx < 0 || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [m] = next.splice(idx, 1);
  next.splice(to, 0, m!);
  return next;
}

export function ContentPage() {
  usePageMeta({ title: 'Content management', noindex: true });
  const [q, setQ] = useState('');
  const [results, setResults] = useState<AdminSight[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [dupes, setDupes] = useState<Set<string>>(new Set());

  async function search(e?: FormEvent) {
    e?.preventDefault();
    const term = q.trim().replace(/\s+/g, ' ');
    if (!term) return;
    setSearching(true);
    setError(null);
    try {
      setResults(await searchSights(term));
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
      await mergeSights(selected, [...dupes]);
      setResults((r) => (r ?? []).filter((x) => !dupes.has(x.id)));
      setNotice(`Merged ${dupes.size} duplicate${dupes.size === 1 ? '' : 's'} into the selected sight.`);
      setDupes(new Set());
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
            <EmptyState title="No sights found" />
          ) : (
            <>
              <ul className="admin-list" aria-label="Sights">
                {results.map((r) => (
                  <li key={r.id} className={`wf-card admin-row${selected === r.id ? ' is-drop-target' : ''}`} style={{ padding: '0.6rem 0.75rem' }}>
                    <div className="admin-row__main">
                      <button type="button" className="wf-btn wf-btn--ghost wf-btn--sm" onClick={() => { setSelected(r.id); setDupes((d) => { const n = new Set(d); n.delete(r.id); return n; }); }} aria-pressed={selected === r.id}>
                        {r.name}
                      </button>
                      <div className="wf-muted" style={{ fontSize: '0.8rem' }}>{[r.city, r.country].filter(Boolean).join(', ') || '—'}{r.is_hidden ? ' · hidden' : ''}</div>
                    </div>
                    {selected && selected !== r.id ? (
                      <label className="admin-check" style={{ fontSize: '0.8rem' }}>
                        <input type="checkbox" checked={dupes.has(r.id)} onChange={() => setDupes((d) => { const n = new Set(d); if (n.has(r.id)) n.delete(r.id); else n.add(r.id); return n; })} /> duplicate
                      </label>
                    ) : null}
                  </li>
                ))}
              </ul>
              {selected && dupes.size ? (
                <div style={{ marginTop: '0.6rem' }}>
                  <ConfirmButton label={`Merge ${dupes.size} into selected`} confirmLabel="Yes, merge" question="Merge the duplicates? Their comments and photos move to the selected sight." onConfirm={merge} />
                </div>
              ) : null}
            </>
          )}
        </div>
        <div>
          {selected ? (
            <SightEditor key={selected} id={selected} onChanged={(s) => setResults((r) => (r ?? []).map((x) => (x.id === s.id ? s : x)))} />
          ) : (
            <EmptyState title="No sight selected">Pick a sight from the search results.</EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
