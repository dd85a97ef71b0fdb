import { errors, Id, Nullable } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import { AlarmSchema } from '../alarms/routes.js';
import type { WarningService } from './warning-service.js';

const RingCount = Type.Object({
  radius_km: Type.Number(),
  level: Type.Integer(),
  last_15_min: Type.Integer(),
  episode: Type.Integer(),
  active: Type.Boolean(),
});

const Approach = Type.Object({
  status: Type.Enum(['approaching', 'moving_away', 'stationary', 'unknown']),
  direction_deg: Nullable(Type.Number()),
  speed_kmh: Nullable(Type.Number()),
  rings: Type.Array(Type.Object({ radius_km: Type.Number(), eta_min: Nullable(Type.Number()) })),
});

export const WarningItemSchema = Type.Object({
  location_id: Type.Integer(),
  name: Type.String(),
  level: Type.Integer({ minimum: 0, maximum: 3 }),
  since: Nullable(Type.String({ format: 'date-time' })),
  nearest_km: Nullable(Type.Number()),
  bearing_deg: Nullable(Type.Number()),
  counts: Type.Array(RingCount),
  all_clear_at: Nullable(Type.String({ format: 'date-time' })),
  approach: Nullable(Approach),
  alert_id: Nullable(Type.Integer()),
  unconfirmed_alarms: Type.Integer(),
});

const Skill = Type.Object({
  location_id: Type.Integer(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  events: Type.Integer(),
  hits: Type.Integer(),
  misses: Type.Integer(),
  false_alarms: Type.Integer(),
  pod: Nullable(Type.Number()),
  far: Nullable(Type.Number()),
  csi: Nullable(Type.Number()),
  median_lead_time_min: Nullable(Type.Number()),
  median_time_to_clear_min: Nullable(Type.Number()),
  false_alarm_minutes: Type.Number(),
});

/** The live warning of my locations, alarm confirmation and warning skill. */
export function warningRoutes(app: App, warnings: WarningService): void {
  app.get(
    '/api/warning',
    {
      schema: {
        tags: ['warnings'],
        querystring: Type.Object({ group_id: Type.Optional(Id) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ items: Type.Array(WarningItemSchema) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => warnings.list(callerOf(req), req.query.group_id),
  );

  app.post(
    '/api/warning/alarm_confirm',
    {
      schema: {
        tags: ['warnings'],
        body: Type.Object(
          { id: Id, note: Type.Optional(Type.String({ maxLength: 1000 })) },
          { additionalProperties: false },
        ),
        response: { 200: AlarmSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => warnings.confirm(callerOf(req), req.body),
  );

  app.get(
    '/api/warning/skill',
    {
      schema: {
        tags: ['warnings'],
        querystring: Type.Object(
          {
            location_id: Id,
            from: Type.String({ format: 'date-time' }),
            to: Type.String({ format: 'date-time' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Skill, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) =>
      warnings.skill(callerOf(req), {
        location_id: req.query.location_id,
        from: new Date(req.query.from),
        to: new Date(req.query.to),
      }),
  );
}
