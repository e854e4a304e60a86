import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from '@wayfarer/router';
import { useAtomValue } from 'jotai';
import { useCurrentUser } from '@wayfarer/session';
import { EmptyState, Skeleton, usePageMeta } from '@wayfarer/ui';
import { detailActions, detailAtom, detailStore } from './detail-store';
import { Gallery, type GalleryImage } from './gallery';
import { MiniMap } from './mini-map';
import { GuidePlayer, NO_PLAY_REQUEST, type PlayRequest } from '../guide/guide-player';
import { GenerateGuide } from '../guide/generate-guide';
import { stationTitle } from '../guide/transcript';
import { FollowMe } from '../follow-me/follow-me';
import { distanceM, formatDistance } from '../follow-me/geo';
import { CommentsSection } from '../comments/comments-section';
import { SightImages } from '../images/sight-images';
import { Stars } from '../comments/stars';
import { SightFactsPanel } from '../facts/sight-facts';
import type { Station } from './types';
import { apiUrl } from './absolute-url';
import { enrichedSightsAtom, placesStore } from '../nearby/state/places-atoms';
import './sight-detail.css';

const actions = detailActions();
const LIST_KEYS = ['lat', 'lon', 'km', 'type', 'q'] as const;

/** The list's view (lat, lon, km, type, q) from link state or this page's query, for the back link. */
function useBackToList(): string {
  const loc = useLocation();
  return useMemo(() => {
    const fromState = (loc.state as { listSearch?: string } | null)?.listSearch;
    if (typeof fromState === 'string') return `/explore${fromState.startsWith('?') || !fromState ? fromState : `?${fromState}`}`;
    const here = new URLSearchParams(loc.search);
    const out = new URLSearchParams();
    for (const k of LIST_KEYS) {
      const v = here.get(k);
      if (v) out.set(k, v);
    }
    const q = out.toString();
    return q ? `/explore?${q}` : '/explore';
  }, [loc.state, loc.search]);
}

function categoryLabel(slugs: string[] | undefined, hint: string | null | undefined): string | null {
  const c = slugs?.[0] ?? hint;
  return c ? c.charAt(0).toUpperCase() + c.slice(1) : null;
}

