import type { SensorKind } from '@thunderwatch/shared/schemas/sensors';
import type { Database, Queryable } from '../../db/database.js';

export interface SensorRow {
  id: string;
  group_id: string;
  location_id: string | null;
  kind: SensorKind;
  name: string;
  lat: number;
  lon: number;
  status: 'active' | 'maintenance' | 'disabled';
  last_time: Date | null;
  last_values: (number | null)[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface SensorFields {
  name: string;
  lat: number;
  lon: number;
  locationId: number | null;
  status: SensorRow['status'];
}

const COLUMNS =
  'id, group_id, location_id, kind, name, lat, lon, status, last_time, last_values, created_at, updated_at';

/** The sensors table: CRUD scoped by group, and each sensor's latest reading kept at ingest. */
export class SensorsRepo {
  constructor(private readonly db: Database) {}

  async list(q: { groupId: number | null; kind?: SensorKind; locationId?: number }): Promise<SensorRow[]> {
    const r = await this.db.query<SensorRow>(
      `SELECT ${COLUMNS} FROM sensors
       WHERE ($1::bigint IS NULL OR group_id = $1) AND ($2::text IS NULL OR kind = $2)
         AND ($3::bigint IS NULL OR location_id = $3)
       ORDER BY id LIMIT 10000`,
      [q.groupId, q.kind ?? null, q.locationId ?? null],
    );
    return r.rows;
  }

  async byIds(ids: readonly string[], groupId: number | null, db: Queryable = this.db): Promise<SensorRow[]> {
    if (ids.length === 0) return [];
    const r = await db.query<SensorRow>(
      `SELECT ${COLUMNS} FROM sensors WHERE id = ANY($1::text[]) AND ($2::bigint IS NULL OR group_id = $2)
       ORDER BY id`,
      [ids, groupId],
    );
    return r.rows;
  }

  async get(id: string, groupId: number | null): Promise<SensorRow | null> {
    return (await this.byIds([id], groupId))[0] ?? null;
  }

  /** The kind of each sensor named, for the ingest (which is not scoped by group). */
  async kinds(ids: readonly string[]): Promise<Map<string, SensorKind>> {
    if (ids.length === 0) return new Map();
    const r = await this.db.query<{ id: string; kind: SensorKind }>(
      'SELECT id, kind FROM sensors WHERE id = ANY($1::text[])',
      [ids],
    );
    return new Map(r.rows.map((x) => [x.id, x.kind]));
  }

  /** False when the id is taken (by any group). */
  async create(groupId: number, id: string, kind: SensorKind, f: SensorFields): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO sensors (id, group_id, kind, name, lat, lon, location_id, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [id, groupId, kind, f.name, f.lat, f.lon, f.locationId, f.status],
    );
    return r.rowCount > 0;
  }

  async update(id: string, f: SensorFields, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE sensors SET name = $2, lat = $3, lon = $4, location_id = $5, status = $6, updated_at = $7
       WHERE id = $1`,
      [id, f.name, f.lat, f.lon, f.locationId, f.status, at],
    );
  }

  /**
   * The simulator's field mills, each at the live location of that name (the demo group's sites); a mill
   * already registered is left as its group admins set it. Returns the ids registered or present.
   */
  async ensureMillsAt(mills: readonly { id: string; locationName: string; lat: number; lon: number }[]) {
    await this.db.query(
      `INSERT INTO sensors (id, group_id, location_id, kind, name, lat, lon)
       SELECT m.id, l.group_id, l.id, 'efm', m.id, m.lat, m.lon
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) AS m(id, location_name, lat, lon)
       CROSS JOIN LATERAL (SELECT id, group_id FROM locations
                           WHERE name = m.location_name AND deleted_at IS NULL ORDER BY id LIMIT 1) l
       ON CONFLICT (id) DO NOTHING`,
      [
        mills.map((m) => m.id),
        mills.map((m) => m.locationName),
        mills.map((m) => m.lat),
        mills.map((m) => m.lon),
      ],
    );
    const known = await this.db.query<{ id: string }>('SELECT id FROM sensors WHERE id = ANY($1::text[])', [
      mills.map((m) => m.id),
    ]);
    return known.rows.map((x) => x.id);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM sensors WHERE id = $1', [id]);
  }

  /** Keeps each sensor's latest reading: only a reading newer than the one kept replaces it. */
  async setLatest(
    latest: readonly { sensor: string; timeMs: number; values: readonly (number | null)[] }[],
    tx: Queryable,
  ): Promise<void> {
    if (latest.length === 0) return;
    await tx.query(
      `UPDATE sensors s SET last_time = u.time, last_values = u.vals
       FROM (SELECT id, 'epoch'::timestamptz + us * interval '1 microsecond' AS time,
                    ARRAY(SELECT x::real FROM jsonb_array_elements_text(v) AS x) AS vals
             FROM unnest($1::text[], $2::bigint[], $3::jsonb[]) AS t(id, us, v)) u
       WHERE s.id = u.id AND (s.last_time IS NULL OR s.last_time < u.time)`,
      [
        latest.map((l) => l.sensor),
        latest.map((l) => l.timeMs * 1000),
        latest.map((l) => JSON.stringify(l.values)),
      ],
    );
  }
}

/** A field mill's latest reading, for the warning engine. */
export interface MillReading {
  id: string;
  location_id: string;
  last_time: Date;
  field: number;
}

/** Active field mills at a location whose latest reading is newer than `since` (the engine polls this). */
export async function millsReadSince(db: Database, since: Date): Promise<MillReading[]> {
  const r = await db.query<MillReading>(
    `SELECT id, location_id, last_time, last_values[1] AS field FROM sensors
     WHERE kind = 'efm' AND status = 'active' AND location_id IS NOT NULL AND last_time > $1
       AND last_values[1] IS NOT NULL`,
    [since],
  );
  return r.rows;
}
