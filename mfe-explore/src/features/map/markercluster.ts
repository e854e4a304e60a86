import L from 'leaflet';
// The plugin extends the global L that leaflet's UMD build sets on window; import order matters.
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';

/** The plugin ships no types; the small surface used here. */
export interface ClusterGroup extends L.FeatureGroup {
  addLayers(layers: L.Layer[], skipLayerAddEvent?: boolean): this;
  removeLayers(layers: L.Layer[]): this;
  clearLayers(): this;
  hasLayer(layer: L.Layer): boolean;
  getVisibleParent(marker: L.Marker): L.Marker | null;
}

type Factory = (opts: Record<string, unknown>) => ClusterGroup;

export function createClusterGroup(opts: Record<string, unknown> = {}): ClusterGroup {
  const factory = (L as unknown as { markerClusterGroup?: Factory }).markerClusterGroup
    ?? (globalThis as unknown as { L?: { markerClusterGroup?: Factory } }).L?.markerClusterGroup;
  if (!factory) throw new Error('leaflet.markercluster did not load');
  return factory({
    chunkedLoading: true,
    // Long enough that 10k markers cluster in one task (no chunk delays), short enough to yield for much larger sets.
    chunkInterval: 250,
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    maxClusterRadius: 70,
    // Street level shows single markers; skipping the two deepest grids is the largest clustering saving.
    disableClusteringAtZoom: 17,
    ...opts,
  });
}
