import { errors } from '@thunderwatch/shared/schemas/kit';
import type { WaveAlarm } from '@thunderwatch/shared/schemas/wave-alarms';
import { WaveAlarmList, WaveAlarmQuery } from '@thunderwatch/shared/schemas/wave-alarms';
import { WaveData, WaveDataQuery } from '@thunderwatch/shared/schemas/weather';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { SiteAlarmListService } from '../../warnings/alarms/site-alarm-list-service.js';
import type { WavesService } from './waves-service.js';

export function waveRoutes(app: App, waves: WavesService, alarms: SiteAlarmListService<WaveAlarm>): void {
  app.get(
    '/api/wave_data/alarms',
    {
      schema: {
        tags: ['weather'],
        description:
          'Wave alarms of the caller’s group, newest first: a location within WAVE_ALERT_RADIUS_KM of a station ' +
          'whose latest significant wave height reached WAVE_ALERT_CM (level 3 from 1.5 times it). One per station ' +
          'and location while it holds (down to 90 % of the threshold); `cleared_at` once it fell below that or ' +
          'the station had no height for 6 h. `active=1` open ones only, `active=0` cleared ones.',
        querystring: WaveAlarmQuery,
        response: { 200: WaveAlarmList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => alarms.list(callerOf(req), req.query),
  );

  app.get(
    '/api/wave_data',
    {
      schema: {
        tags: ['weather'],
        description:
          'Sea-wave readings: `station=` (or `bbox=`, at most 50 stations) over `from`…`to` (default the last 24 h, at most 31 days), ' +
          'or with `latest=1` each station’s latest reading of the 6 h before `to` (with `bbox`, any number of stations). ' +
          'Each reading carries its Douglas sea-scale degree and whether its height reaches the alert threshold.',
        querystring: WaveDataQuery,
        response: { 200: WaveData, ...errors(400, 401, 404) },
      },
    },
    (req) => waves.data(req.query),
  );
}
