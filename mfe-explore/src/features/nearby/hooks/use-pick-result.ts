import { useCallback } from 'react';
import { useNavigate } from '@wayfarer/router';
import type { SearchResult } from '@wayfarer/contracts';
import type { ExploreView } from '../utils/view-state';

/**
 * What choosing a row of the search box does: a sight opens its page (coming back to this list), a place moves the
 * map there, as the place search always did.
 */
export function usePickResult(go: (v: Partial<ExploreView>) => void, listSearch: string) {
  const navigate = useNavigate();
  return useCallback(
    (r: SearchResult) => {
      if (r.kind === 'sight')
        navigate(`/explore/${encodeURIComponent(r.id)}${listSearch}`, { state: { listSearch } });
      else go({ lat: r.lat, lon: r.lon, q: r.name });
    },
    [navigate, go, listSearch],
  );
}
