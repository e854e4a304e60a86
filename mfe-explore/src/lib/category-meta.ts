import {
  CastleIcon,
  castleIconNode,
  LandmarkIcon,
  landmarkIconNode,
  StarIcon,
  starIconNode,
  TreesIcon,
  treesIconNode,
  type IconNode,
  type LucideIcon,
} from '@wayfarer/ui/icons';
import type { CategoryFilter } from '../features/nearby';

// Kept apart from category-icons (Leaflet icons): the list and the toolbar use these without loading the map's code.

export type MarkerCategory = Exclude<CategoryFilter, 'all'>;

/** Each category's icon (SVG, bundled: no external image URLs, so markers render offline), as a component and as shapes. */
export const CATEGORY_ICON: Record<MarkerCategory, { Icon: LucideIcon; node: IconNode }> = {
  landmark: { Icon: StarIcon, node: starIconNode },
  museum: { Icon: LandmarkIcon, node: landmarkIconNode },
  scenery: { Icon: TreesIcon, node: treesIconNode },
  historic: { Icon: CastleIcon, node: castleIconNode },
};
