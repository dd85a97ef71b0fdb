import type { DeviceStatusName } from '@thunderwatch/shared/schemas/devices';
import type { Database } from '../../../db/database.js';

export interface DeviceWithChanges {
  id: string;
  name: string;
  kind: string;
  status: DeviceStatusName;
  last_heartbeat_at: Date | null;
  /** Led by the last change before the period, then every change in it, in time order. */
  changes: { status: DeviceStatusName; at: Date }[];
}

/** The rows the data sheets are made from. SQL only. */
export class SheetsRepo {
  constructor(private readonly db: Database) {}

  /** The group's devices with their status changes over [from, to), in one statement. */
  async devicesWithChanges(groupId: number | null, from: Date, to: Date): Promise<DeviceWithChanges[]> {
    const { rows } = await this.db.query<
      Omit<DeviceWithChanges, 'changes'> & { changes: { status: DeviceStatusName; at: string }[] }
    >(
      `SELECT d.id, d.name, d.kind, d.status, d.last_heartbeat_at,
              coalesce((
                SELECT json_agg(json_build_object('status', c.status, 'at', c.at) ORDER BY c.at, c.id)
                FROM (
                  (SELECT h.status, h.at, h.id FROM device_status_history h
                   WHERE h.device_id = d.id AND h.at < $2 ORDER BY h.at DESC, h.id DESC LIMIT 1)
                  UNION ALL
                  (SELECT h.status, h.at, h.id FROM device_status_history h
                   WHERE h.device_id = d.id AND h.at >= $2 AND h.at < $3)
                ) c
              ), '[]'::json) AS changes
       FROM devices d WHERE $1::bigint IS NULL OR d.group_id = $1::bigint
       ORDER BY d.id`,
      [groupId, from, to],
    );
    return rows.map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({ status: c.status, at: new Date(c.at) })),
    }));
  }
}
