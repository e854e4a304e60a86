import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@wayfarer/router';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { ConfirmButton } from '../../../components/confirm-button';
import {
  CATEGORIES, getSightForEdit, mergeSights, saveStations, searchSights, setSightHidden, updateSight,
  type AdminSight, type AdminStation, type StationDraft,
} from '../api/content-api';
import { moveItem } from '../utils/move-item';
import { parseLocation, splitPair, type LocationFields } from '../utils/station-location';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A station row: the coordinates as typed, and whether its location fields are shown (always when it has one). */
type KeyedStation = Omit<StationDraft, 'latitude' | 'longitude'> & LocationFields & { key: string; locationOpen: boolean };
let keySeq = 0;
const coord = (n: number | null | undefined) => (n == null ? '' : String(n));
const keyed = (st: StationDraft): KeyedStation => ({
  id: st.id,
  title: st.title,
  text: st.text,
  latitude: coord(st.latitude),
  longitude: coord(st.longitude),
  locationOpen: st.latitude != null || st.longitude != null,
  key: st.id ?? `new-${++keySeq}`,
});
const fromServer = (list: AdminStation[]) =>
  list.map((st) => keyed({ id: st.id, title: st.title, text: st.text, latitude: st.latitude ?? null, longitude: st.longitude ?? null }));

/** The editable fields of a sight, kept apart from the loaded copy so the form can show unsaved edits. */
type Category = (typeof CATEGORIES)[number];
interface SightForm {
  name: string;
  description: string;
  category_slugs: Category[];
  cover_image_url: string;
}
const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);
const formOf = (s: AdminSight): SightForm => ({ name: s.name, description: s.description, category_slugs: s.category_slugs.filter(isCategory), cover_image_url: s.cover_image_url ?? '' });

