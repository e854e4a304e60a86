import L from 'leaflet';
import { iconMarkup } from '@wayfarer/ui/icons';
import { CATEGORY_ICON, type MarkerCategory } from '../../lib/category-meta';

export { CATEGORY_ICON, type MarkerCategory } from '../../lib/category-meta';

const cache = new Map<string, L.DivIcon>();

/** Class of the link inside a sight's pin (its href and name are set per marker, the icon is shared). */
export const PIN_LINK_CLASS = 'explore-pin__link';

/**
 * One shared DivIcon per category and state: markers share icon options instead of each building its own. A
 * `link` pin holds an <a> (a real link to the sight's page) around its icon.
 */
export function categoryIcon(cat: MarkerCategory, highlighted = false, link = false): L.DivIcon {
  const key = `${cat}:${highlighted ? 1 : 0}:${link ? 1 : 0}`;
  let icon = cache.get(key);
  if (!icon) {
    const glyph = iconMarkup(CATEGORY_ICON[cat].node, 'wf-icon explore-pin__icon');
    icon = L.divIcon({
      className: `explore-pin explore-pin--${cat}${highlighted ? ' is-highlighted' : ''}`,
      html: link ? `<a class="${PIN_LINK_CLASS}">${glyph}</a>` : glyph,
      iconSize: highlighted ? [36, 36] : [28, 28],
      iconAnchor: highlighted ? [18, 18] : [14, 14],
    });
    cache.set(key, icon);
  }
  return icon;
}

export function clusterSize(count: number): 'small' | 'medium' | 'large' {
  return count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
}

const clusterCache = new Map<string, L.DivIcon>();

/**
 * Cluster bubble with its count's label (countLabel: '1.2K', '1,2 k', ...); cached by label, so repeated counts share
 * one icon (counts under a thousand show exactly, so one label is never two sizes).
 */
export function clusterIcon(count: number, label: string): L.DivIcon {
  let icon = clusterCache.get(label);
  if (!icon) {
    if (clusterCache.size > 500) clusterCache.clear();
    const size = clusterSize(count);
    const px = size === 'small' ? 36 : size === 'medium' ? 42 : 50;
    icon = L.divIcon({
      className: `marker-cluster marker-cluster-${size} explore-cluster`,
      html: `<span aria-hidden="true">${label}</span>`,
      iconSize: [px, px],
    });
    clusterCache.set(label, icon);
  }
  return icon;
}
