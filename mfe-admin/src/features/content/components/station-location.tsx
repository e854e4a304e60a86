import { parseLocation, splitPair } from '../utils/station-location';
import type { KeyedStation } from './station-rows';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

/**
 * A station's location: follow me on the explore page starts the station's narration when a traveller comes near
 * this point, so a station without one is never started by walking. Collapsed until the station has a location.
 */
export function StationLocation({
  fid,
  n,
  name,
  station,
  parsed,
  onOpen,
  onChange,
  onUseSight,
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
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const sightButton = (
    <button
      type="button"
      className="wf-btn wf-btn--sm wf-btn--ghost"
      onClick={onUseSight}
      aria-label={t('stations.useSightFor', { name })}
    >
      {t('stations.useSight')}
    </button>
  );
  if (!station.locationOpen) {
    return (
      <div className="admin-toolbar" style={{ alignItems: 'center' }}>
        <span className="wf-muted" style={{ fontSize: '0.85rem' }}>
          {t('stations.noLocation')}
        </span>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={onOpen}
          aria-label={t('stations.setLocationFor', { name })}
        >
          {t('stations.setLocation')}
        </button>
        {sightButton}
      </div>
    );
  }
  const error = parsed && !parsed.ok ? parsed.error : null;
  const field = (which: 'latitude' | 'longitude', example: string) => (
    <div>
      <label className="wf-label" htmlFor={`${fid}-${which}`}>
        {t(`stations.${which}`, { n })}
      </label>
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
      <legend className="wf-label">{t('stations.location', { n })}</legend>
      <div className="admin-form__row">
        {field('latitude', '41.8986')}
        {field('longitude', '12.4769')}
      </div>
      {error ? (
        <p id={`${fid}-loc-error`} className="wf-alert wf-alert--error" style={{ margin: '0.4rem 0 0' }}>
          {errorText(error)}
        </p>
      ) : null}
      <div className="admin-toolbar" style={{ marginTop: '0.4rem' }}>
        {sightButton}
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() => onChange({ latitude: '', longitude: '', locationOpen: false })}
          aria-label={t('stations.clearLocationOf', { name })}
        >
          {t('stations.clearLocation')}
        </button>
      </div>
    </fieldset>
  );
}
