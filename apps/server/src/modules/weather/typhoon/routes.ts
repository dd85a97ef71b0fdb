import { errors } from '@thunderwatch/shared/schemas/kit';
import type { TyphoonAlarm } from '@thunderwatch/shared/schemas/typhoon';
import {
  TyphoonAlarmList,
  TyphoonAlarmQuery,
  TyphoonDetail,
  TyphoonIdParams,
  TyphoonList,
  TyphoonListQuery,
} from '@thunderwatch/shared/schemas/typhoon';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { SiteAlarmListService } from '../../warnings/alarms/site-alarm-list-service.js';
import type { TyphoonService } from './typhoon-service.js';

export function typhoonRoutes(
  app: App,
  typhoons: TyphoonService,
  alarms: SiteAlarmListService<TyphoonAlarm>,
): void {
  app.get(
    '/api/weather/typhoon/alarms',
    {
      schema: {
        tags: ['weather'],
        description:
          'Typhoon alarms of the caller’s group, newest first: a storm whose current 34-kt radius covers a ' +
          'location (level 3), or whose path from now along its forecast passes within TYPHOON_ALERT_KM ' +
          '(level 2), with the closest distance and when. One per storm and location while it holds; ' +
          '`cleared_at` once the storm moved off or ended. `active=1` open ones only, `active=0` cleared ones.',
        querystring: TyphoonAlarmQuery,
        response: { 200: TyphoonAlarmList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => alarms.list(callerOf(req), req.query),
  );

  app.get(
    '/api/weather/typhoon/',
    {
      schema: {
        tags: ['weather'],
        description:
          'Storms, newest first: names, basin, peak intensity (strongest wind, lowest pressure) and status. ' +
          '`year` filters by season; `active=1` only storms with a track point in the last 24 h that the source ' +
          'has not ended, `active=0` the others.',
        querystring: TyphoonListQuery,
        response: { 200: TyphoonList, ...errors(400, 401) },
      },
    },
    (req) => typhoons.list(req.query),
  );

  app.get(
    '/api/weather/typhoon/:id',
    {
      schema: {
        tags: ['weather'],
        description:
          'One storm: its track (time, position, pressure, wind, grade, wind radii per quadrant), the latest ' +
          'forecast where the source carries one, and the cone of uncertainty along it.',
        params: TyphoonIdParams,
        response: { 200: TyphoonDetail, ...errors(400, 401, 404) },
      },
    },
    (req) => typhoons.get(req.params.id),
  );
}
