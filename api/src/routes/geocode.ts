import type { FastifyInstance } from 'fastify';
import { GeocodeQuery, ReverseGeocodeQuery } from '@wayfarer/contracts';
import { getGazetteer, toNominatim } from '../services/gazetteer';
import { notFound } from '../http/errors';

export async function geocodeRoutes(app: FastifyInstance) {
  app.get('/geocode', async (req) => {
    const q = GeocodeQuery.parse(req.query);
    const gaz = await getGazetteer();
    return gaz.search(q.q, q.limit).map(toNominatim);
  });

  app.get('/geocode/reverse', async (req) => {
    const q = ReverseGeocodeQuery.parse(req.query);
    const gaz = await getGazetteer();
    const hit = gaz.nearest(q.lat, q.lon);
    if (!hit) throw notFound('Unable to geocode');
    return { ...toNominatim(hit.city), lat: String(q.lat), lon: String(q.lon) };
  });
}
