import { ApiError, getFeaturedSights, getNearbySights } from '@wayfarer/api-client';
import type { Sight } from '@wayfarer/contracts';

// Vienna has many seeded sights with Commons photos; used while there is no featured list.
const FALLBACK = { lat: 48.2082, lon: 16.3738, km: 8 };

/** GET /sights/featured when the API has it, else nearby sights of a well-known city; photos first. */
export async function fetchFeaturedSights(limit = 6): Promise<Sight[]> {
  let items: Sight[] = [];
  try {
    items = (await getFeaturedSights(limit * 2)).items ?? [];
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
  }
  if (items.length === 0) items = (await getNearbySights(FALLBACK)).items ?? [];
  const withImg = items.filter((s) => sightImage(s));
  return [...withImg, ...items.filter((s) => !sightImage(s))].slice(0, limit);
}

export function sightImage(s: Pick<Sight, 'img_preview' | 'cover_image_url'>): string | null {
  return s.img_preview || s.cover_image_url || null;
}
