import { ArrowDownIcon, ArrowUpIcon } from '@wayfarer/ui/icons';
import type { parseLocation } from '../utils/station-location';
import { StationLocation } from './station-location';
import type { KeyedStation } from './station-rows';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

interface Props {
  /** The editor's id prefix; the row's fields add the station's key. */
  fid: string;
  st: KeyedStation;
  /** The station's index in the list, and the list's length. */
  i: number;
  count: number;
  parsed: ReturnType<typeof parseLocation> | undefined;
  onEdit: (patch: Partial<KeyedStation>) => void;
  onOpen: () => void;
  onUseSight: () => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** One station in the editor: title, text, location, and the move / remove buttons. */
export function StationRow({
  fid,
  st,
  i,
  count,
  parsed,
  onEdit,
  onOpen,
  onUseSight,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const name = st.title || t('stations.stationN', { n: i + 1 });
  return (
    <li className="wf-card admin-form" style={{ marginBottom: 0 }} data-testid="station-row">
      <div>
        <label className="wf-label" htmlFor={`${fid}-st-${st.key}`}>
          {t('stations.titleLabel', { n: i + 1 })}
        </label>
        <input
          id={`${fid}-st-${st.key}`}
          className="wf-input"
          value={st.title}
          maxLength={200}
          onChange={(e) => onEdit({ title: e.target.value })}
        />
      </div>
      <div>
        <label className="wf-label" htmlFor={`${fid}-sx-${st.key}`}>
          {t('stations.textLabel', { n: i + 1 })}
        </label>
        <textarea
          id={`${fid}-sx-${st.key}`}
          className="wf-textarea wf-input"
          rows={3}
          maxLength={10000}
          value={st.text}
          onChange={(e) => onEdit({ text: e.target.value })}
        />
      </div>
      <StationLocation
        fid={`${fid}-${st.key}`}
        n={i + 1}
        name={name}
        station={st}
        parsed={parsed}
        onOpen={onOpen}
        onChange={onEdit}
        onUseSight={onUseSight}
      />
      <div className="admin-row__actions">
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          data-move={`${st.key}|up`}
          disabled={i === 0}
          onClick={() => onMove(-1)}
          aria-label={t('common.moveUp', { name })}
        >
          <ArrowUpIcon aria-hidden="true" className="wf-icon" /> {t('common.up')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          data-move={`${st.key}|down`}
          disabled={i === count - 1}
          onClick={() => onMove(1)}
          aria-label={t('common.moveDown', { name })}
        >
          <ArrowDownIcon aria-hidden="true" className="wf-icon" /> {t('common.down')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--danger"
          onClick={onRemove}
          aria-label={t('stations.removeNamed', { name })}
        >
          {t('stations.remove')}
        </button>
      </div>
    </li>
  );
}
