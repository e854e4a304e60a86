/** Sight of spec point 3 (detail shape; extra server fields are kept). */
export interface Sight {
  id: string;
  slug?: string;
  name: string;
  description?: string | null;
  cover_image_url?: string | null;
  img_preview?: string | null;
  city?: string | null;
  country?: string | null;
  country_code?: string | null;
  latitude: number;
  longitude: number;
  rating_avg?: number | null;
  ratings_count?: number | null;
  category_slugs?: string[];
  category_hint?: string | null;
  images?: SightImage[];
}

export interface SightImage {
  id: string;
  url?: string | null;
  path?: string | null;
  status?: 'pending' | 'approved' | 'rejected' | string;
  user_id?: string | null;
}

/** Station: spec leaves fields open; these are the ones the page uses when present. */
export interface Station {
  id: string;
  title?: string;
  name?: string;
  text?: string;
  latitude?: number;
  longitude?: number;
  radius_m?: number;
  audio_url?: string | null;
  position?: number;
}

/** Sight detail state of spec point 3. */
export interface DetailState {
  loading: boolean;
  updating: boolean;
  error: string | null;
  notFound: boolean;
  lastId: string | null;
  sight: Sight | null;
  stations: Station[];
}
