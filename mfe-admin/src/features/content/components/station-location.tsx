import { parseLocation, splitPair } from '../utils/station-location';
import type { KeyedStation } from './station-rows';

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
  const sightButton = (
    <button
      type="button"
      className="wf-btn wf-btn--sm wf-btn--ghost"
      onClick={onUseSight}
      aria-label={`Use the sight location for ${name}`}
    >
      Use sight location
    </button>
  );
  if (!station.locationOpen) {
    return (
      <div className="admin-toolbar" style={{ alignItems: 'center' }}>
        <span className="wf-muted" style={{ fontSize: '0.85rem' }}>
          No location: follow me will not start this station.
        </span>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={onOpen}
          aria-label={`Set a location for ${name}`}
        >
          Set location
        </button>
        {sightButton}
      </div>
    );
  }
  const error = parsed && !parsed.ok ? parsed.error : null;
  const field = (which: 'latitude' | 'longitude', label: string, example: string) => (
    <div>
      <label className="wf-label" htmlFor={`${fid}-${which}`}>
        Station {n} {label}
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
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() => onChange({ latitude: '', longitude: '', locationOpen: false })}
          aria-label={`Clear the location of ${name}`}
        >
          Clear location
        </button>
      </div>
    </fieldset>
  );
}