function SightEditor({ id, onChanged }: { id: string; onChanged: (s: AdminSight) => void }) {
  const fid = useId();
  const [sight, setSight] = useState<AdminSight | null>(null);
  const [form, setForm] = useState<SightForm | null>(null);
  const [stations, setStations] = useState<KeyedStation[]>([]);
  const [stationsDirty, setStationsDirty] = useState(false);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const refocus = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    setNotice(null);
    getSightForEdit(id)
      .then((r) => {
        if (!live) return;
        setSight(r.sight);
        setForm(formOf(r.sight));
        setStations(fromServer(r.stations));
        setStationsDirty(false);
      })
      .catch((err) => { if (live) setError(describeError(err, 'Failed to load sight.')); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [id]);

  // Keyboard reordering keeps focus on the moved station's button (or its other move button at the list's end).
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current) return;
    refocus.current = null;
    const [key, dir] = target.split('|');
    const el = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${key}|${dir}"]`);
    const alt = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${key}|${dir === 'up' ? 'down' : 'up'}"]`);
    (el && !el.disabled ? el : alt)?.focus();
  }, [stations]);

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
  if (!sight || !form) return <ErrorBox>{error ?? 'Failed to load sight.'}</ErrorBox>;

  const editStations = (fn: (l: KeyedStation[]) => KeyedStation[]) => {
    setStations(fn);
    setStationsDirty(true);
  };
  const editStation = (key: string, patch: Partial<KeyedStation>) => editStations((l) => l.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const fillFromSight = (key: string) => editStation(key, { latitude: String(sight.latitude), longitude: String(sight.longitude), locationOpen: true });
  const locations = new Map(stations.map((st) => [st.key, parseLocation(st)]));
  const badLocation = stations.some((st) => !locations.get(st.key)?.ok);
  const untitled = stations.some((st) => !st.title.trim());
  const move = (st: KeyedStation, delta: -1 | 1) => {
    const from = stations.findIndex((x) => x.key === st.key);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= stations.length) return;
    refocus.current = `${st.key}|${delta < 0 ? 'up' : 'down'}`;
    editStations((l) => moveItem(l, from, to));
    setAnnounce(`Moved “${st.title || 'untitled station'}” to position ${to + 1} of ${stations.length}. Save the stations to keep the order.`);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim()) return setError('Please enter a name.');
    if (!form.category_slugs.length) return setError('Pick at least one category.');
    void act('Could not save the sight', 'Sight saved.', async () => {
      const u = await updateSight(sight.id, {
        name: form.name.trim(),
        description: form.description.trim(),
        category_slugs: form.category_slugs,
        cover_image_url: form.cover_image_url.trim() || null,
      });
      setSight(u);
      setForm(formOf(u));
      onChanged(u);
    });
  };
  const merged = sight.merged_into;

  return (
    <div className="wf-card admin-panel" role="region" aria-label={`Edit ${sight.name}`} data-testid="sight-editor">
      <div className="admin-panel__head">
        <h2>
          {sight.name || 'Unnamed sight'} {sight.hidden ? <span className="wf-badge admin-badge--draft">Hidden</span> : null}
        </h2>
        <div className="admin-toolbar">
          {sight.hidden ? null : <Link to={`/explore/${encodeURIComponent(sight.id)}`}>Open on site</Link>}
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            disabled={busy || Boolean(merged)}
            onClick={() => void act('Could not update visibility', sight.hidden ? 'Sight is visible again.' : 'Sight hidden from travellers.', async () => {
              const u = await setSightHidden(sight.id, !sight.hidden);
              setSight(u);
              onChanged(u);
            })}
          >
            {sight.hidden ? 'Unhide' : 'Hide'}
          </button>
        </div>
      </div>
      <p className="wf-muted" style={{ marginTop: 0, fontSize: '0.85rem' }}>
        {[sight.city, sight.country].filter(Boolean).join(', ') || 'No place'} · {sight.comments_count} comments · {sight.images_count} photos · id <code>{sight.id}</code>
        {merged ? <> · merged into <code>{merged}</code></> : null}
      </p>
      <ErrorBox>{error}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      <form className="admin-form" style={{ padding: 0 }} onSubmit={save} aria-label="Sight details">
        <div><label className="wf-label" htmlFor={`${fid}-n`}>Name</label><input id={`${fid}-n`} className="wf-input" value={form.name} maxLength={200} onChange={(e) => setForm({ ...form, name: e.target.value })} required /></div>
        <div><label className="wf-label" htmlFor={`${fid}-d`}>Description</label><textarea id={`${fid}-d`} className="wf-textarea wf-input" rows={4} maxLength={5000} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} /></div>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="wf-label">Categories</legend>
          <div className="admin-toolbar">
            {CATEGORIES.map((c) => (
              <label key={c} className="admin-check">
                <input type="checkbox" checked={form.category_slugs.includes(c)} onChange={(e) => setForm({ ...form, category_slugs: e.target.checked ? [...form.category_slugs, c] : form.category_slugs.filter((x) => x !== c) })} /> {c}
              </label>
            ))}
          </div>
        </fieldset>
        <div><label className="wf-label" htmlFor={`${fid}-c`}>Cover image URL</label><input id={`${fid}-c`} className="wf-input" type="url" value={form.cover_image_url} onChange={(e) => setForm({ ...form, cover_image_url: e.target.value })} /></div>
        {form.cover_image_url.trim() ? <img src={form.cover_image_url.trim()} alt={`Cover of ${sight.name}`} style={{ maxWidth: 240, borderRadius: 8 }} /> : null}
        <div className="admin-form__actions"><button type="submit" className="wf-btn" disabled={busy}>Save sight</button></div>
      </form>

      <h3 style={{ margin: '1.25rem 0 0.5rem' }}>Stations ({stations.length}){stationsDirty ? <span className="wf-muted" style={{ fontWeight: 400, fontSize: '0.85rem' }}> · unsaved changes</span> : null}</h3>
      <div className="wf-visually-hidden" aria-live="polite">{announce}</div>
      {stations.length ? null : <p className="wf-muted">No stations yet. Add the first one below.</p>}
      <ol className="admin-list" aria-label="Stations" ref={listRef}>
        {stations.map((st, i) => (
          <li key={st.key} className="wf-card admin-form" style={{ marginBottom: 0 }} data-testid="station-row">
            <div>
              <label className="wf-label" htmlFor={`${fid}-st-${st.key}`}>Station {i + 1} title</label>
              <input id={`${fid}-st-${st.key}`} className="wf-input" value={st.title} maxLength={200} onChange={(e) => editStations((l) => l.map((x) => (x.key === st.key ? { ...x, title: e.target.value } : x)))} />
            </div>
            <div>
              <label className="wf-label" htmlFor={`${fid}-sx-${st.key}`}>Station {i + 1} text</label>
              <textarea id={`${fid}-sx-${st.key}`} className="wf-textarea wf-input" rows={3} maxLength={10000} value={st.text} onChange={(e) => editStations((l) => l.map((x) => (x.key === st.key ? { ...x, text: e.target.value } : x)))} />
            </div>
            <StationLocation
              fid={`${fid}-${st.key}`}
              n={i + 1}
              name={st.title || `station ${i + 1}`}
              station={st}
              parsed={locations.get(st.key)}
              onOpen={() => setStations((l) => l.map((x) => (x.key === st.key ? { ...x, locationOpen: true } : x)))}
              onChange={(patch) => editStation(st.key, patch)}
              onUseSight={() => fillFromSight(st.key)}
            />
            <div className="admin-row__actions">
              <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" data-move={`${st.key}|up`} disabled={i === 0} onClick={() => move(st, -1)} aria-label={`Move ${st.title || `station ${i + 1}`} up`}>↑ Up</button>
              <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" data-move={`${st.key}|down`} disabled={i === stations.length - 1} onClick={() => move(st, 1)} aria-label={`Move ${st.title || `station ${i + 1}`} down`}>↓ Down</button>
              <button type="button" className="wf-btn wf-btn--sm wf-btn--danger" onClick={() => editStations((l) => l.filter((x) => x.key !== st.key))} aria-label={`Remove ${st.title || `station ${i + 1}`}`}>Remove</button>
            </div>
          </li>
        ))}
      </ol>
      <div className="admin-toolbar" style={{ marginTop: '0.6rem' }}>
        <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => editStations((l) => [...l, keyed({ title: '', text: '', latitude: null, longitude: null })])}>Add station</button>
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy || !stationsDirty || untitled || badLocation}
          title={untitled ? 'Every station needs a title' : badLocation ? 'Fix the station locations first' : undefined}
          onClick={() => void act('Could not save the stations', 'Stations saved.', async () => {
            const drafts: StationDraft[] = stations.map((st) => {
              const loc = locations.get(st.key);
              return { id: st.id, title: st.title, text: st.text, latitude: loc?.ok ? loc.latitude : null, longitude: loc?.ok ? loc.longitude : null };
            });
            const saved = await saveStations(sight.id, drafts);
            setStations(fromServer(saved));
            setStationsDirty(false);
          })}
        >
          Save stations
        </button>
      </div>
    </div>
  );
}

