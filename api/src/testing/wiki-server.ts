import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two facts sources (never the internet), answering in their formats:
 *
 * - Wikipedia REST `GET /api/rest_v1/page/summary/{title}`: the summary object (`type`, `title`, `titles`,
 *   `wikibase_item`, `content_urls`, `extract`, …) or the 404 problem document of an unknown title.
 * - Wikidata `GET /w/api.php?action=wbgetentities&ids=…&props=claims|sitelinks|labels&languages=…&sitefilter=…&format=json`:
 *   `{ entities: { Q…: { type, id, labels, sitelinks, claims } }, success: 1 }`, `{ id, missing: "" }` for an
 *   unknown item, the `no-such-entity` error for a malformed id.
 *
 * One server for both, so `WIKI_API_URL=<url>/api/rest_v1` alone configures them (Wikidata defaults to the same
 * origin's /w/api.php). The items are hand-written in Wikidata's JSON shapes, values abridged; the ids of referenced
 * items (people, designations) are the stand-in's own. `failNext(status, retryAfter)` makes the next answers fail
 * (429 with Retry-After to test the back-off), `calls` records every request.
 */

type Snak = {
  snaktype: 'value';
  property: string;
  datatype: string;
  datavalue: { type: string; value: unknown };
};
type Statement = {
  mainsnak: Snak;
  type: 'statement';
  rank: 'preferred' | 'normal' | 'deprecated';
  qualifiers?: Record<string, Snak[]>;
};
interface Item {
  labels: Record<string, string>;
  sitelinks?: Record<string, string>;
  claims?: Record<string, Statement[]>;
}

const ENTITY = 'http://www.wikidata.org/entity/';
const GREGORIAN = `${ENTITY}Q1985727`;
const time = (
  property: string,
  t: string,
  precision: number,
  rank: Statement['rank'] = 'normal',
  qualifiers?: Statement['qualifiers'],
): Statement => ({
  mainsnak: {
    snaktype: 'value',
    property,
    datatype: 'time',
    datavalue: {
      type: 'time',
      value: { time: t, timezone: 0, before: 0, after: 0, precision, calendarmodel: GREGORIAN },
    },
  },
  type: 'statement',
  rank,
  ...(qualifiers && { qualifiers }),
});
const item = (property: string, id: string, rank: Statement['rank'] = 'normal'): Statement => ({
  mainsnak: {
    snaktype: 'value',
    property,
    datatype: 'wikibase-item',
    datavalue: {
      type: 'wikibase-entityid',
      value: { 'entity-type': 'item', 'numeric-id': Number(id.slice(1)), id },
    },
  },
  type: 'statement',
  rank,
});
const quantity = (
  property: string,
  amount: string,
  unit: string,
  rank: Statement['rank'] = 'normal',
  qualifiers?: Statement['qualifiers'],
): Statement => ({
  mainsnak: {
    snaktype: 'value',
    property,
    datatype: 'quantity',
    datavalue: { type: 'quantity', value: { amount, unit } },
  },
  type: 'statement',
  rank,
  ...(qualifiers && { qualifiers }),
});
const url = (property: string, value: string): Statement => ({
  mainsnak: { snaktype: 'value', property, datatype: 'url', datavalue: { type: 'string', value } },
  type: 'statement',
  rank: 'normal',
});
const pointInTime = (year: number) => ({ P585: [time('P585', `+${year}-00-00T00:00:00Z`, 9).mainsnak] });

export const STAND_IN_ITEMS: Record<string, Item> = {
  Q243: {
    labels: { en: 'Eiffel Tower', fr: 'tour Eiffel' },
    sitelinks: { enwiki: 'Eiffel Tower', frwiki: 'Tour Eiffel' },
    claims: {
      P571: [time('P571', '+1889-03-31T00:00:00Z', 11)],
      P84: [item('P84', 'Q9000001'), item('P84', 'Q9000002')],
      P1435: [item('P1435', 'Q9000010')],
      P2048: [quantity('P2048', '+330', `${ENTITY}Q11573`)],
      P856: [url('P856', 'https://www.toureiffel.paris/')],
      P1174: [
        quantity('P1174', '+5800000', '1', 'normal', pointInTime(2011)),
        quantity('P1174', '+6207303', '1', 'preferred', pointInTime(2017)),
        quantity('P1174', '+1', '1', 'deprecated', pointInTime(1999)),
      ],
    },
  },
  Q10285: {
    labels: { en: 'Colosseum', it: 'Colosseo' },
    sitelinks: { enwiki: 'Colosseum', itwiki: 'Colosseo' },
    claims: {
      P571: [time('P571', '+0080-00-00T00:00:00Z', 9)],
      P1435: [item('P1435', 'Q9259')],
      P2048: [quantity('P2048', '+48', `${ENTITY}Q11573`)],
      P1174: [quantity('P1174', '+7400000', '1', 'normal', pointInTime(2019))],
    },
  },
  // An item whose article the stand-in does not hold: its summary is a 404, its claims are still there.
  Q19675: {
    labels: { en: 'Louvre' },
    sitelinks: { enwiki: 'Louvre Museum (stand-in without an article)' },
    claims: { P571: [time('P571', '+1793-08-10T00:00:00Z', 11)] },
  },
  Q9000001: { labels: { en: 'Stephen Sauvestre' } },
  Q9000002: { labels: { en: 'Maurice Koechlin' } },
  Q9000010: { labels: { en: 'monument historique classé' } },
  Q9259: { labels: { en: 'World Heritage Site' } },
};

/** Article summaries by title (English), lead sentences abridged from the articles (CC BY-SA 4.0, Wikipedia contributors). */
export const STAND_IN_SUMMARIES: Record<string, { item: string; description: string; extract: string }> = {
  'Eiffel Tower': {
    item: 'Q243',
    description: 'Tower in Paris, France',
    extract:
      'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower from 1887 to 1889.',
  },
  Colosseum: {
    item: 'Q10285',
    description: 'Ancient amphitheatre in Rome, Italy',
    extract:
      'The Colosseum is an elliptical amphitheatre in the centre of the city of Rome, Italy, just east of the Roman Forum. It is the largest ancient amphitheatre ever built.',
  },
};

/**
 * Summaries of other languages' Wikipedias, by language and title (facts in the guide's language), lead
 * sentences abridged from those articles (CC BY-SA 4.0, Wikipedia contributors). Served under /{lang}/api/rest_v1,
 * so `WIKI_API_URL=<origin>/{lang}/api/rest_v1` asks each language's Wikipedia as the real one would be.
 */
export const STAND_IN_LANGUAGE_SUMMARIES: Record<
  string,
  Record<string, { item: string; description: string; extract: string }>
> = {
  fr: {
    'Tour Eiffel': {
      item: 'Q243',
      description: 'tour de fer puddlé de Paris',
      extract:
        "La tour Eiffel est une tour de fer puddlé de 330 mètres de hauteur située à Paris, à l'extrémité nord-ouest du parc du Champ-de-Mars en bordure de la Seine. Construite en deux ans par Gustave Eiffel et ses collaborateurs pour l'Exposition universelle de Paris de 1889, elle est devenue le symbole de la capitale française.",
    },
  },
  it: {
    Colosseo: {
      item: 'Q10285',
      description: 'anfiteatro di Roma',
      extract:
        'Il Colosseo, originariamente conosciuto come Anfiteatro Flavio, è il più grande anfiteatro del mondo, situato nel centro della città di Roma. In grado di contenere un numero di spettatori stimato tra 50 000 e 87 000, è stato il più importante anfiteatro romano.',
    },
  },
};

export interface WikiStandIn {
  /** Handles a request when it is one of the stand-in's paths; false otherwise (the caller answers it). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Every request handled: method and path with query. */
  readonly calls: string[];
  /** The next `times` answers are this status (with Retry-After seconds when given), then normal again. */
  failNext(status: number, retryAfterSeconds?: number | string, times?: number): void;
  reset(): void;
}

export function createWikiStandIn(): WikiStandIn {
  const calls: string[] = [];
  let failures: Array<{ status: number; retryAfter?: number | string }> = [];

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res
      .writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': '*',
        ...headers,
      })
      .end(JSON.stringify(body));
  };

  function summary(res: http.ServerResponse, origin: string, rawTitle: string, lang = 'en') {
    const title = decodeURIComponent(rawTitle).replace(/_/g, ' ');
    const s = lang === 'en' ? STAND_IN_SUMMARIES[title] : STAND_IN_LANGUAGE_SUMMARIES[lang]?.[title];
    if (!s) {
      return send(
        res,
        404,
        {
          type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
          title: 'Not found.',
          method: 'get',
          detail: 'Page or revision not found.',
          uri: `/${lang}.wikipedia.org/v1/page/summary/${rawTitle}`,
        },
        { 'content-type': 'application/problem+json' },
      );
    }
    const canonical = title.replace(/ /g, '_');
    const site = lang === 'en' ? origin : `${origin}/${lang}`;
    const page = `${site}/wiki/${encodeURIComponent(canonical)}`;
    send(res, 200, {
      type: 'standard',
      title,
      displaytitle: `<span class="mw-page-title-main">${title}</span>`,
      namespace: { id: 0, text: '' },
      wikibase_item: s.item,
      titles: { canonical, normalized: title, display: `<span class="mw-page-title-main">${title}</span>` },
      pageid: 1000 + Object.keys(STAND_IN_SUMMARIES).indexOf(title),
      lang,
      dir: 'ltr',
      revision: '1250000000',
      tid: '00000000-0000-11ef-8000-000000000000',
      timestamp: '2026-10-01T12:00:00Z',
      description: s.description,
      description_source: 'local',
      content_urls: {
        desktop: {
          page,
          revisions: `${page}?action=history`,
          edit: `${page}?action=edit`,
          talk: `${site}/wiki/Talk:${encodeURIComponent(canonical)}`,
        },
        mobile: {
          page,
          revisions: `${page}?action=history`,
          edit: `${page}?action=edit`,
          talk: `${site}/wiki/Talk:${encodeURIComponent(canonical)}`,
        },
      },
      extract: s.extract,
      extract_html: `<p>${s.extract}</p>`,
    });
  }

  function wbgetentities(res: http.ServerResponse, q: URLSearchParams) {
    if (q.get('action') !== 'wbgetentities') {
      return send(res, 200, {
        error: { code: 'badvalue', info: `Unrecognized value for parameter "action": ${q.get('action')}.` },
        servedby: 'stand-in',
      });
    }
    const ids = (q.get('ids') ?? '').split('|').filter(Boolean);
    const bad = ids.find((id) => !/^Q[1-9]\d*$/.test(id));
    if (bad)
      return send(res, 200, {
        error: { code: 'no-such-entity', info: `Could not find an entity with the ID "${bad}".`, id: bad },
        servedby: 'stand-in',
      });
    const props = new Set(
      (q.get('props') ?? 'info|sitelinks|aliases|labels|descriptions|claims|datatype').split('|'),
    );
    const languages = q.get('languages')?.split('|');
    const sites = q.get('sitefilter')?.split('|');
    const entities: Record<string, unknown> = {};
    for (const id of ids) {
      const it = STAND_IN_ITEMS[id];
      if (!it) {
        entities[id] = { id, missing: '' };
        continue;
      }
      const e: Record<string, unknown> = { type: 'item', id };
      if (props.has('labels')) {
        e.labels = Object.fromEntries(
          Object.entries(it.labels)
            .filter(([l]) => !languages || languages.includes(l))
            .map(([language, value]) => [language, { language, value }]),
        );
      }
      if (props.has('sitelinks')) {
        e.sitelinks = Object.fromEntries(
          Object.entries(it.sitelinks ?? {})
            .filter(([site]) => !sites || sites.includes(site))
            .map(([site, title]) => [site, { site, title, badges: [] }]),
        );
      }
      if (props.has('claims')) e.claims = it.claims ?? {};
      entities[id] = e;
    }
    send(res, 200, { entities, success: 1 });
  }

  return {
    calls,
    failNext(status, retryAfterSeconds, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, retryAfter: retryAfterSeconds });
    },
    reset() {
      calls.length = 0;
      failures = [];
    },
    handle(req, res) {
      const u = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      // /api/rest_v1/… is English's Wikipedia; /{lang}/api/rest_v1/… another language's.
      const summaryPath = /^(?:\/([a-z]{2,3}))?\/api\/rest_v1\/page\/summary\/([^/]+)$/.exec(u.pathname);
      if (!summaryPath && u.pathname !== '/w/api.php') return false;
      calls.push(`${req.method} ${u.pathname}${u.search}`);
      const fail = failures.shift();
      if (fail) {
        send(
          res,
          fail.status,
          {
            httpCode: fail.status,
            httpReason: fail.status === 429 ? 'Too Many Requests' : 'Service Unavailable',
          },
          fail.retryAfter != null ? { 'retry-after': String(fail.retryAfter) } : {},
        );
        return true;
      }
      if (summaryPath) summary(res, u.origin, summaryPath[2], summaryPath[1] ?? 'en');
      else wbgetentities(res, u.searchParams);
      return true;
    },
  };
}

/** The stand-in on its own port (tests): `wikipediaUrl` is the WIKI_API_URL to configure. */
export async function startWikiStandIn(): Promise<
  WikiStandIn & { origin: string; wikipediaUrl: string; wikidataUrl: string; close(): Promise<void> }
> {
  const standIn = createWikiStandIn();
  const server = http.createServer((req, res) => {
    if (!standIn.handle(req, res)) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    origin,
    wikipediaUrl: `${origin}/api/rest_v1`,
    wikidataUrl: `${origin}/w/api.php`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}
