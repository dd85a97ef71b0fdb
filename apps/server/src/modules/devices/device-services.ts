import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { AlarmOutbox } from '../notify/delivery/alarm-outbox.js';
import { DeviceMonitor } from './device-monitor.js';
import { DevicesRepo } from './devices-repo.js';
import { DevicesService } from './devices-service.js';

/** Devices, their heartbeats, and the leader's offline monitor. */
export function deviceServices(d: {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  outbox: AlarmOutbox;
  groupExists: (id: number) => Promise<boolean>;
}) {
  const repo = new DevicesRepo(d.db);
  const { offlineMin, evalMs } = d.config.devices;
  return {
    devicesRepo: repo,
    devices: new DevicesService({
      db: d.db,
      devices: repo,
      outbox: d.outbox,
      groupExists: d.groupExists,
      offlineMin,
      timeZone: d.config.timeZone,
      now: d.now,
    }),
    deviceMonitor: new DeviceMonitor({
      db: d.db,
      devices: repo,
      outbox: d.outbox,
      offlineMin,
      evalMs,
      now: d.now,
      log: d.log,
    }),
  };
}
