import type { FormEvent } from 'react';
import { CATEGORY_LABEL } from '../../../lib/category-meta';
import { KM_MAX, KM_MIN, type CategoryFilter } from '../utils/places-logic';

const CATEGORIES: CategoryFilter[] = ['all', 'landmark', 'museum', 'scenery', 'historic'];

interface Props {
  query: string;
  onQuery: (q: string) => void;
  onSearch: (e: FormEvent) => void;
  searching: boolean;
  onLocate: () => void;
  locating: boolean;
  km: number;
  onKm: (v: string) => void;
  type: CategoryFilter;
  onType: (t: CategoryFilter) => void;
}

/** Title, place search, 'Use my location', the radius and the category chips. */
export function ExploreToolbar({
  query,
  onQuery,
  onSearch,
  searching,
  onLocate,
  locating,
  km,
  onKm,
  type,
  onType,
}: Props) {
  return (
    <header className="explore-toolbar">
      <h1 id="explore-title" className="explore-toolbar__title">
        Explore
      </h1>
      <form className="explore-search" role="search" onSubmit={onSearch}>
        <label className="explore-sr-only" htmlFor="explore-q">
          Search a place
        </label>
        <input
          id="explore-q"
          className="wf-input"
          type="search"
          placeholder="Search a city or place"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          autoComplete="off"
        />
        <button className="wf-btn" type="submit" disabled={searching}>
          {searching ? 'Searching…' : 'Search'}
        </button>
      </form>
      <button type="button" className="wf-btn wf-btn--ghost" onClick={onLocate} disabled={locating}>
        {locating ? 'Locating…' : 'Use my location'}
      </button>
      <div className="explore-radius">
        <label className="wf-label" htmlFor="explore-km">
          Radius{' '}
          <output htmlFor="explore-km" data-testid="radius-value">
            {km} km
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
      <div className="explore-categories" role="radiogroup" aria-label="Category">
        {CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={type === c}
            className={`wf-btn wf-btn--ghost explore-chip${type === c ? ' is-active' : ''}`}
            onClick={() => onType(c)}
          >
            {CATEGORY_LABEL[c]}
          </button>
        ))}
      </div>
    </header>
  );
}
