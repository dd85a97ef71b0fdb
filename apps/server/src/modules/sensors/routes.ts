import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import {
  Sensor,
  SensorDataListQuery,
  SensorDataResponse,
  SensorId,
  SensorIdQuery,
  SensorIdsQuery,
  SensorInput,
  SensorLatest,
  SensorLatestBatch,
  SensorList,
  SensorListQuery,
  SensorSeries,
  SensorSeriesQuery,
  SensorUpdate,
} from '@thunderwatch/shared/schemas/sensors';
import { GroupQuery } from '@thunderwatch/shared/schemas/warnings';
import { Type } from 'typebox';
import { callerOf } from '../../lib/caller.js';
import type { App } from '../../lib/fastify.js';
import type { SensorDataService } from './sensor-data-service.js';
import type { SensorsService } from './sensors-service.js';

const ById = { params: Type.Object({ id: SensorId }) };
const tags = ['sensors'];

export function sensorRoutes(app: App, sensors: SensorsService, data: SensorDataService): void {
  app.get(
    '/api/sensor/list/',
    {
      schema: {
        tags,
        description:
          'The sensors of the caller’s group (admins: every group, or `group_id`), with their latest reading.',
        querystring: SensorListQuery,
        response: { 200: SensorList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => sensors.list(callerOf(req), req.query),
  );
  app.get(
    '/api/sensor/sensor_data_latest',
    {
      schema: {
        tags,
        querystring: SensorIdQuery,
        response: { 200: SensorLatest, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => sensors.latest(callerOf(req), req.query.id),
  );
  app.get(
    '/api/sensor/sensor_data_latest_batch',
    {
      schema: {
        tags,
        description:
          'The latest reading of each sensor named (unknown ids and other groups’ sensors left out).',
        querystring: SensorIdsQuery,
        response: { 200: SensorLatestBatch, ...errors(400, 401, 403) },
      },
    },
    (req) => sensors.latestBatch(callerOf(req), req.query.ids),
  );
  app.get(
    '/api/sensor/sensor_data',
    {
      schema: {
        tags,
        description:
          'One element of one sensor over `from`…`to` (default the last 24 h, at most 31 days): each reading when the span holds at most 3,000 (or `interval` < 60), else min/max/mean per `interval` seconds (a multiple of 60; default about 1,000 points) from the per-minute rollups. Wind direction is not rolled up.',
        querystring: SensorSeriesQuery,
        response: { 200: SensorSeries, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => data.series(callerOf(req), req.query),
  );
  app.get(
    '/api/sensor/data_list/',
    {
      schema: {
        tags,
        description:
          'A page of raw readings, newest first, of the caller’s group’s sensors (or `ids`, `kind`) over `from`…`to` (default the last 24 h, at most 31 days); `format=csv` downloads the page. `total` counts up to 100,000.',
        querystring: SensorDataListQuery,
        response: { 200: SensorDataResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      if (req.query.format === 'csv') {
        const csv = await data.csv(callerOf(req), req.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="sensor_data.csv"')
          .serializer((s: unknown) => String(s))
          .send(`\uFEFF${csv}`);
      }
      return data.page(callerOf(req), req.query);
    },
  );

  app.post(
    '/api/sensors/',
    {
      schema: {
        tags,
        description:
          'Registers a sensor (group admins; admins for any group with `group_id`). Ids are unique across groups.',
        querystring: GroupQuery,
        body: SensorInput,
        response: { 201: Sensor, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await sensors.create(callerOf(req), req.body, req.query.group_id)),
  );
  app.get(
    '/api/sensors/:id',
    { schema: { tags, ...ById, response: { 200: Sensor, ...errors(400, 401, 403, 404) } } },
    (req) => sensors.get(callerOf(req), req.params.id),
  );
  app.put(
    '/api/sensors/:id',
    {
      schema: { tags, ...ById, body: SensorUpdate, response: { 200: Sensor, ...errors(400, 401, 403, 404) } },
    },
    (req) => sensors.update(callerOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/sensors/:id',
    { schema: { tags, ...ById, response: { 200: StatusOk, ...errors(400, 401, 403, 404) } } },
    async (req) => {
      await sensors.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
}
