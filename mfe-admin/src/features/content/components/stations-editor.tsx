import { useId, useState } from 'react';
import { useMoveFocus } from '../hooks/use-move-focus';
import { saveStations, type AdminSight, type AdminStation, type StationDraft } from '../api/content-api';
import { moveItem } from '../utils/move-item';
import { parseLocation } from '../utils/station-location';
import { StationRow } from './station-row';
import { fromServer, keyed, type KeyedStation } from './station-rows';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

interface Props {
  sight: AdminSight;
  initial: AdminStation[];
  busy: boolean;
  act: (fallback: string, ok: string, run: () => Promise<void>) => Promise<void>;
  /** Saves the ordered list, answers the stored one with ids (the editor's mutation; else the plain call). */
  save?: (stations: StationDraft[]) => Promise<AdminStation[]>;
}

/** A sight's ordered stations: edit, add, remove, move (keyboard included), locate, save as one list. */
export function StationsEditor({
  sight,
  initial,
  busy,
  act,
  save: write = (list) => saveStations(sight.id, list),
}: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const fid = useId();
  const [stations, setStations] = useState<KeyedStation[]>(() => fromServer(initial));
  const [dirty, setDirty] = useState(false);
  const [announce, setAnnounce] = useState('');

  const { listRef, refocus } = useMoveFocus(stations);

  const editStations = (fn: (l: KeyedStation[]) => KeyedStation[]) => {
    setStations(fn);
    setDirty(true);
  };
  const editStation = (key: string, patch: Partial<KeyedStation>) =>
    editStations((l) => l.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const fillFromSight = (key: string) =>
    editStation(key, {
      latitude: String(sight.latitude),
      longitude: String(sight.longitude),
      locationOpen: true,
    });
  const locations = new Map(stations.map((st) => [st.key, parseLocation(st)]));
  const badLocation = stations.some((st) => !locations.get(st.key)?.ok);
  const untitled = stations.some((st) => !st.title.trim());
  const move = (st: KeyedStation, delta: -1 | 1) => {
    const from = stations.findIndex((x) => x.key === st.key);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= stations.length) return;
    refocus.current = `${st.key}|${delta < 0 ? 'up' : 'down'}`;
    editStations((l) => moveItem(l, from, to));
    setAnnounce(
      t('stations.moved', {
        name: st.title || t('stations.untitled'),
        position: to + 1,
        total: stations.length,
      }),
    );
  };
  const save = () =>
    act('Could not save the stations', t('stations.saved'), async () => {
      const drafts: StationDraft[] = stations.map((st) => {
        const loc = locations.get(st.key);
        return {
          id: st.id,
          title: st.title,
          text: st.text,
          latitude: loc?.ok ? loc.latitude : null,
          longitude: loc?.ok ? loc.longitude : null,
        };
      });
      const saved = await write(drafts);
      setStations(fromServer(saved));
      setDirty(false);
    });

  return (
    <>
      <h3 style={{ margin: '1.25rem 0 0.5rem' }}>
        {t('stations.title', { count: stations.length })}
        {dirty ? (
          <span className="wf-muted" style={{ fontWeight: 400, fontSize: '0.85rem' }}>
            {' '}
            · {t('stations.unsaved')}
          </span>
        ) : null}
      </h3>
      <div className="wf-visually-hidden" aria-live="polite">
        {announce}
      </div>
      {stations.length ? null : <p className="wf-muted">{t('stations.none')}</p>}
      <ol className="admin-list" aria-label={t('stations.list')} ref={listRef}>
        {stations.map((st, i) => (
          <StationRow
            key={st.key}
            fid={fid}
            st={st}
            i={i}
            count={stations.length}
            parsed={locations.get(st.key)}
            onEdit={(patch) => editStation(st.key, patch)}
            onOpen={() =>
              setStations((l) => l.map((x) => (x.key === st.key ? { ...x, locationOpen: true } : x)))
            }
            onUseSight={() => fillFromSight(st.key)}
            onMove={(delta) => move(st, delta)}
            onRemove={() => editStations((l) => l.filter((x) => x.key !== st.key))}
          />
        ))}
      </ol>
      <div className="admin-toolbar" style={{ marginTop: '0.6rem' }}>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() =>
            editStations((l) => [...l, keyed({ title: '', text: '', latitude: null, longitude: null })])
          }
        >
          {t('stations.add')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy || !dirty || untitled || badLocation}
          title={untitled ? t('stations.needTitle') : badLocation ? t('stations.fixLocations') : undefined}
          onClick={() => void save()}
        >
          {t('stations.save')}
        </button>
      </div>
    </>
  );
}