export function SightDetailPage() {
  const { placeId = '' } = useParams();
  const state = useAtomValue(detailAtom, { store: detailStore });
  const me = useCurrentUser();
  const backTo = useBackToList();
  const [current, setCurrent] = useState(0);
  const [playRequest, setPlayRequest] = useState<PlayRequest>(NO_PLAY_REQUEST);
  const [userPos, setUserPos] = useState<{ lat: number; lon: number } | null>(null);
  const [shareMsg, setShareMsg] = useState<string | null>(null);
  const { sight, stations } = state;
  const enriched = useAtomValue(enrichedSightsAtom, { store: placesStore });
  const enrichment = sight ? enriched[sight.id] : undefined;

  // The list's background enrichment may finish while this sight is open (spec 4 'Places').
  useEffect(() => {
    if (!sight || !enrichment) return;
    const patch = Object.fromEntries(Object.entries(enrichment).filter(([, v]) => v));
    if (Object.keys(patch).length) actions.dispatch({ type: 'enriched', sightId: sight.id, patch });
  }, [sight?.id, enrichment]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setCurrent(0);
    void actions.load(placeId);
  }, [placeId]);

  // Distance needs a position the user already granted; never prompt just for this.
  useEffect(() => {
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => {
        if (p.state === 'granted' && live)
          navigator.geolocation.getCurrentPosition((g) => live && setUserPos({ lat: g.coords.latitude, lon: g.coords.longitude }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const images: GalleryImage[] = useMemo(() => {
    if (!sight) return [];
    const list: GalleryImage[] = [];
    const cover = apiUrl(sight.cover_image_url || sight.img_preview);
    if (cover) list.push({ url: cover, alt: sight.name });
    for (const img of sight.images ?? [])
      if (img.url && (img.status === undefined || img.status === 'approved') && apiUrl(img.url) !== cover)
        list.push({ url: apiUrl(img.url)!, alt: `${sight.name}, traveller photo` });
    return list;
  }, [sight]);

  usePageMeta({
    title: sight ? sight.name : state.notFound ? 'Sight not found' : 'Sight',
    description: sight?.description?.slice(0, 200) || (sight ? `${sight.name} — audio guide, photos and comments.` : undefined),
    image: images[0]?.url,
    noindex: state.notFound,
  });

  const play = useCallback((i: number, fromStart = false) => {
    setCurrent(i);
    setPlayRequest((r) => ({ seq: r.seq + 1, fromStart }));
  }, []);
  /** Arriving at a station starts its narration from the beginning (not where an earlier listen stopped). */
  const playFromStart = useCallback((i: number) => play(i, true), [play]);

  const setStations = useCallback((s: Station[]) => {
    actions.dispatch({ type: 'stations', stations: s });
    setCurrent(0);
  }, []);

  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title: sight?.name, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShareMsg('Link copied');
    } catch (e) {
      if ((e as Error).name !== 'AbortError') setShareMsg('Could not share the link');
    }
    setTimeout(() => setShareMsg(null), 2500);
  };

  if (state.loading && !sight)
    return (
      <section className="wf-container wf-page explore-detail" aria-busy="true">
        <Skeleton height={280} />
        <Skeleton height={32} width="60%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={80} />
      </section>
    );

  if (state.notFound)
    return (
      <section className="wf-container wf-page explore-detail">
        <EmptyState title="Sight not found">
          <p>This place does not exist or was removed.</p>
          <Link className="wf-btn" to={backTo}>
            Back to the list
          </Link>
        </EmptyState>
      </section>
    );

  if (state.error && !sight)
    return (
      <section className="wf-container wf-page explore-detail">
        <div className="wf-alert wf-alert--error" role="alert">
          {state.error}{' '}
          <button type="button" className="wf-btn" onClick={() => void actions.load(placeId)}>
            Retry
          </button>
        </div>
        <Link to={backTo}>← Back to the list</Link>
      </section>
    );

  if (!sight) return null;
  const place = [sight.city, sight.country].filter(Boolean).join(', ');
  const cat = categoryLabel(sight.category_slugs, sight.category_hint);
  const dist = userPos ? distanceM(userPos.lat, userPos.lon, sight.latitude, sight.longitude) : null;

  return (
    <article className="wf-container wf-page explore-detail" data-testid="sight-detail">
      <nav className="explore-detail__top">
        <Link to={backTo} className="wf-btn wf-btn--ghost">
          ← Back to the list
        </Link>
        <button type="button" className="wf-btn wf-btn--ghost" onClick={share}>
          Share
        </button>
        {shareMsg && (
          <span role="status" className="wf-muted">
            {shareMsg}
          </span>
        )}
      </nav>
      <Gallery images={images} />
      <header className="explore-detail__head">
        <h1>{sight.name}</h1>
        <p className="explore-detail__meta">
          {cat && <span className="wf-badge">{cat}</span>}
          {place && <span data-testid="sight-place">{place}</span>}
          {dist != null && <span data-testid="sight-distance">{formatDistance(dist)} away</span>}
        </p>
        <p className="explore-detail__rating" data-testid="sight-rating">
          {sight.ratings_count ? (
            <>
              <Stars value={sight.rating_avg ?? 0} label={`Rated ${(sight.rating_avg ?? 0).toFixed(1)} out of 5`} />{' '}
              <span data-testid="rating-avg">{(sight.rating_avg ?? 0).toFixed(1)}</span> (
              <span data-testid="rating-count">{sight.ratings_count}</span> ratings)
            </>
          ) : (
            <span className="wf-muted">No ratings yet</span>
          )}
        </p>
        {state.updating && <span className="wf-muted">Updating…</span>}
        {state.error && (
          <div className="wf-alert wf-alert--error" role="alert">
            {state.error}{' '}
            <button type="button" className="wf-btn" onClick={() => void actions.load(placeId)}>
              Retry
            </button>
          </div>
        )}
      </header>
      {sight.description && <p className="explore-detail__desc">{sight.description}</p>}
      <SightFactsPanel sight={sight} />

      <div className="explore-detail__grid">
        <section aria-labelledby="stations-h" className="explore-stations">
          <h2 id="stations-h">Stations</h2>
          {me && <GenerateGuide sightId={sight.id} onStations={setStations} />}
          {!me && (
            <p className="wf-muted">
              <Link to={`/login?next=${encodeURIComponent(`/explore/${sight.id}`)}`}>Sign in</Link> to generate a narrated guide.
            </p>
          )}
          {stations.length === 0 ? (
            <p className="wf-muted">No stations yet.</p>
          ) : (
            <>
              <FollowMe stations={stations} onEnter={playFromStart} onPosition={setUserPos} />
              <ol className="explore-station-list">
                {stations.map((s, i) => (
                  <li key={s.id ?? i} className={i === current ? 'is-current' : undefined} aria-current={i === current ? 'step' : undefined} data-testid="station">
                    <div className="explore-station__head">
                      <strong>
                        {i + 1}. {stationTitle(s, i)}
                      </strong>
                      <button type="button" className="wf-btn wf-btn--ghost" onClick={() => play(i)} disabled={!s.audio_url} aria-label={`Play ${stationTitle(s, i)}`}>
                        ▶ Play
                      </button>
                    </div>
                    {s.text && <p>{s.text}</p>}
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        <MiniMap sight={sight} stations={stations} current={current} onSelect={setCurrent} />
      </div>

      {stations.length > 0 && (
        <div className="explore-player-dock">
          <GuidePlayer sightId={sight.id} stations={stations} current={current} onCurrentChange={setCurrent} playRequest={playRequest} />
        </div>
      )}

      <SightImages sightId={sight.id} images={sight.images ?? []} />
      <CommentsSection sightId={sight.id} />
    </article>
  );
}
