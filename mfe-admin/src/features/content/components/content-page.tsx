import { useState, type FormEvent } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { ConfirmButton } from '../../../components/confirm-button';
import { useMergeSights, useSightSearch } from '../api/content-queries';
import { SightEditor } from './sight-editor';
import { SightResultRow } from './sight-result-row';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

/** A copy of the set with `id` added or removed. */
function edited(set: Set<string>, id: string, add: boolean): Set<string> {
  const next = new Set(set);
  if (add) next.add(id);
  else next.delete(id);
  return next;
}

/** Content management: search sights, edit one, merge its duplicates into it. */
export function ContentPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  usePageMeta({ title: t('content.title'), noindex: true });
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
        t('content.merged', {
          duplicates: t('content.duplicates', { count: r.merged.length }),
          comments: t('content.comments', { count: r.moved.comments }),
          photos: t('content.photos', { count: r.moved.images }),
          stations: t('content.stations', { count: r.moved.stations }),
        }),
      );
      setDupes(new Set());
    } catch (err) {
      setMergeError(describeError(err, 'Could not merge the sights'));
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>{t('content.title')}</h1>
      </header>
      <form className="admin-toolbar" role="search" onSubmit={search} style={{ marginBottom: '0.75rem' }}>
        <label className="wf-visually-hidden" htmlFor="admin-sight-search">
          {t('content.search')}
        </label>
        <input
          id="admin-sight-search"
          className="wf-input"
          style={{ maxWidth: 360 }}
          placeholder={t('content.searchPlaceholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="wf-btn" disabled={searching || !q.trim()}>
          {t('content.searchButton')}
        </button>
      </form>
      <ErrorBox>{errorText(error)}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      <div className="admin-split">
        <div>
          {searching && !results ? (
            <Loading message={t('content.searching')} />
          ) : results === null ? (
            <p className="wf-muted">{t('content.hint')}</p>
          ) : results.length === 0 ? (
            <EmptyState level={2} title={t('content.noResults')} />
          ) : (
            <>
              {total > results.length ? (
                <p className="wf-muted" style={{ marginTop: 0 }}>
                  {t('content.showing', { shown: results.length, total })}
                </p>
              ) : null}
              <ul className="admin-list" aria-label={t('content.list')}>
                {results.map((r) => (
                  <SightResultRow
                    key={r.id}
                    r={r}
                    isSelected={selected === r.id}
                    canBeDuplicate={!!selected && selected !== r.id && !r.merged_into}
                    isDuplicate={dupes.has(r.id)}
                    onSelect={() => {
                      setSelected(r.id);
                      setDupes((d) => edited(d, r.id, false));
                    }}
                    onToggleDuplicate={() => setDupes((d) => edited(d, r.id, !d.has(r.id)))}
                  />
                ))}
              </ul>
              {selected && dupes.size ? (
                <div style={{ marginTop: '0.6rem' }}>
                  <ConfirmButton
                    label={t('content.mergeInto', { count: dupes.size })}
                    confirmLabel={t('content.yesMerge')}
                    question={t('content.mergeQuestion')}
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
            <EmptyState level={2} title={t('content.noneSelected')}>
              {t('content.pick')}
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
