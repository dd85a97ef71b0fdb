import { errors } from '@thunderwatch/shared/schemas/kit';
import { AlarmPage, AlarmQuery } from '@thunderwatch/shared/schemas/warnings';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AlarmsService } from './alarms-service.js';

const dateOf = (s: string | undefined) => (s ? new Date(s) : undefined);

export function alarmRoutes(app: App, alarms: AlarmsService): void {
  app.get(
    '/api/alarms/',
    {
      schema: {
        tags: ['alarms'],
        querystring: AlarmQuery,
        response: { 200: AlarmPage, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      const { limit, offset, group_id, location_id, from, to, ...rest } = req.query;
      const query = {
        ...rest,
        groupId: group_id,
        locationId: location_id,
        from: dateOf(from),
        to: dateOf(to),
      };
      return alarms.list(callerOf(req), query, limit, offset);
    },
  );
}
