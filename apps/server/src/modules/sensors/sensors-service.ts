import {
  SENSOR_ELEMENTS,
  type SensorDto,
  type SensorInput,
  type SensorKind,
  type SensorUpdate,
  type SensorValues,
} from '@thunderwatch/shared/schemas/sensors';
import { type AuthUser, requirePermission } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { readScope, writeGroup } from '../../lib/group-scope.js';
import type { LocationsRepo } from '../warnings/locations/locations-repo.js';
import type { SensorFields, SensorRow, SensorsRepo } from './sensors-repo.js';

/** An active sensor with no reading for this long shows as offline. */
export const OFFLINE_AFTER_MS = 10 * 60_000;
/** Ids one batch request names at most. */
export const MAX_BATCH_IDS = 100;

export const sensorNotFound = () => new AppError('sensor.not_found', 404, 'No such sensor');

export function valuesOf(values: readonly (number | null)[]): SensorValues {
  return Object.fromEntries(SENSOR_ELEMENTS.map((e, i) => [e, values[i] ?? null])) as SensorValues;
}

export function toSensor(r: SensorRow, now: Date): SensorDto {
  const last = r.last_time && r.last_values ? { time: r.last_time, values: r.last_values } : null;
  return {
    id: r.id,
    group_id: Number(r.group_id),
    location_id: r.location_id === null ? null : Number(r.location_id),
    kind: r.kind,
    name: r.name,
    lat: r.lat,
    lon: r.lon,
    status: r.status,
    online: last !== null && now.getTime() - last.time.getTime() <= OFFLINE_AFTER_MS,
    latest: last && { time: last.time.toISOString(), values: valuesOf(last.values) },
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** `a,b,c` → distinct ids, each checked, at most MAX_BATCH_IDS. */
export function idsOf(text: string): string[] {
  const ids = [...new Set(text.split(',').map((s) => s.trim()))].filter((s) => s !== '');
  const bad = ids.find((id) => !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/.test(id));
  if (bad !== undefined || ids.length === 0 || ids.length > MAX_BATCH_IDS)
    throw new AppError('validation.failed', 400, `ids must be 1 to ${MAX_BATCH_IDS} sensor ids`, [
      {
        field: 'ids',
        message: bad === undefined ? 'wrong count' : `${JSON.stringify(bad)} is not a sensor id`,
      },
    ]);
  return ids;
}

/** Sensors of a group: CRUD for the group's admins (`device.manage`), lists and latest readings to readers. */
export class SensorsService {
  constructor(
    private readonly d: {
      sensors: SensorsRepo;
      locations: LocationsRepo;
      groupExists: (id: number) => Promise<boolean>;
      now: () => Date;
      /** A sensor deleted (its id may come back in another group). */
      changed?: (id: string) => void;
    },
  ) {}

  async list(user: AuthUser, q: { group_id?: number; kind?: SensorKind; location_id?: number }) {
    requirePermission(user, 'location.read');
    const rows = await this.d.sensors.list({
      groupId: readScope(user, q.group_id),
      kind: q.kind,
      locationId: q.location_id,
    });
    const now = this.d.now();
    return { items: rows.map((r) => toSensor(r, now)) };
  }

  async get(user: AuthUser, id: string): Promise<SensorDto> {
    requirePermission(user, 'location.read');
    const row = await this.d.sensors.get(id, readScope(user, undefined));
    if (!row) throw sensorNotFound();
    return toSensor(row, this.d.now());
  }

  async latest(user: AuthUser, id: string) {
    requirePermission(user, 'location.read');
    const s = await this.get(user, id);
    return { id: s.id, kind: s.kind, time: s.latest?.time ?? null, values: s.latest?.values ?? null };
  }

  /** Sensors the caller cannot see are left out, as unknown ids are. */
  async latestBatch(user: AuthUser, ids: string) {
    requirePermission(user, 'location.read');
    const rows = await this.d.sensors.byIds(idsOf(ids), readScope(user, undefined));
    const now = this.d.now();
    return {
      items: rows.map((r) => {
        const s = toSensor(r, now);
        return { id: s.id, kind: s.kind, time: s.latest?.time ?? null, values: s.latest?.values ?? null };
      }),
    };
  }

  async create(user: AuthUser, input: SensorInput, groupId?: number): Promise<SensorDto> {
    requirePermission(user, 'device.manage');
    const group = await writeGroup(user, groupId, this.d.groupExists);
    const fields = await this.fields(group, { ...input, status: input.status ?? 'active' });
    if (!(await this.d.sensors.create(group, input.id, input.kind, fields)))
      throw new AppError('sensor.id_taken', 409, `A sensor ${input.id} exists already`);
    return this.get(user, input.id);
  }

  async update(user: AuthUser, id: string, input: SensorUpdate): Promise<SensorDto> {
    requirePermission(user, 'device.manage');
    const row = await this.d.sensors.get(id, readScope(user, undefined));
    if (!row) throw sensorNotFound();
    const group = Number(row.group_id);
    const fields = await this.fields(group, {
      name: input.name ?? row.name,
      lat: input.lat ?? row.lat,
      lon: input.lon ?? row.lon,
      location_id:
        input.location_id !== undefined
          ? input.location_id
          : row.location_id === null
            ? null
            : Number(row.location_id),
      status: input.status ?? row.status,
    });
    await this.d.sensors.update(id, fields, this.d.now());
    return this.get(user, id);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    requirePermission(user, 'device.manage');
    if (!(await this.d.sensors.get(id, readScope(user, undefined)))) throw sensorNotFound();
    await this.d.sensors.delete(id);
    this.d.changed?.(id);
  }

  /** A sensor's location must be one of its group's (another group's looks absent). */
  private async fields(
    groupId: number,
    f: {
      name: string;
      lat: number;
      lon: number;
      location_id?: number | null;
      status: SensorFields['status'];
    },
  ): Promise<SensorFields> {
    const locationId = f.location_id ?? null;
    if (locationId !== null && !(await this.d.locations.get(locationId, groupId)))
      throw new AppError('location.not_found', 404, 'No such location in the sensor’s group');
    return { name: f.name.trim(), lat: f.lat, lon: f.lon, locationId, status: f.status };
  }
}
