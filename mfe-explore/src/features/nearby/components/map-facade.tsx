import { useMemo } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { previewPins } from '../utils/preview-pins';
import './map-facade.css';

export interface MapFacadeProps {
  view: { lat: number; lon: number; km: number };
  /** The preview's box, as laid out (the pins are placed in it as Leaflet will place the markers). */
  size: { width: number; height: number };
  places: readonly { id: string; latitude: number; longitude: number }[];
  onActivate: () => void;
}

/**
 * Over the map's preview on a touch-first device, until the traveller taps it: the sights pinned where the map
 * will show them, and a button (the whole box) that starts the interactive map. Its own chunk, which only
 * touch-first devices load.
 */
export default function MapFacade({ view, size, places, onActivate }: MapFacadeProps) {
  const { t } = useTranslation(EXPLORE_NS);
  const pins = useMemo(() => previewPins(places, view, size), [places, view, size]);
  return (
    <>
      <div className="explore-map-placeholder__pins" aria-hidden="true">
        {pins.map((p) => (
          <span key={p.id} className="explore-map-placeholder__pin" style={{ left: p.left, top: p.top }} />
        ))}
      </div>
      <button
        type="button"
        className="explore-map-placeholder__activate"
        data-testid="map-activate"
        onClick={onActivate}
      >
        <span className="wf-btn">{t('map.activate')}</span>
      </button>
    </>
  );
}
