#!/usr/bin/env node
// Builds api/data/sight-texts.jsonl: open, licensed descriptive text for seed sights, copied from public
// snapshots (never written or paraphrased here). Plain Node ESM, standard library only.
//
// Inputs are the files below, each read at a fixed commit of a public repository. Either
//   node scripts/data/build-sight-texts.mjs --mirrors <dir>
// where <dir>/<owner>+<name>/repo is a bare git mirror of each repository (the script runs
// `git --git-dir=<mirror> show <commit>:<path>`), or
//   node scripts/data/build-sight-texts.mjs --inputs <dir>
// where <dir>/<owner>+<name>/<path> holds the file already extracted. Every input is checked against its
// sha256 before use, so a rebuild from the same snapshots writes the same bytes.
// --check compares the result with the committed file instead of writing it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INPUTS = {
  beachmap: {
    repo: 'Flightmussy/beachmap-mcp',
    commit: '7b7623e843270ba9964f81067a9d34226f934604',
    path: 'data/beaches.csv',
    sha256: '318188d67e32f32c900bc53fc011b6bcd5abd01a03298f1074296cf8b671578b',
  },
  whc: {
    repo: 'painte15/Evolution-of-the-UNESCO-World-Heritage-Program',
    commit: '77ce83e9123560fd9b47eb7561da1c15dc9107c5',
    path: 'data/whc-sites-2019.csv',
    sha256: '4e0c9d88776dbd38a7d183220d4c8c2cdbe15357d849c763092dc8e607621e9f',
  },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIGHTS = path.join(root, 'api/data/sights.csv');
const OUT = path.join(root, 'api/data/sight-texts.jsonl');

const BEACHMAP_LICENCE = {
  licence: 'CC BY 4.0',
  licence_url: 'https://creativecommons.org/licenses/by/4.0/',
};
const WHC_LICENCE = {
  licence: 'CC BY-SA 3.0 IGO',
  licence_url: 'https://creativecommons.org/licenses/by-sa/3.0/igo/',
};

// ---------------------------------------------------------------------------------------------- CSV

const UTF8 = new TextDecoder('utf-8', { fatal: true });
// Windows-1252's 0x80-0x9F (Node's TextDecoder reads 'windows-1252' as Latin-1, which has controls there).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const cp1252 = (bytes) =>
  Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join(
    '',
  );

/**
 * Bytes to text field by field: the UNESCO export mixes UTF-8 summaries with names in Windows-1252
 * ("Albayz\xEDn"), so a field that is not valid UTF-8 is read as Windows-1252.
 */
export function parseCsvBytes(buf) {
  return parseCsv(buf.toString('latin1')).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => {
        const bytes = Buffer.from(v, 'latin1');
        let text;
        try {
          text = UTF8.decode(bytes);
        } catch {
          text = cp1252(bytes);
        }
        // Some names were Windows-1252 re-encoded as UTF-8, leaving C1 controls ("Mafra \u0096 Palace").
        return [k, text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80])];
      }),
    ),
  );
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body
    .filter((r) => r.length > 1)
    .map((r) => Object.fromEntries(header.map((h, j) => [h, r[j] ?? ''])));
}

// --------------------------------------------------------------------------------------------- HTML

// The named entities the UNESCO file uses (HTML 4), so the text reads as the source shows it.
const ENTITIES = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  acute: '´',
  aacute: 'á',
  Aacute: 'Á',
  agrave: 'à',
  Agrave: 'À',
  acirc: 'â',
  Acirc: 'Â',
  atilde: 'ã',
  auml: 'ä',
  aring: 'å',
  aelig: 'æ',
  ccedil: 'ç',
  Ccedil: 'Ç',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  Egrave: 'È',
  ecirc: 'ê',
  euml: 'ë',
  iacute: 'í',
  igrave: 'ì',
  icirc: 'î',
  Icirc: 'Î',
  iuml: 'ï',
  ntilde: 'ñ',
  oacute: 'ó',
  ograve: 'ò',
  ocirc: 'ô',
  otilde: 'õ',
  ouml: 'ö',
  oslash: 'ø',
  oelig: 'œ',
  OElig: 'Œ',
  scaron: 'š',
  Scaron: 'Š',
  uacute: 'ú',
  ugrave: 'ù',
  ucirc: 'û',
  uuml: 'ü',
  yacute: 'ý',
};

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, name) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[name] ?? m;
  });
}

