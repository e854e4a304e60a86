import { useState, type FormEvent } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { ConfirmButton } from '../../../components/confirm-button';
import { useMergeSights, useSightSearch } from '../api/content-queries';
import { SightEditor } from './sight-editor';
import { SightResultRow } from './sight-result-row';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Content management: search sights, edit one, merge its duplicates into it. */
export function ContentPage() {
  usePageMeta({ title: 'Content management', noindex: true });
  const [q, setQ] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const found = useSightSearch(term);
  const mergeMutation = useMergeSights();
  const [mergeError, setMergeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [dupes, setDupes] = useState<Set<string>>(new Set());
  const results = found.data?.items ?? null;
  const total = found.data?.total ?? 0;
  const searching = found.isFetching;
  const error = mergeError ?? (found.error ? describeError(found.error, 'Failed to load sights') : null);

  function search(e?: FormEvent) {
    e?.preventDefault();
    const next = q.trim().replace(/\s+/g, ' ');
    if (!next) return;
    setMergeError(null);
    setNotice(null);
    setDupes(new Set());
    if (next === term) void found.refetch();
    else setTerm(next);
  }

  async function merge() {
    if (!selected || !dupes.size) return;
    setMergeError(null);
    try {
      const r = await mergeMutation.mutateAsync({ keepId: selected, mergeIds: [...dupes] });
      setNotice(
        `Merged ${count(r.merged.length, 'duplicate')}: moved ${count(r.moved.comments, 'comment')}, ${count(r.moved.images, 'photo')} and ${count(r.moved.stations, 'station')}.`,
      );
      setDupes(new Set());
    } catch (err) {
      setMergeError(describeError(err, 'Could not merge the sights'));
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>Content management</h1>
      </header>
      <form className="admin-toolbar" role="search" onSubmit={search} style={{ marginBottom: '0.75rem' }}>
        <label className="wf-visually-hidden" htmlFor="admin-sight-search">
          Search sights
        </label>
        <input
          id="admin-sight-search"
          className="wf-input"
          style={{ maxWidth: 360 }}
          placeholder="Search sights by name, city or country"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="wf-btn" disabled={searching || !q.trim()}>
          Search
        </button>
      </form>
      <ErrorBox>{error}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      <div className="admin-split">
        <div>
          {searching && !results ? (
            <Loading message="Searching…" />
          ) : results === null ? (
            <p className="wf-muted">Search for a sight to edit it, hide it or merge its duplicates.</p>
          ) : results.length === 0 ? (
            <EmptyState level={2} title="No sights found" />
          ) : (
            <>
              {total > results.length ? (
                <p className="wf-muted" style={{ marginTop: 0 }}>
                  Showing {results.length} of {total}; refine the search to narrow it down.
                </p>
              ) : null}
              <ul className="admin-list" aria-label="Sights">
                {results.map((r) => (
                  <SightResultRow
                    key={r.id}
                    r={r}
                    isSelected={selected === r.id}
                    canBeDuplicate={!!selected && selected !== r.id && !r.merged_into}
                    isDuplicate={dupes.has(r.id)}
                    onSelect={() => {
                      setSelected(r.id);
                      setDupes((d) => {
                        const n = new Set(d);
                        n.delete(r.id);
                        return n;
                      });
                    }}
                    onToggleDuplicate={() =>
                      setDupes((d) => {
                        const n = new Set(d);
                        if (n.has(r.id)) n.delete(r.id);
                        else n.add(r.id);
                        return n;
                      })
                    }
                  />
                ))}
              </ul>
              {selected && dupes.size ? (
                <div style={{ marginTop: '0.6rem' }}>
                  <ConfirmButton
                    label={`Merge ${dupes.size} into selected`}
                    confirmLabel="Yes, merge"
                    question="Merge the duplicates? Their comments, photos and stations move to the selected sight, and they are hidden."
                    onConfirm={merge}
                  />
                </div>
              ) : null}
            </>
          )}
        </div>
        <div>
          {selected ? (
            <SightEditor key={selected} id={selected} />
          ) : (
            <EmptyState level={2} title="No sight selected">
              Pick a sight from the search results.
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
