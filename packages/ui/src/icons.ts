/**
 * The product's icons: SVG from one maintained set, lucide (lucide-react, pinned), never emoji, which render as empty
 * boxes where no emoji font is installed. One module per icon, so a bundle holds only the icons it imports.
 *
 * An icon that only decorates a labelled control gets aria-hidden="true"; one that carries meaning on its own gets
 * role="img" and an aria-label. Size follows the text (class wf-icon: 1em).
 */
import * as castleModule from 'lucide-react/icons/castle';
import * as landmarkModule from 'lucide-react/icons/landmark';
import * as starModule from 'lucide-react/icons/star';
import * as treesModule from 'lucide-react/icons/trees';

export type { LucideIcon, LucideProps } from 'lucide-react';

export { default as ArrowDownIcon } from 'lucide-react/icons/arrow-down';
export { default as ArrowLeftIcon } from 'lucide-react/icons/arrow-left';
export { default as ArrowRightIcon } from 'lucide-react/icons/arrow-right';
export { default as ArrowUpIcon } from 'lucide-react/icons/arrow-up';
export { default as CastleIcon } from 'lucide-react/icons/castle';
export { default as CheckIcon } from 'lucide-react/icons/check';
export { default as ChevronLeftIcon } from 'lucide-react/icons/chevron-left';
export { default as ChevronRightIcon } from 'lucide-react/icons/chevron-right';
export { default as CoinsIcon } from 'lucide-react/icons/coins';
export { default as CloudOffIcon } from 'lucide-react/icons/cloud-off';
export { default as CompassIcon } from 'lucide-react/icons/compass';
export { default as DownloadIcon } from 'lucide-react/icons/download';
export { default as GhostIcon } from 'lucide-react/icons/ghost';
export { default as HeadphonesIcon } from 'lucide-react/icons/headphones';
export { default as HeartIcon } from 'lucide-react/icons/heart';
export { default as LandmarkIcon } from 'lucide-react/icons/landmark';
export { default as MapIcon } from 'lucide-react/icons/map';
export { default as MedalIcon } from 'lucide-react/icons/medal';
export { default as MenuIcon } from 'lucide-react/icons/menu';
export { default as MessageCircleIcon } from 'lucide-react/icons/message-circle';
export { default as MinusIcon } from 'lucide-react/icons/minus';
export { default as PaletteIcon } from 'lucide-react/icons/palette';
export { default as PauseIcon } from 'lucide-react/icons/pause';
export { default as PlayIcon } from 'lucide-react/icons/play';
export { default as ShareIcon } from 'lucide-react/icons/share-2';
export { default as ShoppingBagIcon } from 'lucide-react/icons/shopping-bag';
export { default as SkipBackIcon } from 'lucide-react/icons/skip-back';
export { default as SkipForwardIcon } from 'lucide-react/icons/skip-forward';
export { default as SnowflakeIcon } from 'lucide-react/icons/snowflake';
export { default as StarIcon } from 'lucide-react/icons/star';
export { default as Trash2Icon } from 'lucide-react/icons/trash-2';
export { default as TreesIcon } from 'lucide-react/icons/trees';
export { default as TrendingDownIcon } from 'lucide-react/icons/trending-down';
export { default as TrendingUpIcon } from 'lucide-react/icons/trending-up';
export { default as WifiOffIcon } from 'lucide-react/icons/wifi-off';
export { default as XIcon } from 'lucide-react/icons/x';

/** An icon's shapes ([element, attributes] pairs), as each lucide icon module exports them. */
export type IconNode = ReadonlyArray<readonly [string, Record<string, string | number>]>;

// Each icon module also exports its shapes (`__iconData`, left out of its type declarations).
const nodeOf = (m: unknown): IconNode => (m as { __iconData: { node: IconNode } }).__iconData.node;
export const castleIconNode = nodeOf(castleModule);
export const landmarkIconNode = nodeOf(landmarkModule);
export const starIconNode = nodeOf(starModule);
export const treesIconNode = nodeOf(treesModule);

const attr = (v: string | number) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The SVG markup of an icon, decorative (aria-hidden), for HTML built as a string (Leaflet marker icons), where a
 * React component cannot go.
 */
export function iconMarkup(node: IconNode, className = 'wf-icon'): string {
  const shapes = node
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .filter(([k]) => k !== 'key')
          .map(([k, v]) => `${k}="${attr(v)}"`)
          .join(' ')}/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${attr(className)}" aria-hidden="true" focusable="false">${shapes}</svg>`;
}
