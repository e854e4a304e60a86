import type { FormEvent } from 'react';
import type { SearchResult } from '@wayfarer/contracts';
import { KM_MAX, KM_MIN, type CategoryFilter } from '../utils/places-logic';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { SearchCombobox } from './search-combobox';

const CATEGORIES: CategoryFilter[] = ['all', 'landmark', 'museum', 'scenery', 'historic'];

interface Props {
  query: string;
  onQuery: (q: string) => void;
  onSearch: (e: FormEvent) => void;
  searching: boolean;
  /** The map's centre (search results are ranked near it). */
  center: { lat: number; lon: number };
  /** A search result chosen: a sight opens, a place moves the map. */
  onPick: (r: SearchResult) => void;
  onLocate: () => void;
  locating: boolean;
  km: number;
  onKm: (v: string) => void;
  type: CategoryFilter;
  onType: (t: CategoryFilter) => void;
}

/** Title, the search box (sights and places), 'Use my location', the radius and the category chips. */
export function ExploreToolbar({
  query,
  onQuery,
  onSearch,
  searching,
  center,
  onPick,
  onLocate,
  locating,
  km,
  onKm,
  type,
  onType,
}: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <header className="explore-toolbar">
      <h1 id="explore-title" className="explore-toolbar__title">
        {t('nearby.title')}
      </h1>
      <SearchCombobox
        value={query}
        onChange={onQuery}
        onSubmit={onSearch}
        searching={searching}
        center={center}
        onPick={onPick}
      />
      <button type="button" className="wf-btn wf-btn--ghost" onClick={onLocate} disabled={locating}>
        {locating ? t('nearby.locating') : t('nearby.locate')}
      </button>
      <div className="explore-radius">
        <label className="wf-label" htmlFor="explore-km">
          {t('nearby.radius')}{' '}
          <output htmlFor="explore-km" data-testid="radius-value">
            {t('nearby.km', { km })}
          </output>
        </label>
        <input
          id="explore-km"
          type="range"
          min={KM_MIN}
          max={KM_MAX}
          step={1}
          value={km}
          onChange={(e) => onKm(e.target.value)}
        />
      </div>
      <div className="explore-categories" role="radiogroup" aria-label={t('nearby.categoryLabel')}>
        {CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={type === c}
            className={`wf-btn wf-btn--ghost explore-chip${type === c ? ' is-active' : ''}`}
            onClick={() => onType(c)}
          >
            {t(`category.${c}`)}
          </button>
        ))}
      </div>
    </header>
  );
}
