import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SearchQuery, SearchResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { searchSightsAndPlaces } from '../services/search';

export async function searchRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/search',
    {
      schema: {
        summary:
          'Sights and places by name (accent-insensitive, typo-tolerant), sights first when they match well',
        'x-auth': 'none',
        querystring: SearchQuery,
        response: { 200: SearchResponse },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if ((q.lat === undefined) !== (q.lon === undefined))
        throw badRequest('lat and lon must be sent together');
      // The in-process index answers once the nearby grid that feeds it is built; SQL until then or with
      // NEARBY_INDEX=sql.
      const memory = (await deps.sightIndex.current()) && deps.searchIndex.ready;
      reply.header('x-search-source', memory ? 'index' : 'sql');
      return { items: await searchSightsAndPlaces(deps.db, q, memory ? deps.searchIndex : undefined) };
    },
  );
}