/** HTML paragraphs to plain paragraphs: tags dropped (so "XII<sup>e</sup>" reads "XIIe"), entities decoded. */
export function htmlToParagraphs(html) {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((p) => decodeEntities(p).replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

// ------------------------------------------------------------------------------------------ matching

export function normalise(s) {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Words that name a kind of place rather than a particular one: sharing only these proves nothing.
const GENERIC = new Set(
  (
    'the of and de du la le les des et in at on a an y del di da do dos das der die das von am im zu ' +
    'castle castles palace palaces fortress fort fortifications citadel museum museums national park parks chateau ' +
    'castello castillo castelo schloss burg palais palazzo palacio kasteel slot zamek hrad kale qal at ' +
    'old new historic historical centre center city town site sites monuments monument ruins ruin complex ' +
    'royal great mount mountain falls cape cabo island islands lake river valley bay beach gardens garden ' +
    'cathedral church abbey monastery house hall tower towers gate wall walls square temple tomb area reserve ' +
    'world heritage ancient archaeological remains cultural landscape north south east west upper lower'
  ).split(' '),
);

function significantTokens(name, city) {
  const cityTokens = new Set(normalise(city).split(' '));
  return normalise(name)
    .split(' ')
    .filter((t) => t.length > 2 && !GENERIC.has(t) && !cityTokens.has(t));
}

function km(aLat, aLon, bLat, bLon) {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/**
 * A World Heritage property is taken for a seed sight only when it is near and names it: either every
 * distinctive word of the sight's name (less kind words and its city's name) is in the property's name, or
 * the property's name or summary spells out the sight's whole name. Scenery may lie 50 km from the
 * property's point (parks, falls, peaks), anything else 10 km.
 */
export function whcMatches(sight, site) {
  const reach = sight.category === 'scenery' ? 50 : 10;
  if (km(+sight.lat, +sight.lon, +site.latitude, +site.longitude) > reach) return false;
  const siteName = ` ${normalise(`${site.name_en} ${site.name_fr}`)} `;
  const sig = significantTokens(sight.name, sight.city);
  // "Royal Palace of Naples" shares only its town with "Historic Centre of Naples": that needs the summary.
  const wholeTown =
    /^ (historic centre|historic center|historic areas|historic city|old town|old city|city|town) of /.test(
      ` ${normalise(site.name_en)} `,
    );
  if (!wholeTown && sig.length && sig.join('').length >= 5 && sig.every((t) => siteName.includes(` ${t} `))) {
    return true;
  }
  const whole = normalise(sight.name);
  const words = whole.split(' ');
  const distinctive = words.some((w) => w.length > 2 && !GENERIC.has(w));
  if (!distinctive || whole.length < 8) return false;
  const summary = ` ${normalise(htmlToParagraphs(site.short_description_en).join(' '))} `;
  return siteName.includes(` ${whole} `) || summary.includes(` ${whole} `);
}

// ------------------------------------------------------------------------------------------- build

function readInput(key, opts) {
  const src = INPUTS[key];
  const dirName = src.repo.replace('/', '+');
  let buf;
  if (opts.mirrors) {
    const gitDir = path.join(opts.mirrors, dirName, 'repo');
    buf = execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${src.commit}:${src.path}`], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } else {
    buf = readFileSync(path.join(opts.inputs, dirName, src.path));
  }
  const sha = createHash('sha256').update(buf).digest('hex');
  if (src.sha256 && sha !== src.sha256) {
    throw new Error(`${src.repo}@${src.commit}:${src.path} has sha256 ${sha}, expected ${src.sha256}`);
  }
  return { bytes: buf, sha };
}

function origin(key) {
  const s = INPUTS[key];
  return `${s.repo}@${s.commit}:${s.path}`;
}

export function build(opts) {
  const sights = parseCsv(readFileSync(SIGHTS, 'utf8'));
  const rows = [];
  const shas = {};

  // Beachmap: the seed's bm-<id> rows come from this very file, so the id is the join key.
  const beaches = readInput('beachmap', opts);
  shas.beachmap = beaches.sha;
  const beachById = new Map(parseCsvBytes(beaches.bytes).map((b) => [b.id, b]));
  for (const s of sights) {
    if (!s.id.startsWith('bm-')) continue;
    const b = beachById.get(s.id.slice(3));
    if (!b || !b.description.trim()) continue;
    const description = b.description.trim();
    const setting = b.setting.trim();
    const paragraphs = [description, setting].filter((p, i) => p && (i === 0 || p !== description));
    rows.push({
      id: s.id,
      lang: 'en',
      title: b.name,
      text: paragraphs.join('\n'),
      source_url: b.url,
      ...BEACHMAP_LICENCE,
      origin: origin('beachmap'),
    });
  }

  // UNESCO World Heritage List (2019 export): the property's summary and its criteria statements, en and fr.
  const whc = readInput('whc', opts);
  shas.whc = whc.sha;
  const sites = parseCsvBytes(whc.bytes).filter((w) => w.short_description_en.trim());
  for (const s of sights) {
    if (s.lat === '' || s.lon === '') continue;
    const hits = sites.filter((w) => whcMatches(s, w));
    if (!hits.length) continue;
    // Nearest property first when several name the sight (a site inscribed twice, or an extension).
    hits.sort(
      (a, b) => km(+s.lat, +s.lon, +a.latitude, +a.longitude) - km(+s.lat, +s.lon, +b.latitude, +b.longitude),
    );
    const w = hits[0];
    for (const lang of ['en', 'fr']) {
      const summary = htmlToParagraphs(w[`short_description_${lang}`]);
      if (!summary.length) continue;
      // A criterion's label ("Criterion (iv):") heads its statement; the statement itself is kept whole.
      const criteria = htmlToParagraphs(w[`justification_${lang}`] ?? '')
        .map((p) => p.replace(/^(Criterion|Critère|Criteria|Critères)\s*\([ivx]+\)\s*:?\s*/i, '').trim())
        .filter((p) => p.length > 0 && !/^(Criterion|Critère)/i.test(p));
      rows.push({
        id: s.id,
        lang,
        title: htmlToParagraphs(w[`name_${lang}`]).join(' '),
        text: [...summary, ...criteria].join('\n'),
        source_url: `https://whc.unesco.org/${lang}/list/${w.id_no}/`,
        ...WHC_LICENCE,
        origin: origin('whc'),
      });
    }
  }

  // One row per sight and language: the first source above wins (a beach's own page beats a property text).
  const seen = new Set();
  const out = [];
  for (const r of rows) {
    const k = `${r.id}\t${r.lang}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : 0));
  const body = out.map((r) => JSON.stringify(r)).join('\n') + '\n';
  return { body, rows: out, shas };
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const opts = { mirrors: opt('--mirrors'), inputs: opt('--inputs') };
  if (!opts.mirrors && !opts.inputs) {
    console.error('usage: build-sight-texts.mjs (--mirrors <dir> | --inputs <dir>) [--check]');
    process.exit(2);
  }
  const { body, rows, shas } = build(opts);
  for (const [k, sha] of Object.entries(shas)) {
    if (!INPUTS[k].sha256) console.log(`input ${k} sha256 ${sha}`);
  }
  if (args.includes('--check')) {
    const same = readFileSync(OUT, 'utf8') === body;
    console.log(same ? 'sight-texts.jsonl is up to date' : 'sight-texts.jsonl differs from a fresh build');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(OUT, body);
  const ids = new Set(rows.filter((r) => r.lang === 'en').map((r) => r.id));
  console.log(
    `wrote ${rows.length} rows (${ids.size} sights with English text) to ${path.relative(root, OUT)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
