import { dailyUptime, degradedReasons, deviceStatus } from '@thunderwatch/domain/devices/device-status';
import { parseHeartbeat } from '@thunderwatch/domain/devices/heartbeat-parse';
import { addDays, localDate, startOfLocalDay } from '@thunderwatch/domain/notify/daily-summary-due';
import { englishName } from '@thunderwatch/shared/names';
import type {
  Device,
  DeviceCreate,
  DeviceInfo,
  DeviceInfoQuery,
  DeviceList,
  DeviceListQuery,
  DeviceUpdate,
  HeartbeatResult,
} from '@thunderwatch/shared/schemas/devices';
import type { Database } from '../../db/database.js';
import { type AuthUser, groupScope, requirePermission } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { readScope, writeGroup } from '../../lib/group-scope.js';
import { requestTimeZone } from '../../lib/time-zone.js';
import type { AlarmOutbox } from '../notify/delivery/alarm-outbox.js';
import { deviceEvents } from './device-events.js';
import type { DevicesRepo } from './devices-repo.js';

const HISTORY_MAX = 200;
const notFound = () => new AppError('device.not_found', 404, 'No such device');

/** Devices of a group: registration (`device.manage`), details for everyone in the group, and heartbeats. */
export class DevicesService {
  constructor(
    private readonly d: {
      db: Database;
      devices: DevicesRepo;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
      groupExists: (id: number) => Promise<boolean>;
      offlineMin: number;
      /** The deployment's time zone (`TIME_ZONE`): the uptime's days unless the caller names one. */
      timeZone: string;
      now: () => Date;
    },
  ) {}

  async list(user: AuthUser, q: DeviceListQuery): Promise<DeviceList> {
    requirePermission(user, 'location.read');
    return {
      items: await this.d.devices.list({
        groupId: readScope(user, q.group_id),
        status: q.status,
        kind: q.kind,
      }),
    };
  }

  async info(user: AuthUser, q: DeviceInfoQuery): Promise<DeviceInfo> {
    requirePermission(user, 'location.read');
    const device = await this.d.devices.get(q.id, groupScope(user));
    if (!device) throw notFound();
    const now = this.d.now();
    const timeZone = requestTimeZone(q.time_zone, this.d.timeZone);
    const from = startOfLocalDay(addDays(localDate(now, timeZone), -((q.days ?? 30) - 1)), timeZone);
    const [last, history, changes] = await Promise.all([
      this.d.devices.lastHeartbeat(q.id),
      this.d.devices.historyOf(q.id, HISTORY_MAX),
      this.d.devices.changesSince(q.id, from),
    ]);
    return {
      device,
      last_heartbeat: last,
      history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
      uptime: dailyUptime(changes, from, now, timeZone),
      offline_min: this.d.offlineMin,
    };
  }

  async create(user: AuthUser, body: DeviceCreate): Promise<Device> {
    requirePermission(user, 'device.manage');
    const groupId = await writeGroup(user, body.group_id, this.d.groupExists);
    const named = { ...body, name_en: englishName(body.name_en) };
    if (!(await this.d.devices.create(named, groupId, this.d.now())))
      throw new AppError('device.exists', 409, `A device ${body.id} already exists`);
    return (await this.d.devices.get(body.id, groupId)) as Device;
  }

  async update(user: AuthUser, id: string, patch: DeviceUpdate): Promise<Device> {
    requirePermission(user, 'device.manage');
    const scope = groupScope(user);
    // A blank English name clears it, as null does; left out, it is kept.
    const named = patch.name_en === undefined ? patch : { ...patch, name_en: englishName(patch.name_en) };
    if (!(await this.d.devices.update(id, scope, named))) throw notFound();
    return (await this.d.devices.get(id, scope)) as Device;
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    requirePermission(user, 'device.manage');
    if (!(await this.d.devices.remove(id, groupScope(user)))) throw notFound();
  }

  /**
   * A heartbeat as received (HTTP body or MQTT payload, the device from the topic): checked field by field
   * (400 naming the first bad one), stored, and the status it gives written; a device coming back from
   * offline is told to its group's lists in the same transaction.
   */
  async heartbeat(body: unknown, device?: string): Promise<HeartbeatResult> {
    const now = this.d.now();
    const parsed = parseHeartbeat(body, now, device);
    if (!parsed.ok)
      throw new AppError('device.invalid_heartbeat', 400, `${parsed.field}: ${parsed.reason}`, [
        { field: parsed.field, message: parsed.reason },
      ]);
    const hb = parsed.heartbeat;
    const reasons = degradedReasons(hb);
    const status = deviceStatus({ at: new Date(hb.time), reasons }, now, this.d.offlineMin);
    const deliveries = await this.d.db.transaction(async (tx) => {
      const change = await this.d.devices.heartbeat(parsed.device, hb, status, reasons, tx);
      if (change === undefined) throw notFound();
      if (change === null) return 0;
      return this.d.outbox.enqueueEvents(tx, 'device', deviceEvents([change], this.d.offlineMin, now));
    });
    if (deliveries > 0) this.d.outbox.committed();
    return { device: parsed.device, status, reasons };
  }
}
