import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  CityListQuery,
  ProvinceListQuery,
  RegionList,
  RegionLookup,
  RegionLookupQuery,
} from '@thunderwatch/shared/schemas/regions';
import type { App } from '../../lib/fastify.js';
import { sendJsonText } from '../../lib/json-text.js';
import type { RegionsService } from './regions-service.js';

export function regionRoutes(app: App, regions: RegionsService): void {
  app.get(
    '/api/provinces/',
    {
      schema: {
        tags: ['regions'],
        description:
          'China’s provinces, autonomous regions, municipalities and SARs (GB/T 2260 codes), by code: names in ' +
          'Chinese and English, bounding box and area; `geometry=1` adds each simplified boundary (GeoJSON).',
        querystring: ProvinceListQuery,
        response: { 200: RegionList, ...errors(400, 401) },
      },
    },
    async (req, reply) => sendJsonText(reply, await regions.provincesJson(req.query)),
  );

  app.get(
    '/api/cities/',
    {
      schema: {
        tags: ['regions'],
        description:
          'China’s prefecture-level cities, prefectures and leagues, and the municipalities and SARs as cities ' +
          '(GB/T 2260), by code; `province` (44 or 440000) keeps one province’s; `geometry=1` as for provinces.',
        querystring: CityListQuery,
        response: { 200: RegionList, ...errors(400, 401) },
      },
    },
    async (req, reply) => sendJsonText(reply, await regions.citiesJson(req.query)),
  );

  app.get(
    '/api/regions/lookup',
    {
      schema: {
        tags: ['regions'],
        description: 'The city and province a point lies in (null outside China’s boundaries).',
        querystring: RegionLookupQuery,
        response: { 200: RegionLookup, ...errors(400, 401) },
      },
    },
    (req) => regions.lookup(req.query),
  );
}