/**
 * A station's location: follow me on the explore page starts the station's narration when a traveller comes near
 * this point, so a station without one is never started by walking. Collapsed until the station has a location.
 */
function StationLocation({
  fid, n, name, station, parsed, onOpen, onChange, onUseSight,
}: {
  fid: string;
  n: number;
  name: string;
  station: KeyedStation;
  parsed: ReturnType<typeof parseLocation> | undefined;
  onOpen: () => void;
  onChange: (patch: Partial<KeyedStation>) => void;
  onUseSight: () => void;
}) {
  const sightButton = (
    <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={onUseSight} aria-label={`Use the sight location for ${name}`}>
      Use sight location
    </button>
  );
  if (!station.locationOpen) {
    return (
      <div className="admin-toolbar" style={{ alignItems: 'center' }}>
        <span className="wf-muted" style={{ fontSize: '0.85rem' }}>No location: follow me will not start this station.</span>
        <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={onOpen} aria-label={`Set a location for ${name}`}>
          Set location
        </button>
        {sightButton}
      </div>
    );
  }
  const error = parsed && !parsed.ok ? parsed.error : null;
  const field = (which: 'latitude' | 'longitude', label: string, example: string) => (
    <div>
      <label className="wf-label" htmlFor={`${fid}-${which}`}>Station {n} {label}</label>
      <input
        id={`${fid}-${which}`}
        className="wf-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={example}
        value={station[which]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fid}-loc-error` : undefined}
        onChange={(e) => onChange(splitPair(e.target.value) ?? { [which]: e.target.value })}
      />
    </div>
  );
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="wf-label">Station {n} location</legend>
      <div className="admin-form__row">
        {field('latitude', 'latitude', '41.8986')}
        {field('longitude', 'longitude', '12.4769')}
      </div>
      {error ? (
        <p id={`${fid}-loc-error`} className="wf-alert wf-alert--error" style={{ margin: '0.4rem 0 0' }}>
          {error}
        </p>
      ) : null}
      <div className="admin-toolbar" style={{ marginTop: '0.4rem' }}>
        {sightButton}
        <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => onChange({ latitude: '', longitude: '', locationOpen: false })} aria-label={`Clear the location of ${name}`}>
          Clear location
        </button>
      </div>
    </fieldset>
  );
}

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
            <EmptyState title="No sights found" />
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
            <EmptyState title="No sight selected">Pick a sight from the search results.</EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
