import type { DegradedReason, DeviceStatus } from '@thunderwatch/domain/devices/device-status';
import type { Device, DeviceCreate, DeviceUpdate, Heartbeat } from '@thunderwatch/shared/schemas/devices';
import type { Database, Queryable } from '../../db/database.js';

const COLUMNS = `id, group_id::float8 AS group_id, name, name_en, kind, model, serial, lat, lon, installed_at, firmware, status,
  status_reasons, status_since, last_heartbeat_at, created_at`;

interface Row extends Omit<Device, 'installed_at' | 'status_since' | 'last_heartbeat_at' | 'created_at'> {
  installed_at: Date | null;
  status_since: Date;
  last_heartbeat_at: Date | null;
  created_at: Date;
}

const EDITABLE = new Set([
  'name',
  'name_en',
  'kind',
  'model',
  'serial',
  'lat',
  'lon',
  'installed_at',
  'firmware',
]);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toDevice = (r: Row): Device => ({
  ...r,
  installed_at: iso(r.installed_at),
  status_since: r.status_since.toISOString(),
  last_heartbeat_at: iso(r.last_heartbeat_at),
  created_at: r.created_at.toISOString(),
});

/** A status change as written: the device's previous status tells whether it is an event. */
export interface StatusChanged {
  historyId: number;
  device: Device;
  previous: DeviceStatus;
  /** The heartbeat before this change (for "last heard"). */
  previousHeartbeatAt: Date | null;
}

/** SQL of devices, their latest heartbeat and their status history. */
export class DevicesRepo {
  constructor(private readonly db: Database) {}

