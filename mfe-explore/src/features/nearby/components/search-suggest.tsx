import { useEffect, useState, type KeyboardEvent, type MutableRefObject } from 'react';
import type { SearchResult } from '@wayfarer/contracts';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { useSightSearch } from '../hooks/use-sight-search';

/** What the search box hands on to the list: its keys, its blur, a keystroke that changed the text. */
export interface SuggestControl {
  key(e: KeyboardEvent<HTMLInputElement>): void;
  blur(): void;
  typed(): void;
}

export interface SuggestState {
  expanded: boolean;
  activeId: string | undefined;
}

interface Props {
  value: string;
  center: { lat: number; lon: number };
  onPick: (r: SearchResult) => void;
  control: MutableRefObject<SuggestControl | null>;
  onState: (s: SuggestState) => void;
  listboxId: string;
}

const optionId = (i: number) => `explore-q-option-${i}`;

/**
 * The search box's list of sights and places (loaded on the box's first use, outside the page's first load): it
 * asks as one types, keeps the active option (ArrowDown/ArrowUp wrap, Enter picks, Escape closes) and tells the box
 * what to say in aria-expanded and aria-activedescendant; a polite live region says how many were found.
 */
export default function SearchSuggest({ value, center, onPick, control, onState, listboxId }: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  const { q, items, settled } = useSightSearch(value, center);
  // Open from the start: the list loads on the box's first keystroke or focus.
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  useEffect(() => setActive(-1), [items]);
  const expanded = open && items.length > 0;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  const pick = (r: SearchResult) => {
    setOpen(false);
    setActive(-1);
    onPick(r);
  };
  control.current = {
    key(e) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const by = e.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        const n = items.length;
        if (n) setActive((i) => (i < 0 && by < 0 ? n - 1 : (i + by + n) % n));
      } else if (e.key === 'Enter' && expanded && active >= 0) {
        e.preventDefault();
        pick(items[active]!);
      } else if (e.key === 'Escape' && expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    },
    blur: () => setOpen(false),
    typed: () => setOpen(true),
  };

  return (
    <>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t('nearby.suggestLabel')}
        className="explore-combo__list"
        hidden={!expanded}
      >
        {expanded &&
          items.map((r, i) => {
            const where = [r.kind === 'sight' ? r.city : null, r.country].filter(Boolean).join(', ');
            const kind =
              r.kind === 'sight' && r.category ? t(`categoryOne.${r.category}`) : t('nearby.place');
            return (
              // Keys reach the options through the box (aria-activedescendant): an option never takes focus.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={`${r.kind}:${r.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`explore-combo__option${i === active ? ' is-active' : ''}`}
                data-testid="search-option"
                // Keeps the focus in the box (blur would close the list before the click lands).
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(r)}
              >
                <span className="explore-combo__name">{r.name}</span>
                <span className="explore-combo__meta">
                  {kind}
                  {where && ` · ${where}`}
                  {r.distance_km != null && ` · ${format.distance(r.distance_km * 1000)}`}
                </span>
              </li>
            );
          })}
      </ul>
      <p className="explore-sr-only" role="status" aria-live="polite" data-testid="search-count">
        {open && settled ? t('nearby.suggestCount', { count: items.length, q }) : ''}
      </p>
    </>
  );
}
