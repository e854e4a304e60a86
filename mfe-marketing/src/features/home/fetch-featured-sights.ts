import { ApiError, qs, request } from '@wayfarer/api-client';

export interface FeaturedSight {
  id: string;
  slug?: string;
  name: string;
  description?: string | null;
  img_preview?: string | null;
  cover_image_url?: string | null;
  city?: string | null;
  country?: string | null;
  category_slugs?: string[];
}

// Vienna has many seeded sights with Commons photos; used while there is no featured list.
const FALLBACK = { lat: 48.2082, lon: 16.3738, km: 8 };

/** GET /sights/featured when the API has it, else nearby sights of a well-known city; photos first. */
export async function fetchFeaturedSights(limit = 6): Promise<FeaturedSight[]> {
  let items: FeaturedSight[] = [];
  try {
    const res = await request<{ items?: FeaturedSight[] }>('/sights/featured?limit=' + String(limit * 2));
    items = res.items ?? [];
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
  }
  if (items.length === 0) {
    const res = await request<{ items?: FeaturedSight[] }>(`/sights/nearby?${qs(FALLBACK)}`);
    items = res.items ?? [];
  }
  const withImg = items.filter((s) => sightImage(s));
  return [...withImg, ...items.filter((s) => !sightImage(s))].slice(0, limit);
}

export function sightImage(s: FeaturedSight): string | null {
  return s.img_preview || s.cover_image_url || null;
}
