import { jest } from '@jest/globals';
import { renderHook, waitFor } from '@testing-library/react';
import { withQueryClient } from '@wayfarer/session/testing';
import { INGEST_DELAY_MS, LOAD_ERROR } from '../../api/nearby-queries';
import { useNearbyPlaces } from '../use-nearby-places';

const sight = (id: string, name: string, lat = 48.8584) => ({
  id,
  name,
  latitude: lat,
  longitude: 2.2945,
  distance_m: 10,
  category_slugs: ['landmark'],
  city: 'Paris',
  country: 'France',
  country_code: 'FR',
});
const VIEW = { lat: 48.8584, lon: 2.2945, km: 5, type: 'all' as const };

let calls: { method: string; path: string; at: number }[];
let nearby: () => { status: number; body: unknown };
beforeEach(() => {
  calls = [];
  let reads = 0;
  nearby = () =>
    ++reads === 1
      ? { status: 200, body: { items: [sight('a', 'Eiffel Tower')] } }
      : { status: 200, body: { items: [sight('a', 'Eiffel Tower'), sight('b', 'Trocadero', 48.862)] } };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, at: Date.now() });
    const r = path.endsWith('/sights/nearby') ? nearby() : { status: 200, body: { ok: true } };
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});

describe('useNearbyPlaces (spec point 4: two-phase load)', () => {
  it('shows the first answer, then ingests in the background, waits 300 ms, reads again and adds only new sights', async () => {
    const { result } = renderHook(() => useNearbyPlaces(VIEW), { wrapper: withQueryClient().wrapper });
    await waitFor(() => expect(result.current.items.map((p) => p.id)).toEqual(['a']));
    expect(result.current).toMatchObject({ loading: false, error: null, initialized: true });
    await waitFor(() => expect(result.current.items.map((p) => p.id)).toEqual(['a', 'b']), { timeout: 3000 });
    await waitFor(() => expect(result.current.updating).toBe(false));
    const seq = calls.map((c) => `${c.method} ${c.path}`);
    expect(seq).toEqual(['GET /sights/nearby', 'POST /sights/ingest', 'GET /sights/nearby']);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(INGEST_DELAY_MS - 5);
  });

  it("says 'Failed to load sights' when the API fails and the map-data fallback has nothing; nothing is ingested", async () => {
    nearby = () => ({ status: 500, body: { error: 'down' } });
    const { result } = renderHook(() => useNearbyPlaces(VIEW), { wrapper: withQueryClient().wrapper });
    await waitFor(() => expect(result.current.error).toBe(LOAD_ERROR));
    expect(result.current.items).toEqual([]);
    expect(calls.some((c) => c.path.endsWith('/sights/ingest'))).toBe(false);
  });

  it('enriches a place missing its city in the background, and the list shows it', async () => {
    nearby = () => ({
      status: 200,
      body: { items: [{ ...sight('c', 'Pont Neuf'), city: null, country: null, country_code: null }] },
    });
    const answer = [{ sight_id: 'c', ok: true, city: 'Paris', country: 'France', country_code: 'FR' }];
    const base = globalThis.fetch;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input)).pathname.endsWith('/sights/enrich/batch')
        ? (calls.push({ method: 'POST', path: '/sights/enrich/batch', at: Date.now() }),
          new Response(JSON.stringify(answer), { status: 200 }))
        : base(input, init),
    ) as typeof fetch;
    const { result } = renderHook(() => useNearbyPlaces(VIEW), { wrapper: withQueryClient().wrapper });
    await waitFor(() =>
      expect(result.current.items[0]).toMatchObject({ id: 'c', city: 'Paris', country: 'France' }),
    );
    expect(calls.filter((c) => c.path.endsWith('/sights/enrich/batch'))).toHaveLength(1);
  });
});
