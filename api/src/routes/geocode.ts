import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CityNamesQuery,
  CityNamesResponse,
  ErrorBody,
  GeocodePlace,
  GeocodeQuery,
  GeocodeResponse,
  ReverseGeocodeQuery,
} from '@wayfarer/contracts';
import { getGazetteer, toNominatim } from '../services/gazetteer';
import { notFound } from '../http/errors';
import { cityNamesFor } from '../services/place-names';

export async function geocodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/geocode',
    {
      schema: {
        summary: 'Places by name (Nominatim JSON shape), from the offline gazetteer',
        querystring: GeocodeQuery,
        response: { 200: GeocodeResponse },
      },
    },
    async (req) => {
      const q = req.query;
      const gaz = await getGazetteer();
      return gaz.search(q.q, q.limit).map(toNominatim);
    },
  );

  // One answer per language, the same until the data is rebuilt: cached by the browser and shared caches a day.
  app.get(
    '/geocode/city-names',
    {
      schema: {
        summary: "The seed's city names in one language (keyed `CC|city`), where they differ from the data's",
        querystring: CityNamesQuery,
        response: { 200: CityNamesResponse },
      },
    },
    async (req, reply) => {
      void reply.header('Cache-Control', 'public, max-age=86400');
      return { lang: req.query.lang, names: cityNamesFor(req.query.lang) };
    },
  );

  app.get(
    '/geocode/reverse',
    {
      schema: {
        summary: 'The place at a point (Nominatim JSON shape)',
        querystring: ReverseGeocodeQuery,
        response: { 200: GeocodePlace, 404: ErrorBody.describe('No place near the point') },
      },
    },
    async (req) => {
      const q = req.query;
      const gaz = await getGazetteer();
      const hit = gaz.locate(q.lat, q.lon);
      if (!hit) throw notFound('Unable to geocode');
      return { ...toNominatim(hit.city), lat: String(q.lat), lon: String(q.lon) };
    },
  );
}
