import { useEffect } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { SEARCH_KM, type Place } from '../nearby';
import { tileAttribution } from '../../lib/tile-attribution';
import { ClusterLayer } from './cluster-layer';
import { BaseLayers, useBaseLayer } from './basemap/base-layers';
import 'leaflet/dist/leaflet.css';
import './explore-map.css';

interface Props {
  center: { lat: number; lon: number };
  km: number;
  places: Place[];
  highlightedId: string | null;
  onOpen: (p: Place) => void;
  onHover: (id: string | null) => void;
  onSearchAt: (lat: number, lon: number) => void;
  /** A sight's page: its pin is a real link. */
  hrefOf?: (p: Place) => string | null;
}

/** Fits the search circle whenever the point or radius in the URL changes (including back/forward). */
function ViewSync({ center, km }: { center: { lat: number; lon: number }; km: number }) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.latLng(center.lat, center.lon).toBounds(km * 2000);
    map.fitBounds(bounds, { animate: false, padding: [8, 8] });
  }, [map, center.lat, center.lon, km]);
  return null;
}

/** Click, or long-press (contextmenu on touch), searches at that point. */
function PointSearch({ onSearchAt }: { onSearchAt: Props['onSearchAt'] }) {
  useMapEvents({
    click: (e) => onSearchAt(e.latlng.lat, e.latlng.lng),
    contextmenu: (e) => {
      e.originalEvent.preventDefault();
      onSearchAt(e.latlng.lat, e.latlng.lng);
    },
  });
  return null;
}

export function ExploreMap({
  center,
  km,
  places,
  highlightedId,
  onOpen,
  onHover,
  onSearchAt,
  hrefOf,
}: Props) {
  const { t, i18n } = useTranslation(EXPLORE_NS);
  const lang = i18n.language || 'en';
  const format = useFormat();
  const attribution = tileAttribution(t);
  const layer = useBaseLayer();
  const { base } = layer;

  return (
    <div
      className={`explore-map explore-map--${base}`}
      data-base-layer={base}
      role="region"
      aria-label={t('map.label')}
      data-testid="explore-map"
    >
      <MapContainer
        center={[center.lat, center.lon]}
        zoom={13}
        minZoom={3}
        preferCanvas={false}
        style={{ height: '100%', width: '100%' }}
        zoomControl={false}
      >
        {/* Remounted on a language change: Leaflet reads the control titles and attribution once. */}
        <ZoomControl
          key={`zoom-${t('map.zoomIn')}`}
          zoomInTitle={t('map.zoomIn')}
          zoomOutTitle={t('map.zoomOut')}
        />
        <BaseLayers state={layer} attribution={attribution} lang={lang} />
        <ViewSync center={center} km={km} />
        <PointSearch onSearchAt={onSearchAt} />
        <Circle
          center={[center.lat, center.lon]}
          radius={km * 1000}
          interactive={false}
          pathOptions={{ color: 'var(--accent)', weight: 1.5, fillOpacity: 0.04, dashArray: '4 6' }}
        />
        <ClusterLayer
          places={places}
          highlightedId={highlightedId}
          onOpen={onOpen}
          onHover={onHover}
          hrefOf={hrefOf}
        />
      </MapContainer>
      {layer.offline && (
        <p className="explore-map__notice" role="status" data-testid="tiles-notice">
          {t('map.tilesFailed')}
        </p>
      )}
      <p className="explore-map__hint wf-muted">
        {t('map.hint', { distance: format.distance(SEARCH_KM * 1000) })}
      </p>
    </div>
  );
}
