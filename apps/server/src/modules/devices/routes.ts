import {
  Device,
  DeviceCreate,
  DeviceIdParams,
  DeviceInfo,
  DeviceInfoQuery,
  DeviceList,
  DeviceListQuery,
  DeviceUpdate,
} from '@thunderwatch/shared/schemas/devices';
import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../lib/caller.js';
import type { App } from '../../lib/fastify.js';
import type { DevicesService } from './devices-service.js';

/** Devices of the caller's group (`/api/devices/`, changes need `device.manage`) and one's details. */
export function deviceRoutes(app: App, devices: DevicesService): void {
  app.get(
    '/api/devices/',
    {
      schema: {
        tags: ['devices'],
        description:
          'Detection stations and field sensors of the caller’s group (administrators: all, or `group_id`), ' +
          'with their status: `online`, `degraded` (latest heartbeat without GPS lock, temperature outside ' +
          '−30…60 °C, supply outside 11…14.8 V, or noise ≥ 70 %), `offline` (no heartbeat for DEVICE_OFFLINE_MIN).',
        querystring: DeviceListQuery,
        response: { 200: DeviceList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => devices.list(callerOf(req), req.query),
  );

  app.post(
    '/api/devices/',
    {
      schema: {
        tags: ['devices'],
        description: 'Registers a device (offline until its first heartbeat); 409 when the id is taken.',
        body: DeviceCreate,
        response: { 201: Device, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await devices.create(callerOf(req), req.body)),
  );

  app.patch(
    '/api/devices/:id',
    {
      schema: {
        tags: ['devices'],
        params: DeviceIdParams,
        body: DeviceUpdate,
        response: { 200: Device, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => devices.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/devices/:id',
    {
      schema: {
        tags: ['devices'],
        params: DeviceIdParams,
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await devices.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/device_info',
    {
      schema: {
        tags: ['devices'],
        description:
          'One device: its details, latest heartbeat, status changes (newest first, at most 200) and uptime ' +
          'per UTC day over the last `days` (default 30; online and degraded count as up).',
        querystring: DeviceInfoQuery,
        response: { 200: DeviceInfo, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => devices.info(callerOf(req), req.query),
  );
}
