import { CircleMarker, MapContainer, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { tileAttribution } from '../../../lib/tile-attribution';
import type { SightDetail } from '../../../lib/sight-cache';
import type { PlayableStation } from '../../guide';
import { GuideRoute } from './guide-route';
import 'leaflet/dist/leaflet.css';

/** Small map: the sight (a circle marker needs no icon assets) and the guide's walk, whose stops play when chosen. */
export function MiniMap({
  sight,
  stations,
  current,
  onPlay,
}: {
  sight: SightDetail;
  stations: PlayableStation[];
  current: number;
  /** A stop chosen on the map: play its station. */
  onPlay: (i: number) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  const tiles = readRuntimeConfig().mapTileUrl;
  const attribution = tileAttribution(t);
  return (
    <div className="explore-minimap" role="region" aria-label={t('map.miniLabel')} data-testid="mini-map">
      <MapContainer
        center={[sight.latitude, sight.longitude]}
        zoom={16}
        scrollWheelZoom={false}
        zoomControl={false}
        style={{ height: '100%', width: '100%' }}
      >
        {/* Remounted on a language change: Leaflet reads the control titles once. */}
        <ZoomControl
          key={`zoom-${t('map.zoomIn')}`}
          zoomInTitle={t('map.zoomIn')}
          zoomOutTitle={t('map.zoomOut')}
        />
        <TileLayer key={attribution} url={tiles} attribution={attribution} />
        <CircleMarker
          center={[sight.latitude, sight.longitude]}
          radius={9}
          pathOptions={{ color: 'var(--accent)', fillOpacity: 0.8 }}
        >
          <Tooltip>{sight.name}</Tooltip>
        </CircleMarker>
        <GuideRoute
          stations={stations}
          current={current}
          onPlay={onPlay}
          home={[sight.latitude, sight.longitude]}
        />
      </MapContainer>
    </div>
  );
}
