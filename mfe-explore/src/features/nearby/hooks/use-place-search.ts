import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@wayfarer/query';
import { geocodePlace } from '../api/places-api';
import { normalizeQuery } from '../utils/places-logic';

/** The place search: the query typed (it follows the URL's q), its geocoding, and 'No results' (`message`: a catalog key). */
export function usePlaceSearch(q: string, onFound: (hit: { lat: number; lon: number }, q: string) => void) {
  const [draft, setDraft] = useState(q);
  const [message, setMessage] = useState<string | null>(null);
  const search = useMutation({ mutationFn: geocodePlace });

  useEffect(() => setDraft(q), [q]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const norm = normalizeQuery(draft);
    setDraft(norm);
    setMessage(null);
    if (!norm) return;
    try {
      const hit = await search.mutateAsync(norm);
      if (!hit) setMessage('nearby.noResults');
      else onFound(hit, norm);
    } catch {
      setMessage('nearby.noResults');
    }
  };

  return { draft, setDraft, submit, searching: search.isPending, message };
}
