import { apiUrl } from '../../../lib/api-url';
import type { SightDetail } from '../../../lib/sight-cache';
import type { GalleryImage } from '../components/gallery';

/** The gallery: the cover, then the approved traveller photos (the caller's pending ones are not shown here). */
export function galleryImages(sight: SightDetail | null): GalleryImage[] {
  if (!sight) return [];
  const list: GalleryImage[] = [];
  const cover = apiUrl(sight.cover_image_url || sight.img_preview);
  if (cover) list.push({ url: cover, alt: sight.name });
  for (const img of sight.images)
    if (img.url && (img.status === undefined || img.status === 'approved') && apiUrl(img.url) !== cover)
      list.push({ url: apiUrl(img.url)!, alt: `${sight.name}, traveller photo` });
  return list;
}

export function categoryLabel(slugs: string[] | undefined, hint: string | null | undefined): string | null {
  const c = slugs?.[0] ?? hint;
  return c ? c.charAt(0).toUpperCase() + c.slice(1) : null;
}
