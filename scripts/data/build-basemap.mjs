#!/usr/bin/env node
// Builds the explore map's built-in base map (mfe-explore/src/features/map/basemap/data/*.json): the world drawn
// from Natural Earth (public domain) when no tile server is configured or none answers. Two scales:
//   world-110m.json  land, country borders, lakes, rivers, country and capital labels (zoomed out, zoom < 4)
//   world-50m.json   the same at 1:50m plus urban areas and about 1,250 populated places (zoom 4 and closer)
// Each file is one object { layers: { land, borders, lakes, rivers, urban? }, labels: [...] } where every layer is a
// GeoJSON FeatureCollection without properties (Leaflet draws them as they are, no decoder in the browser) and
// labels are [name, lon, lat, minZoom, rank, kind, names-by-language?] rows.
//
// Inputs are GeoJSON conversions of Natural Earth (martynafford/natural-earth-geojson, CC0) at a fixed commit:
//   node scripts/data/build-basemap.mjs --mirrors <dir>   (<dir>/martynafford+natural-earth-geojson/repo, bare git)
//   node scripts/data/build-basemap.mjs --inputs <dir>    (<dir>/<path> holds the files already extracted)
// Shapes are simplified topology-preserving (topojson-simplify, shared borders stay shared) and coordinates
// rounded, so a rebuild from the same inputs writes the same bytes. --check compares with the committed files.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topology } from 'topojson-server';
import { presimplify, simplify, quantile } from 'topojson-simplify';
import { feature } from 'topojson-client';

export const SOURCE = {
  repo: 'martynafford/natural-earth-geojson',
  commit: '0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = path.join(root, 'mfe-explore/src/features/map/basemap/data');

/** Natural Earth 4.x leaves ISO_A2 at -99 for a few countries whose code is still well known. */
const ISO2_OF_A3 = { FRA: 'FR', NOR: 'NO' };

const SCALES = {
  '110m': {
    file: 'world-110m.json',
    // Fraction of the points kept (by weight); 110m is already coarse.
    keep: 0.5,
    digits: 2,
    layers: {
      land: '110m/physical/ne_110m_land.json',
      borders: '110m/cultural/ne_110m_admin_0_boundary_lines_land.json',
      lakes: '110m/physical/ne_110m_lakes.json',
      rivers: '110m/physical/ne_110m_rivers_lake_centerlines.json',
    },
    places: '110m/cultural/ne_110m_populated_places.json',
    countries: '110m/cultural/ne_110m_admin_0_countries.json',
  },
  '50m': {
    file: 'world-50m.json',
    keep: 0.35,
    digits: 3,
    layers: {
      land: '50m/physical/ne_50m_land.json',
      borders: '50m/cultural/ne_50m_admin_0_boundary_lines_land.json',
      lakes: '50m/physical/ne_50m_lakes.json',
      rivers: '50m/physical/ne_50m_rivers_lake_centerlines.json',
      urban: '50m/cultural/ne_50m_urban_areas.json',
    },
    places: '50m/cultural/ne_50m_populated_places.json',
    countries: '110m/cultural/ne_110m_admin_0_countries.json',
  },
};

function args() {
  const a = process.argv.slice(2);
  const get = (k) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  return { mirrors: get('--mirrors'), inputs: get('--inputs'), check: a.includes('--check') };
}

function reader({ mirrors, inputs }) {
  if (inputs) return (p) => readFileSync(path.join(inputs, p), 'utf8');
  if (mirrors) {
    const gitDir = path.join(mirrors, SOURCE.repo.replace('/', '+'), 'repo');
    return (p) =>
      execFileSync('git', ['--git-dir', gitDir, 'show', `${SOURCE.commit}:${p}`], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
  }
  throw new Error('usage: build-basemap.mjs --mirrors <dir> | --inputs <dir> [--check]');
}

const round = (digits) => {
  const f = 10 ** digits;
  const r = (c) =>
    typeof c[0] === 'number' ? [Math.round(c[0] * f) / f, Math.round(c[1] * f) / f] : c.map(r);
  return r;
};

/** Drops consecutive duplicate points that rounding made, and rings or lines left with too few points. */
function clean(geometry) {
  const dedupe = (pts) => pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1][0] || p[1] !== pts[i - 1][1]);
  const line = (pts) => {
    const d = dedupe(pts);
    return d.length >= 2 ? d : null;
  };
  const ring = (pts) => {
    const d = dedupe(pts);
    return d.length >= 4 ? d : null;
  };
  const poly = (rings) => {
    const rs = rings.map(ring);
    return rs[0] ? rs.filter(Boolean) : null;
  };
  switch (geometry?.type) {
    case 'LineString': {
      const c = line(geometry.coordinates);
      return c && { type: 'LineString', coordinates: c };
    }
    case 'MultiLineString': {
      const c = geometry.coordinates.map(line).filter(Boolean);
      return c.length ? { type: 'MultiLineString', coordinates: c } : null;
    }
    case 'Polygon': {
      const c = poly(geometry.coordinates);
      return c && { type: 'Polygon', coordinates: c };
    }
    case 'MultiPolygon': {
      const c = geometry.coordinates.map(poly).filter(Boolean);
      return c.length ? { type: 'MultiPolygon', coordinates: c } : null;
    }
    default:
      return null;
  }
}

