import { CircleMarker, MapContainer, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { tileAttribution } from '../../../lib/tile-attribution';
import type { SightDetail } from '../../../lib/sight-cache';
import { stationTitle, type PlayableStation } from '../../guide';
import 'leaflet/dist/leaflet.css';

/** Small map: the sight and its stations; the current station is highlighted. Circle markers need no icon assets. */
export function MiniMap({
  sight,
  stations,
  current,
  onSelect,
}: {
  sight: SightDetail;
  stations: PlayableStation[];
  current: number;
  onSelect: (i: number) => void;
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
        {stations.map((s, i) =>
          typeof s.latitude === 'number' && typeof s.longitude === 'number' ? (
            <CircleMarker
              key={s.id ?? i}
              center={[s.latitude, s.longitude]}
              radius={i === current ? 8 : 5}
              pathOptions={{
                color: i === current ? '#f59e0b' : '#64748b',
                fillOpacity: i === current ? 0.9 : 0.5,
              }}
              eventHandlers={{ click: () => onSelect(i) }}
            >
              <Tooltip>
                {i + 1}. {stationTitle(s, i, t)}
              </Tooltip>
            </CircleMarker>
          ) : null,
        )}
      </MapContainer>
    </div>
  );
}
