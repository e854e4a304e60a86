/**
 * Licensed prose made fit for the ear, for the local guide writer. Nothing is written here: sentences of the source
 * are cleaned (parentheticals such as pronunciations and bracketed dates, reference marks), long ones are cut at a
 * clause boundary that keeps both halves whole (a semicolon, ', and' / ', but' between two full clauses, a single
 * dash), and the sentences are ordered with the most striking facts first (superlatives, numbers, who built or
 * designed it) while a sentence that leans on the one before (He, This, However…) stays right after it. Each
 * sentence kept carries the source sentence it comes from, so it can be traced.
 */

/**
 * Splits text into sentences, keeping their punctuation (the same rule the player's transcript uses): full stop,
 * question and exclamation marks and the ellipsis, also the Arabic question mark (؟) and full stop (۔), with
 * French spacing before ? and ! kept inside the sentence. A dot between two digits or letters is no sentence end.
 */
export function splitSentences(text: string): string[] {
  const parts =
    text.match(
      /(?:[^.!?…؟۔]|\.(?=[\p{L}\p{N}]))+[.!?…؟۔]+["'»”’)\]]*\s*|(?:[^.!?…؟۔]|\.(?=[\p{L}\p{N}]))+$/gu,
    ) ?? [];
  return parts.map((p) => p.trim()).filter(Boolean);
}

export interface ProseSentence {
  /** The sentence as narrated. */
  text: string;
  /** The source's sentence it is taken from (whitespace tidied), so a listener's question can be traced. */
  from: string;
}

/** Words after which a full stop ends no sentence ('St. Paul', 'c. 1200', 'J. S. Bach'). */
const ABBREVIATION =
  /(?:^|[\s(])(?:St|Ste|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Prof|Gen|Col|Capt|Lt|Sgt|Rev|No|Nos|Vol|vol|c|ca|approx|vs|e\.g|i\.e|U\.S|U\.K|a\.m|p\.m|Inc|Ltd|Co|Jan|Feb|Mar|Apr|Aug|Sep|Sept|Oct|Nov|Dec|S|Sta|Sto|Hl|hl|Nr|Bd|\p{Lu})\.$/u;

/** Stand-ins for sentence marks inside brackets ('(r. 69–79 AD)'), which end no sentence. */
const MASK: Record<string, string> = { '.': '\uE000', '!': '\uE001', '?': '\uE002' };
const UNMASK = Object.fromEntries(Object.entries(MASK).map(([k, v]) => [v, k]));

/**
 * Sentences of a paragraph: reference marks ('[1]', '[citation needed]') and other square-bracketed notes taken out
 * first, no sentence ended inside round brackets, a sentence cut after an abbreviation joined again.
 */
function sentencesOf(paragraph: string): string[] {
  let depth = 0;
  let masked = '';
  for (const ch of paragraph.replace(/\s*\[[^[\]]*\]/g, '')) {
    if (ch === '(' || ch === '（') depth++;
    else if ((ch === ')' || ch === '）') && depth > 0) depth--;
    masked += depth > 0 && MASK[ch] ? MASK[ch] : ch;
  }
  const out: string[] = [];
  for (const m of splitSentences(masked)) {
    const s = m.replace(/[\uE000-\uE002]/g, (c) => UNMASK[c]);
    if (out.length && ABBREVIATION.test(out[out.length - 1])) out[out.length - 1] += ` ${s}`;
    else out.push(s);
  }
  return out;
}

/** The words of a sentence (letters and digits), for length and tracing. */
export const wordsOf = (s: string): string[] => s.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

/**
 * A source sentence without what a listener cannot use: parenthetical asides (pronunciations, '(1889)', '(330 m)'),
 * bracketed reference marks ('[1]', '[citation needed]'), stray spaces before punctuation.
 */
export function cleanForSpeech(sentence: string, lang = 'en'): string {
  let t = sentence.replace(/\s+/g, ' ');
  // Nested brackets go from the inside out.
  for (let prev = ''; prev !== t; ) {
    prev = t;
    t = t.replace(/\s*[([（][^()[\]（）]*[)\]）]/g, '');
  }
  t = t
    .replace(/[¹²³⁰-⁹]+/g, '')
    .replace(/\s*,\s*(?=[,.;:!?])/g, '')
    .replace(/\s{2,}/g, ' ')
    // French sets a space before ; : ! ? and keeps it; elsewhere no space comes before punctuation.
    .replace(lang === 'fr' ? /\s+(?=[,.…])/g : /\s+(?=[,.;:!?…])/g, '')
    .trim();
  // A sentence left ending on a colon or comma (its list was in brackets) ends as a sentence; one with no end gets one.
  t = t.replace(/\s*[,:;]+$/, '');
  if (t && !/[.!?…؟۔]["'»”’]*$/.test(t)) t += '.';
  return t;
}

/** The longest sentence said in one breath; a longer one is cut where a clause ends, when it can be. */
const MAX_WORDS = 28;
/** Neither half of a cut is shorter than this many words (a list's 'and a lake' is no clause). */
const MIN_HALF = 6;

/** Conjunctions between two full clauses, kept at the head of the second sentence ('And it…', 'But it…'). */
const JOINS: Record<string, string[]> = {
  en: ['and', 'but', 'while', 'whereas', 'although'],
  fr: ['et', 'mais', 'tandis que', 'alors que'],
  de: ['und', 'aber', 'doch', 'während'],
  es: ['y', 'pero', 'mientras que', 'aunque'],
  it: ['e', 'ma', 'mentre', 'anche se'],
  ar: [],
};

const upperFirst = (s: string) => s.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
const endSentence = (s: string) => s.replace(/[\s,;:—–-]+$/, '') + '.';

/** Where a long sentence can be cut: after a semicolon, before ', and <clause>', around a single dash. */
function cutPoints(s: string, lang: string): Array<{ left: string; right: string }> {
  const out: Array<{ left: string; right: string }> = [];
  for (const m of s.matchAll(/\s*[;؛]\s+/g))
    out.push({ left: s.slice(0, m.index), right: s.slice(m.index + m[0].length) });
  for (const j of JOINS[lang] ?? []) {
    const re = new RegExp(`,\\s+(?=${j}\\s)`, 'g');
    for (const m of s.matchAll(re))
      out.push({ left: s.slice(0, m.index), right: s.slice(m.index + m[0].length) });
  }
  const dashes = [...s.matchAll(/\s+[—–]\s+/g)];
  if (dashes.length === 1)
    out.push({ left: s.slice(0, dashes[0].index), right: s.slice(dashes[0].index + dashes[0][0].length) });
  return out.filter((c) => wordsOf(c.left).length >= MIN_HALF && wordsOf(c.right).length >= MIN_HALF);
}

/** A cleaned sentence in pieces of at most MAX_WORDS words where it can be cut, cut nearest its middle first. */
export function shorten(s: string, lang = 'en'): string[] {
  const n = wordsOf(s).length;
  if (n <= MAX_WORDS) return [s];
  const cuts = cutPoints(s, lang);
  if (!cuts.length) return [s];
  const best = cuts.reduce((a, b) =>
    Math.abs(wordsOf(a.left).length - n / 2) <= Math.abs(wordsOf(b.left).length - n / 2) ? a : b,
  );
  return [...shorten(endSentence(best.left), lang), ...shorten(upperFirst(best.right.trim()), lang)];
}

/** Words that make a sentence worth saying first, per language: superlatives and firsts, then origins and scale. */
const STRIKING: Record<string, { top: RegExp; more: RegExp }> = {
  en: {
    top: /\b(largest|oldest|tallest|highest|longest|biggest|deepest|widest|greatest|earliest|finest|best[- ]preserved|most|first|only|world's|unique|famous|iconic|masterpiece|record)\b/i,
    more: /\b(built|designed|founded|constructed|completed|commissioned|erected|established|created|architect|engineer|centur(y|ies)|million|thousand|hundred|UNESCO|World Heritage|emperor|king|queen|legend)/i,
  },
  fr: {
    top: /\b(plus (grand|grande|ancien|ancienne|haut|haute|long|longue|célèbre)|premier|première|seul|seule|unique|célèbre|chef-d'œuvre|chef-d’œuvre|record)\b/i,
    more: /\b(construit|construite|conçu|conçue|fondé|fondée|édifié|édifiée|achevé|achevée|architecte|siècle|siècles|million|mille|UNESCO|patrimoine mondial|empereur|roi|reine|légende)/i,
  },
  de: {
    top: /(größt|ältest|höchst|längst|tiefst|erste[nrs]?\b|einzig|berühmt|Meisterwerk|Rekord)/i,
    more: /(erbaut|gebaut|entworfen|gegründet|errichtet|vollendet|Architekt|Jahrhundert|Million|tausend|UNESCO|Welterbe|Kaiser|König|Legende)/i,
  },
  es: {
    top: /\b(más (grande|antigu[oa]|alt[oa]|larg[oa]|famos[oa])|primer|primera|únic[oa]|famos[oa]|obra maestra|récord)\b/i,
    more: /\b(construid[oa]|diseñad[oa]|fundad[oa]|erigid[oa]|terminad[oa]|arquitect[oa]|siglo|siglos|millones|mil|UNESCO|Patrimonio de la Humanidad|emperador|rey|reina|leyenda)/i,
  },
  it: {
    top: /\b(più (grande|antic[oa]|alt[oa]|lung[oa]|famos[oa])|prim[oa]|unic[oa]|famos[oa]|capolavoro|record)\b/i,
    more: /\b(costruit[oa]|progettat[oa]|fondat[oa]|eretto|eretta|completat[oa]|architett[oa]|secolo|secoli|milioni|mila|UNESCO|patrimonio dell'umanità|imperatore|re|regina|leggenda)/i,
  },
  ar: {
    top: /(أكبر|أقدم|أعلى|أطول|أعمق|أول|الوحيد|الوحيدة|أشهر|تحفة)/,
    more: /(بني|بُني|شيد|شُيد|صمم|صُمم|تأسس|أسس|مهندس|القرن|مليون|ألف|اليونسكو|التراث العالمي|الإمبراطور|الملك|أسطورة)/,
  },
};

/** How striking a sentence is: a superlative or a first counts most, then a number, then who built it and when. */
export function strikingScore(s: string, lang = 'en'): number {
  const words = STRIKING[lang] ?? STRIKING.en;
  return (words.top.test(s) ? 3 : 0) + (/\p{N}/u.test(s) ? 1 : 0) + (words.more.test(s) ? 1 : 0);
}

/** Openings that lean on the sentence before (a pronoun for someone just named, a contrast, a sequel). */
const LEANS: Record<string, RegExp> = {
  en: /^(He|She|They|Them|These|Those|This|His|Her|Their|However|But|And|Later|Then|Also|Thus|Therefore|Afterwards|Both|Such|Nevertheless|Moreover|Furthermore|In turn|The latter|The former|Here|There)\b/,
  fr: /^(Il|Elle|Ils|Elles|Ce|Cet|Cette|Ces|Cela|Celui|Celle|Ceux|Mais|Puis|Ensuite|Aussi|Toutefois|Cependant|Son|Sa|Ses|Leur|Leurs|Ainsi|Par ailleurs|En outre)\b/,
  de: /^(Er|Sie|Es|Dies|Diese|Dieser|Dieses|Sein|Seine|Ihr|Ihre|Aber|Doch|Dann|Danach|Später|Auch|Jedoch|Daher|Dort|Hier)\b/,
  es: /^(Él|Ella|Ellos|Ellas|Este|Esta|Estos|Estas|Esto|Su|Sus|Pero|Luego|Después|También|Sin embargo|Además|Allí|Aquí)\b/,
  it: /^(Egli|Esso|Essa|Essi|Esse|Questo|Questa|Questi|Queste|Ciò|Suo|Sua|Suoi|Sue|Ma|Poi|Dopo|Anche|Tuttavia|Inoltre|Qui|Lì)\b/,
  ar: /^(وهو|وهي|وقد|ثم|لكن|ولكن|كما|وكان|وكانت|هذا|هذه|وهذا|وهذه)/,
};

/**
 * A licensed text as sentences for the ear, most striking first, at most `maxWords` words (always at least the first
 * group): paragraphs split into sentences, each cleaned and cut when long; a group is a sentence with those that
 * lean on it; groups are ordered by their most striking sentence, keeping the source's order between equals.
 */
export function proseForSpeech(text: string, lang = 'en', maxWords = Infinity): ProseSentence[] {
  const leans = LEANS[lang] ?? LEANS.en;
  const groups: ProseSentence[][] = [];
  const seen = new Set<string>();
  for (const paragraph of text.split(/\n+/)) {
    for (const raw of sentencesOf(paragraph.trim())) {
      const from = raw.replace(/\s+/g, ' ').trim();
      const clean = cleanForSpeech(from, lang);
      // A fragment (a heading, what is left of a bracketed list) says nothing on its own.
      if (wordsOf(clean).length < 3) continue;
      const key = clean.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const pieces = shorten(clean, lang).map((t) => ({ text: t, from }));
      if (groups.length && leans.test(clean)) groups[groups.length - 1].push(...pieces);
      else groups.push(pieces);
    }
  }
  // The text's first sentence says what the place is: only a superlative or a first goes before it.
  const score = (g: ProseSentence[], i: number) =>
    Math.max(...g.map((s) => strikingScore(s.text, lang))) + (i === 0 ? 2 : 0);
  const ranked = groups
    .map((g, i) => ({ g, i, score: score(g, i) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const out: ProseSentence[] = [];
  let words = 0;
  for (const { g } of ranked) {
    const n = g.reduce((k, s) => k + wordsOf(s.text).length, 0);
    if (out.length && words + n > maxWords) continue;
    out.push(...g);
    words += n;
  }
  return out;
}