  async list(q: { groupId: number | null; status?: string; kind?: string }): Promise<Device[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM devices
       WHERE ($1::bigint IS NULL OR group_id = $1) AND ($2::text IS NULL OR status = $2)
         AND ($3::text IS NULL OR kind = $3)
       ORDER BY group_id, id`,
      [q.groupId, q.status ?? null, q.kind ?? null],
    );
    return rows.map(toDevice);
  }

  /** One device, only inside `groupId` unless null (administrators). */
  async get(id: string, groupId: number | null, tx: Queryable = this.db): Promise<Device | null> {
    const { rows } = await tx.query<Row>(
      `SELECT ${COLUMNS} FROM devices WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)`,
      [id, groupId],
    );
    return rows[0] ? toDevice(rows[0]) : null;
  }

  /** Registers a device (offline until its first heartbeat); false when the id is taken. */
  async create(input: DeviceCreate, groupId: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO devices (id, group_id, name, kind, model, serial, lat, lon, installed_at, firmware, status,
           status_since, created_at, name_en)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'offline', $11, $11, $12) ON CONFLICT (id) DO NOTHING`,
        [
          input.id,
          groupId,
          input.name,
          input.kind,
          input.model ?? '',
          input.serial ?? '',
          input.lat,
          input.lon,
          input.installed_at ?? null,
          input.firmware ?? '',
          now,
          input.name_en ?? null,
        ],
      );
      if (rowCount === 0) return false;
      await tx.query(`INSERT INTO device_status_history (device_id, status, at) VALUES ($1, 'offline', $2)`, [
        input.id,
        now,
      ]);
      return true;
    });
  }

  /**
   * Registers the simulator's stations (offline until their first heartbeat) in the group of the named
   * location, once: those already there are left as they are. The ids of the stations present.
   */
  async ensureStationsAt(
    stations: readonly {
      id: string;
      name: string;
      nameEn: string;
      locationName: string;
      lat: number;
      lon: number;
      serial: string;
    }[],
    model: string,
    now: Date,
  ): Promise<string[]> {
    await this.db.query(
      `WITH added AS (
         INSERT INTO devices (id, group_id, name, kind, model, serial, lat, lon, installed_at, firmware, status,
           status_since, created_at, name_en)
         SELECT s.id, l.group_id, s.name, 'station', $7, s.serial, s.lat, s.lon, $8, 'sim-1.0', 'offline', $8, $8,
           s.name_en
         FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[], $9::text[])
           AS s(id, name, location_name, lat, lon, serial, name_en)
         CROSS JOIN LATERAL (SELECT group_id FROM locations
                             WHERE name = s.location_name AND deleted_at IS NULL ORDER BY id LIMIT 1) l
         ON CONFLICT (id) DO NOTHING RETURNING id)
       INSERT INTO device_status_history (device_id, status, at) SELECT id, 'offline', $8 FROM added`,
      [
        stations.map((s) => s.id),
        stations.map((s) => s.name),
        stations.map((s) => s.locationName),
        stations.map((s) => s.lat),
        stations.map((s) => s.lon),
        stations.map((s) => s.serial),
        model,
        now,
        stations.map((s) => s.nameEn),
      ],
    );
    const known = await this.db.query<{ id: string }>('SELECT id FROM devices WHERE id = ANY($1::text[])', [
      stations.map((s) => s.id),
    ]);
    return known.rows.map((r) => r.id);
  }

  /** Changes the fields given; false when no such device in the group. */
  async update(id: string, groupId: number | null, patch: DeviceUpdate): Promise<boolean> {
    const fields = Object.entries(patch).filter(([k, v]) => v !== undefined && EDITABLE.has(k));
    if (fields.length === 0) return (await this.get(id, groupId)) !== null;
    const sets = fields.map(([k], i) => `${k} = $${i + 3}`);
    const { rowCount } = await this.db.query(
      `UPDATE devices SET ${sets.join(', ')} WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)`,
      [id, groupId, ...fields.map(([, v]) => v)],
    );
    return (rowCount ?? 0) > 0;
  }

  async remove(id: string, groupId: number | null): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'DELETE FROM devices WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2)',
      [id, groupId],
    );
    return (rowCount ?? 0) > 0;
  }

  async lastHeartbeat(id: string): Promise<Heartbeat | null> {
    const { rows } = await this.db.query<{ last_heartbeat: Heartbeat | null }>(
      'SELECT last_heartbeat FROM devices WHERE id = $1',
      [id],
    );
    return rows[0]?.last_heartbeat ?? null;
  }

  /**
   * Stores a heartbeat newer than the last one and the status it gives; returns the change when the status
   * changed (with its history row), null when it did not, undefined when there is no such device.
   */
  async heartbeat(
    id: string,
    hb: Heartbeat,
    status: DeviceStatus,
    reasons: readonly DegradedReason[],
    tx: Queryable,
  ): Promise<StatusChanged | null | undefined> {
    const { rows } = await tx.query<{
      status: DeviceStatus;
      status_reasons: string[];
      last_heartbeat_at: Date | null;
    }>('SELECT status, status_reasons, last_heartbeat_at FROM devices WHERE id = $1 FOR UPDATE', [id]);
    const before = rows[0];
    if (!before) return undefined;
    // A late heartbeat (MQTT redelivery, a replayed queue) never rewinds the device.
    if (before.last_heartbeat_at && before.last_heartbeat_at.getTime() >= Date.parse(hb.time)) return null;
    const changed = before.status !== status || before.status_reasons.join() !== reasons.join();
    await tx.query(
      `UPDATE devices SET last_heartbeat = $2, last_heartbeat_at = $3, status = $4, status_reasons = $5,
         status_since = CASE WHEN $6 THEN $3 ELSE status_since END
       WHERE id = $1`,
      [id, JSON.stringify(hb), hb.time, status, reasons, changed],
    );
    if (!changed) return null;
    return this.history(id, status, reasons, new Date(hb.time), before.status, before.last_heartbeat_at, tx);
  }

  /** Marks offline every device not heard from since `cutoff`; the changes, one per device. */
  async markOffline(cutoff: Date, now: Date, tx: Queryable): Promise<StatusChanged[]> {
    const { rows } = await tx.query<{ id: string; previous: DeviceStatus; last_heartbeat_at: Date | null }>(
      `WITH stale AS (
         SELECT id, status FROM devices
         WHERE status <> 'offline' AND (last_heartbeat_at IS NULL OR last_heartbeat_at < $1) FOR UPDATE)
       UPDATE devices d SET status = 'offline', status_reasons = '{}', status_since = $2
       FROM stale WHERE d.id = stale.id
       RETURNING d.id, stale.status AS previous, d.last_heartbeat_at`,
      [cutoff, now],
    );
    const out: StatusChanged[] = [];
    for (const r of rows) {
      out.push(await this.history(r.id, 'offline', [], now, r.previous, r.last_heartbeat_at, tx));
    }
    return out;
  }

  private async history(
    id: string,
    status: DeviceStatus,
    reasons: readonly string[],
    at: Date,
    previous: DeviceStatus,
    previousHeartbeatAt: Date | null,
    tx: Queryable,
  ): Promise<StatusChanged> {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO device_status_history (device_id, status, reasons, at) VALUES ($1, $2, $3, $4)
       RETURNING id::float8 AS id`,
      [id, status, reasons, at],
    );
    const device = (await this.get(id, null, tx)) as Device;
    return { historyId: rows[0]?.id as number, device, previous, previousHeartbeatAt };
  }

  /** Status changes newest first. */
  async historyOf(
    id: string,
    limit: number,
  ): Promise<{ status: DeviceStatus; reasons: string[]; at: Date }[]> {
    const { rows } = await this.db.query<{ status: DeviceStatus; reasons: string[]; at: Date }>(
      'SELECT status, reasons, at FROM device_status_history WHERE device_id = $1 ORDER BY at DESC, id DESC LIMIT $2',
      [id, limit],
    );
    return rows;
  }

  /** The changes from `from` on, led by the last one before it (the status `from` started in). */
  async changesSince(id: string, from: Date): Promise<{ status: DeviceStatus; at: Date }[]> {
    const { rows } = await this.db.query<{ status: DeviceStatus; at: Date }>(
      `(SELECT status, at, id FROM device_status_history WHERE device_id = $1 AND at < $2 ORDER BY at DESC, id DESC LIMIT 1)
       UNION ALL
       (SELECT status, at, id FROM device_status_history WHERE device_id = $1 AND at >= $2)
       ORDER BY at, id`,
      [id, from],
    );
    return rows;
  }
}
