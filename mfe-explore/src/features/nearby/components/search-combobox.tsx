import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import type { SearchResult } from '@wayfarer/contracts';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import type { SuggestControl, SuggestState } from './search-suggest';

// The list, its data and its keys load on the box's first use: the page's first load carries only the box.
const SearchSuggest = lazy(() => import(/* webpackChunkName: "search-suggest" */ './search-suggest'));

interface Props {
  value: string;
  onChange: (q: string) => void;
  /** The form's submit with no option chosen: today's place search (the best place for the text). */
  onSubmit: (e: FormEvent) => void;
  searching: boolean;
  /** The map's centre: results are ranked near it and show their distance from it. */
  center: { lat: number; lon: number };
  onPick: (r: SearchResult) => void;
}

const LISTBOX_ID = 'explore-q-listbox';

/**
 * The explore search box as a WAI-ARIA combobox (list autocomplete): sights and places listed as one types; ArrowDown
 * and ArrowUp move through them (aria-activedescendant, focus stays in the box), Enter picks the active one (or,
 * with none active, submits the box as a place search), Escape closes the list. The list is search-suggest.tsx.
 */
export function SearchCombobox({ value, onChange, onSubmit, searching, center, onPick }: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  const [used, setUsed] = useState(false);
  const [ui, setUi] = useState<SuggestState>({ expanded: false, activeId: undefined });
  const control = useRef<SuggestControl | null>(null);
  const onState = useCallback((s: SuggestState) => setUi(s), []);

  return (
    <form
      className="explore-search"
      role="search"
      onSubmit={(e) => {
        control.current?.blur();
        onSubmit(e);
      }}
    >
      <label className="explore-sr-only" htmlFor="explore-q">
        {t('nearby.searchLabel')}
      </label>
      <div className="explore-combo">
        <input
          id="explore-q"
          className="wf-input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={ui.expanded}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={ui.activeId}
          placeholder={t('nearby.searchPlaceholder')}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setUsed(true);
            control.current?.typed();
          }}
          onKeyDown={(e) => control.current?.key(e)}
          onBlur={() => control.current?.blur()}
          autoComplete="off"
          spellCheck={false}
        />
        {used && (
          <Suspense fallback={null}>
            <SearchSuggest
              value={value}
              center={center}
              onPick={onPick}
              control={control}
              onState={onState}
              listboxId={LISTBOX_ID}
            />
          </Suspense>
        )}
      </div>
      <button className="wf-btn" type="submit" disabled={searching}>
        {searching ? t('nearby.searching') : t('nearby.search')}
      </button>
    </form>
  );
}
