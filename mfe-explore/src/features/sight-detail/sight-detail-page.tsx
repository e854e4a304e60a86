import { Suspense, useMemo } from 'react';
import { distanceM } from '@wayfarer/geo';
import { useParams } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { GuidePlayer } from '../guide';
import { CommentsSection } from '../comments';
import { SightImages } from '../images';
import { useSightDetail } from './api/sight-detail-query';
import { useBackToList } from './hooks/use-back-to-list';
import { useGrantedPosition } from './hooks/use-granted-position';
import { useStationPlayback } from './hooks/use-station-playback';
import { Gallery } from './components/gallery';
import { MiniMap } from './components/mini-map';
import { DetailFailed, DetailLoading, DetailNotFound } from './components/detail-states';
import { DetailTopBar } from './components/detail-top-bar';
import { SightHeader } from './components/sight-header';
import { StationsSection } from './components/stations-section';
import { galleryImages } from './utils/gallery-images';
import { SightFactsPanel } from '../facts';
import { DownloadPack, NeedsConnection, useConnectionLost } from '../downloads';
import './sight-detail.css';

/**
 * Spec point 3 'Sight detail': the page is a column of sections (gallery, header, description, stations with the
 * mini map, the guide player, photos, comments); a new block is one more line here.
 */
export function SightDetailPage() {
  const { t } = useTranslation(EXPLORE_NS);
  const { placeId = '' } = useParams();
  const detail = useSightDetail(placeId);
  const { sight } = detail;
  const backTo = useBackToList();
  const [userPos, setUserPos] = useGrantedPosition();
  const guide = useStationPlayback(placeId, detail.stations);
  const images = useMemo(() => galleryImages(sight, t), [sight, t]);
  const photos = useMemo(() => images.map((i) => i.url), [images]);
  const connectionLost = useConnectionLost(detail.cause);

  usePageMeta({
    title: sight ? sight.name : t(detail.notFound ? 'detail.notFound' : 'detail.metaTitle'),
    description:
      sight?.description?.slice(0, 200) ||
      (sight ? t('detail.metaDescription', { name: sight.name }) : undefined),
    image: images[0]?.url,
    noindex: detail.notFound,
  });

  if (detail.loading && !sight) return <DetailLoading />;
  if (detail.notFound) return <DetailNotFound backTo={backTo} />;
  // Offline and not downloaded: plainly so, not the network error.
  if (detail.error && !sight && connectionLost) return <NeedsConnection onRetry={detail.reload} />;
  if (detail.error && !sight) return <DetailFailed onRetry={detail.reload} backTo={backTo} />;
  if (!sight) return null;
  const distance = userPos ? distanceM(userPos.lat, userPos.lon, sight.latitude, sight.longitude) : null;

  return (
    <article className="wf-container wf-page explore-detail" data-testid="sight-detail">
      <DetailTopBar backTo={backTo} title={sight.name} />
      <Gallery images={images} />
      <SightHeader
        sight={sight}
        distance={distance}
        updating={detail.updating}
        error={detail.error}
        onRetry={detail.reload}
      />
      {sight.description && <p className="explore-detail__desc">{sight.description}</p>}
      <SightFactsPanel sight={sight} />

      <div className="explore-detail__grid">
        <StationsSection
          sightId={sight.id}
          stations={guide.stations}
          current={guide.current}
          onStations={guide.setStations}
          onPlay={guide.play}
          onArrive={guide.playFromStart}
          onPosition={setUserPos}
        />
        <MiniMap sight={sight} stations={guide.stations} current={guide.current} onPlay={guide.play} />
      </div>

      {guide.stations.length > 0 && (
        <div className="explore-player-dock">
          <GuidePlayer
            sightId={sight.id}
            sightName={sight.name}
            artwork={images[0]?.url ?? null}
            stations={guide.stations}
            current={guide.current}
            onCurrentChange={guide.setCurrent}
            playRequest={guide.playRequest}
          />
        </div>
      )}

      <Suspense fallback={null}>
        <DownloadPack sight={sight} photos={photos} />
      </Suspense>

      <SightImages sightId={sight.id} images={sight.images} />
      <CommentsSection sightId={sight.id} />
    </article>
  );
}
