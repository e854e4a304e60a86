/** What the explore map draws under its pins. */
export type BaseLayerKind = 'pmtiles' | 'tiles' | 'basemap';

/**
 * The map's base layer: a self-hosted PMTiles file when one is configured (the production option); else the raster
 * tile server while it answers; else the built-in Natural Earth world map (no tile server configured, or none of
 * its tiles loaded).
 */
export function chooseBaseLayer(opts: {
  pmtilesUrl: string;
  tileUrl: string;
  failed: boolean;
}): BaseLayerKind {
  if (opts.failed) return 'basemap';
  if (opts.pmtilesUrl) return 'pmtiles';
  return opts.tileUrl ? 'tiles' : 'basemap';
}
