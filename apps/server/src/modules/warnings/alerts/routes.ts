import { errors, Id, Nullable, Paging, pageOf } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AlertsService } from './alerts-service.js';
import { CAP_CONTENT_TYPE } from './cap.js';

const Time = Type.String({ format: 'date-time' });
const RingLevel = Type.Integer({ minimum: 1, maximum: 3 });

const Alert = Type.Object({
  id: Type.Integer(),
  location_id: Type.Integer(),
  location_name: Type.String(),
  group_id: Type.Integer(),
  started_at: Time,
  ended_at: Nullable(Time),
  peak_level: RingLevel,
  first_stroke: Nullable(
    Type.Object({
      time: Type.String(),
      lat: Type.Number(),
      lon: Type.Number(),
      peak_ka: Type.Number(),
      type: Type.String(),
      distance_km: Type.Number(),
    }),
  ),
  nearest_km: Nullable(Type.Number()),
  ring_counts: Type.Array(
    Type.Object({ radius_km: Type.Number(), level: RingLevel, strokes: Type.Integer() }),
  ),
  timeline: Type.Array(Type.Object({ at: Type.String(), level: Type.Integer({ minimum: 0, maximum: 3 }) })),
});

const AlertQuery = Type.Object(
  {
    group_id: Type.Optional(Id),
    location_id: Type.Optional(Id),
    peak_level: Type.Optional(RingLevel),
    open: Type.Optional(Type.Boolean({ description: 'true: still going on; false: ended' })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'started at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'started before' })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
    ...Paging,
  },
  { additionalProperties: false },
);

const ById = { params: Type.Object({ id: Id }) };
const dateOf = (s: string | undefined) => (s ? new Date(s) : undefined);
/** CAP `sender` from the host name the caller used, reduced to characters CAP allows. */
const senderOf = (hostname: string) =>
  `thunderwatch@${hostname.replace(/[^A-Za-z0-9.-]/g, '') || 'localhost'}`;

export function alertRoutes(app: App, alerts: AlertsService): void {
  app.get(
    '/api/alert_hist/',
    {
      schema: {
        tags: ['alerts'],
        querystring: AlertQuery,
        // 200 is JSON `{items, total}` or, with format=csv, a CSV file.
        response: { 200: Type.Union([pageOf(Alert), Type.String()]), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { format, limit, offset, from, to, group_id, location_id, peak_level, open } = req.query;
      const query = {
        groupId: group_id,
        locationId: location_id,
        peakLevel: peak_level,
        open,
        from: dateOf(from),
        to: dateOf(to),
      };
      if (format === 'csv') {
        const csv = await alerts.csv(callerOf(req), query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="alert_hist.csv"')
          .serializer((s: unknown) => String(s))
          .send(`\uFEFF${csv}`);
      }
      return alerts.list(callerOf(req), query, limit, offset);
    },
  );

  app.get(
    '/api/alert_hist/:id',
    { schema: { tags: ['alerts'], ...ById, response: { 200: Alert, ...errors(401, 403, 404) } } },
    (req) => alerts.get(callerOf(req), req.params.id),
  );

  app.get(
    '/api/alert_hist/:id/cap',
    {
      schema: {
        tags: ['alerts'],
        description: 'The alert as an OASIS CAP 1.2 message (application/cap+xml)',
        ...ById,
        response: { 200: Type.String(), ...errors(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const xml = await alerts.cap(callerOf(req), req.params.id, senderOf(req.hostname));
      return reply
        .type(CAP_CONTENT_TYPE)
        .header('content-disposition', `inline; filename="alert-${req.params.id}.cap.xml"`)
        .send(xml);
    },
  );

  app.get(
    '/api/hourly_warning',
    {
      schema: {
        tags: ['alerts'],
        querystring: Type.Object(
          {
            from: Type.Optional(Type.String({ format: 'date-time' })),
            to: Type.Optional(Type.String({ format: 'date-time' })),
            location_id: Type.Optional(Id),
            group_id: Type.Optional(Id),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                hour: Time,
                location_id: Type.Integer(),
                level: RingLevel,
                count: Type.Integer(),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    (req) =>
      alerts.hourly(callerOf(req), {
        ...req.query,
        from: dateOf(req.query.from),
        to: dateOf(req.query.to),
      }),
  );
}
