import type { TFunction } from '@wayfarer/i18n';
import { tExplore } from '../../../i18n';
import { apiUrl } from '../../../lib/api-url';
import type { SightDetail } from '../../../lib/sight-cache';
import type { GalleryImage } from '../components/gallery';

/** The gallery: the cover, then the approved traveller photos (the caller's pending ones are not shown here). */
export function galleryImages(sight: SightDetail | null, t: TFunction = tExplore): GalleryImage[] {
  if (!sight) return [];
  const list: GalleryImage[] = [];
  const cover = apiUrl(sight.cover_image_url || sight.img_preview);
  if (cover) list.push({ url: cover, alt: sight.name });
  for (const img of sight.images)
    if (img.url && (img.status === undefined || img.status === 'approved') && apiUrl(img.url) !== cover)
      list.push({ url: apiUrl(img.url)!, alt: t('detail.travellerPhoto', { name: sight.name }) });
  return list;
}

/** The sight's category as a catalog key (`categoryOne.<key>`), with the slug capitalised for one the catalog lacks. */
export function categoryKey(
  slugs: string[] | undefined,
  hint: string | null | undefined,
): { key: string; fallback: string } | null {
  const c = slugs?.[0] ?? hint;
  return c ? { key: c, fallback: c.charAt(0).toUpperCase() + c.slice(1) } : null;
}
