import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { chooseBaseLayer, type BaseLayerKind } from './choice';

// Each base layer's code loads only when it is drawn: a map on a working tile server loads neither.
const OfflineBasemap = lazy(() =>
  import(/* webpackChunkName: "basemap" */ './offline-basemap').then((m) => ({
    default: m.OfflineBasemap,
  })),
);
const PmtilesLayer = lazy(() =>
  import(/* webpackChunkName: "pmtiles" */ './pmtiles-layer').then((m) => ({
    default: m.PmtilesLayer,
  })),
);

export interface BaseLayerState {
  base: BaseLayerKind;
  /** The built-in map stands in for a configured server that does not answer: the map says so. */
  offline: boolean;
  tileUrl: string;
  pmtilesUrl: string;
  onTileLoad: () => void;
  onTileError: () => void;
  onPmtilesFailed: () => void;
}

/** Which base layer the map draws, from the runtime config and how its tiles have fared so far. */
export function useBaseLayer(): BaseLayerState {
  const { mapTileUrl: tileUrl, mapPmtilesUrl: pmtilesUrl } = readRuntimeConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [pmtilesFailed, setPmtilesFailed] = useState(false);
  const loaded = useRef(0);
  const failed = useRef(0);
  const onTileLoad = useCallback(() => {
    loaded.current++;
    setTilesFailed(false);
  }, []);
  const onTileError = useCallback(() => {
    failed.current++;
    // No tile has ever loaded: offline or blocked, the built-in world map instead.
    if (loaded.current === 0) setTilesFailed(true);
  }, []);
  const onPmtilesFailed = useCallback(() => setPmtilesFailed(true), []);
  // A PMTiles file that cannot be read gives way to the raster tiles when configured, else to the built-in map.
  const base = chooseBaseLayer({ pmtilesUrl: pmtilesFailed ? '' : pmtilesUrl, tileUrl, failed: tilesFailed });
  return {
    base,
    offline: base === 'basemap' && !!(tileUrl || pmtilesUrl),
    tileUrl,
    pmtilesUrl,
    onTileLoad,
    onTileError,
    onPmtilesFailed,
  };
}

/**
 * The base layer under the pins. Raster tiles stay on the map (hidden) while the built-in map stands in for them,
 * so a tile that loads later (back online) brings the detailed map back.
 */
export function BaseLayers({
  state,
  attribution,
  lang,
}: {
  state: BaseLayerState;
  attribution: string;
  lang: string;
}) {
  const { base, tileUrl, pmtilesUrl } = state;
  return (
    <>
      <Suspense fallback={null}>
        {base === 'pmtiles' && (
          <PmtilesLayer
            url={pmtilesUrl}
            attribution={`<a href="https://protomaps.com">Protomaps</a> ${attribution}`}
            lang={lang}
            onFailed={state.onPmtilesFailed}
          />
        )}
        {base === 'basemap' && <OfflineBasemap lang={lang} />}
      </Suspense>
      {tileUrl && (base === 'tiles' || (base === 'basemap' && !pmtilesUrl)) && (
        <TileLayer
          key={attribution}
          url={tileUrl}
          attribution={attribution}
          eventHandlers={{ tileload: state.onTileLoad, tileerror: state.onTileError }}
        />
      )}
    </>
  );
}
