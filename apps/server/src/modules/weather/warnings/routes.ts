import { CapMessage } from '@thunderwatch/shared/schemas/alerts';
import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  WeatherWarning,
  type WeatherWarningAlarm,
  WeatherWarningAlarmList,
  WeatherWarningAlarmQuery,
  WeatherWarningFeedQuery,
  WeatherWarningIdParams,
  WeatherWarningList,
  WeatherWarningQuery,
} from '@thunderwatch/shared/schemas/weather-warning';
import { callerOf } from '../../../lib/caller.js';
import { CAP_CONTENT_TYPE } from '../../../lib/cap-format.js';
import type { App } from '../../../lib/fastify.js';
import type { SiteAlarmListService } from '../../warnings/alarms/site-alarm-list-service.js';
import { ATOM_CONTENT_TYPE } from './warning-atom.js';
import type { WeatherWarningService } from './weather-warning-service.js';

export function weatherWarningRoutes(
  app: App,
  warnings: WeatherWarningService,
  alarms: SiteAlarmListService<WeatherWarningAlarm>,
  publicUrl: string,
): void {
  app.get(
    '/api/weather/warning',
    {
      schema: {
        tags: ['weather'],
        description:
          'Official weather warnings (CAP), newest first, at most 500: CMA kind and colour, texts in the ' +
          'preferred language (zh, else en), the area as GeoJSON (circles as 48-gons; null when only geocodes). ' +
          '`active=1` open ones (not superseded, cancelled or expired), `active=0` closed ones; `bbox` those ' +
          'whose area reaches into minLon,minLat,maxLon,maxLat; `kind` one kind.',
        querystring: WeatherWarningQuery,
        response: { 200: WeatherWarningList, ...errors(400, 401, 403) },
      },
    },
    (req) => warnings.list(callerOf(req), req.query),
  );

  app.get(
    '/api/weather/warning/alarms',
    {
      schema: {
        tags: ['weather'],
        description:
          'Weather warning alarms of the caller’s group, newest first: an open warning whose polygon or circle ' +
          'covers a location. `active=1` open ones only (the board’s chips), `active=0` cleared ones.',
        querystring: WeatherWarningAlarmQuery,
        response: { 200: WeatherWarningAlarmList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => alarms.list(callerOf(req), req.query),
  );

  app.get(
    '/api/weather/warning/feed.atom',
    {
      schema: {
        tags: ['weather'],
        description:
          'Atom feed of the group’s warnings (those that covered one of its locations), newest 100, each ' +
          'linking its CAP export. Authenticated like every API (Authorization: Bearer).',
        querystring: WeatherWarningFeedQuery,
        response: { 200: CapMessage, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.type(ATOM_CONTENT_TYPE).send(await warnings.atom(callerOf(req), req.query, publicUrl)),
  );

  app.get(
    '/api/weather/warning/:id',
    {
      schema: {
        tags: ['weather'],
        description: 'One weather warning, open or closed (with why and by which message).',
        params: WeatherWarningIdParams,
        response: { 200: WeatherWarning, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => warnings.get(callerOf(req), req.params.id),
  );

  app.get(
    '/api/weather/warning/:id/cap',
    {
      schema: {
        tags: ['weather'],
        description:
          'The warning as an OASIS CAP 1.2 alert (application/cap+xml) with its sender’s identity, valid ' +
          'against the CAP 1.2 schema.',
        params: WeatherWarningIdParams,
        response: { 200: CapMessage, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply
        .type(CAP_CONTENT_TYPE)
        .header('content-disposition', `inline; filename="weather-warning-${req.params.id}.cap.xml"`)
        .send(await warnings.cap(callerOf(req), req.params.id)),
  );
}
