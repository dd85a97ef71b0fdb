import { errors, Id, Paging, pageOf } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AlarmsService } from './alarms-service.js';

const Time = Type.String({ format: 'date-time' });

export const AlarmSchema = Type.Object({
  id: Type.Integer(),
  alert_id: Type.Integer(),
  location_id: Type.Integer(),
  location_name: Type.String(),
  group_id: Type.Integer(),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  previous_level: Type.Integer({ minimum: 0, maximum: 2 }),
  created_at: Time,
  nearest_km: Type.Union([Type.Number(), Type.Null()]),
  bearing_deg: Type.Union([Type.Number(), Type.Null()]),
  confirmed_at: Type.Union([Time, Type.Null()]),
  confirmed_by: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
});

const dateOf = (s: string | undefined) => (s ? new Date(s) : undefined);

export function alarmRoutes(app: App, alarms: AlarmsService): void {
  app.get(
    '/api/alarms/',
    {
      schema: {
        tags: ['alarms'],
        querystring: Type.Object(
          {
            group_id: Type.Optional(Id),
            confirmed: Type.Optional(Type.Boolean()),
            level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
            location_id: Type.Optional(Id),
            from: Type.Optional(Type.String({ format: 'date-time', description: 'created at or after' })),
            to: Type.Optional(Type.String({ format: 'date-time', description: 'created before' })),
            ...Paging,
          },
          { additionalProperties: false },
        ),
        response: { 200: pageOf(AlarmSchema), ...errors(400, 401, 403, 404) },
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