/** Simplifies all layers of a scale in one topology, so borders, lakes and coasts that touch stay touching. */
function shapes(read, scale) {
  const collections = {};
  for (const [name, p] of Object.entries(scale.layers)) {
    const fc = JSON.parse(read(p));
    // Properties are not drawn: only the shapes travel (rivers keep none of their names or ranks).
    collections[name] = {
      type: 'FeatureCollection',
      features: fc.features.map((f) => ({ type: 'Feature', properties: null, geometry: f.geometry })),
    };
  }
  let topo = topology(collections, 1e6);
  topo = presimplify(topo);
  topo = simplify(topo, quantile(topo, scale.keep));
  const r = round(scale.digits);
  const out = {};
  for (const name of Object.keys(scale.layers)) {
    const features = [];
    for (const f of feature(topo, topo.objects[name]).features) {
      const g = f.geometry && clean({ type: f.geometry.type, coordinates: r(f.geometry.coordinates) });
      if (g) features.push({ type: 'Feature', properties: null, geometry: g });
    }
    out[name] = { type: 'FeatureCollection', features };
  }
  return out;
}

/** The pole of a polygon's largest ring, by its area-weighted centroid: a country's label point. */
function labelPoint(geometry) {
  const polys = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = null;
  for (const p of polys) {
    const ring = p[0];
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const k = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      a += k;
      cx += (ring[j][0] + ring[i][0]) * k;
      cy += (ring[j][1] + ring[i][1]) * k;
    }
    if (!best || Math.abs(a) > best.area) best = { area: Math.abs(a), x: cx / (3 * a), y: cy / (3 * a) };
  }
  return best && [best.x, best.y];
}

/**
 * Label rows, [name, lon, lat, minZoom, rank, kind, names?]: countries (kind 'c', named in the page's language by
 * Intl.DisplayNames from their ISO code, `name` being the English fallback) and populated places (kind 'p', with
 * Natural Earth's German, Spanish and French names where they differ from the English one).
 */
function labels(read, scale) {
  const rows = [];
  const countries = JSON.parse(read(scale.countries));
  for (const f of countries.features) {
    const p = f.properties;
    const pt = labelPoint(f.geometry);
    if (!pt) continue;
    const iso = p.ISO_A2 !== '-99' ? p.ISO_A2 : (ISO2_OF_A3[p.ADM0_A3] ?? '');
    // MIN_LABEL is Natural Earth's web-map zoom at which the country's name first shows.
    rows.push([
      p.NAME,
      +pt[0].toFixed(2),
      +pt[1].toFixed(2),
      Math.max(2, Math.floor(p.MIN_LABEL)),
      p.LABELRANK,
      'c',
      iso,
    ]);
  }
  const places = JSON.parse(read(scale.places));
  for (const f of places.features) {
    const p = f.properties;
    const names = {};
    for (const lang of ['de', 'es', 'fr']) {
      const n = p[`NAME_${lang.toUpperCase()}`];
      if (n && n !== (p.NAME_EN ?? p.NAME)) names[lang] = n;
    }
    const [lon, lat] = f.geometry.coordinates;
    const minZoom = Math.max(3, Math.floor(p.min_zoom ?? p.MIN_ZOOM ?? 6));
    // Capitals first, then by Natural Earth's scale rank (lower shows earlier).
    const rank = (p.ADM0CAP ? 0 : 10) + (p.SCALERANK ?? 10);
    rows.push([p.NAME_EN ?? p.NAME, +lon.toFixed(3), +lat.toFixed(3), minZoom, rank, 'p', names]);
  }
  rows.sort((a, b) => a[3] - b[3] || a[4] - b[4] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return rows;
}

function main() {
  const opts = args();
  const read = reader(opts);
  mkdirSync(OUT, { recursive: true });
  let failed = false;
  let total = 0;
  for (const scale of Object.values(SCALES)) {
    const body = `${JSON.stringify({ layers: shapes(read, scale), labels: labels(read, scale) })}\n`;
    const file = path.join(OUT, scale.file);
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    console.log(`${scale.file}: ${(body.length / 1024).toFixed(0)} KiB, ${(gz / 1024).toFixed(0)} KiB gzip`);
    if (opts.check) {
      let old = '';
      try {
        old = readFileSync(file, 'utf8');
      } catch {
        /* missing: differs */
      }
      if (old !== body) {
        console.error(`${scale.file} differs from a rebuild`);
        failed = true;
      }
    } else writeFileSync(file, body);
  }
  console.log(`total ${(total / 1024).toFixed(0)} KiB gzip`);
  if (failed) process.exit(1);
}

main();
