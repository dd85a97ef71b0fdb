import type { Region } from '@thunderwatch/shared/schemas/regions';
import type { Database } from '../../db/database.js';
import type { RegionData } from './regions-data.js';

interface Row {
  code: string;
  level: 'province' | 'city';
  parent: string | null;
  name_zh: string;
  name_en: string;
  west: number;
  south: number;
  east: number;
  north: number;
  area_km2: number;
}

const toDto = (r: Row): Region => ({
  code: r.code,
  level: r.level,
  parent: r.parent,
  name_zh: r.name_zh,
  name_en: r.name_en,
  bbox: [r.west, r.south, r.east, r.north],
  area_km2: Math.round(r.area_km2 * 10) / 10,
});

const COLUMNS = 'code, level, parent, name_zh, name_en, west, south, east, north, area_km2';

export class RegionsRepo {
  constructor(private readonly db: Database) {}

  /** How many rows were written by a load of the file with this hash (all of them when up to date). */
  async countLoaded(hash: string): Promise<{ loaded: number; total: number }> {
    const r = await this.db.query<{ loaded: number; total: number }>(
      `SELECT count(*) FILTER (WHERE source_hash = $1)::int AS loaded, count(*)::int AS total FROM regions`,
      [hash],
    );
    return r.rows[0] ?? { loaded: 0, total: 0 };
  }

  /** Replaces every region by the file's, in one transaction (a concurrent load by another node waits). */
  async replaceAll(regions: readonly RegionData[], hash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE regions IN EXCLUSIVE MODE');
      const done = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM regions WHERE source_hash = $1',
        [hash],
      );
      if (done.rows[0]?.n === regions.length) return;
      await tx.query('DELETE FROM regions');
      // A few rows per statement: the boundaries of a batch stay well under a statement's size.
      for (let i = 0; i < regions.length; i += 20) {
        const batch = regions.slice(i, i + 20);
        await tx.query(
          `INSERT INTO regions (${COLUMNS}, geometry_simplified, geometry_full, source_hash)
           SELECT r.code, r.level, r.parent, r.name_zh, r.name_en, r.west, r.south, r.east, r.north, r.area_km2,
             r.simplified, r.encoded, $2
           FROM jsonb_to_recordset($1::jsonb) AS r(code text, level text, parent text, name_zh text,
             name_en text, west float8, south float8, east float8, north float8, area_km2 float8,
             simplified jsonb, encoded jsonb)`,
          [
            JSON.stringify(
              batch.map((r) => ({
                code: r.code,
                level: r.level,
                parent: r.parent,
                name_zh: r.nameZh,
                name_en: r.nameEn,
                ...r.bbox,
                area_km2: r.areaKm2,
                simplified: r.simplified,
                encoded: r.encoded,
              })),
            ),
            hash,
          ],
        );
      }
    });
  }

  /** One level's regions (one province's, or all), by code, without boundaries; each with its load's hash. */
  async list(q: {
    level: 'province' | 'city';
    province: string | null;
  }): Promise<{ region: Region; hash: string }[]> {
    const r = await this.db.query<Row & { source_hash: string }>(
      `SELECT ${COLUMNS}, source_hash FROM regions
        WHERE level = $1 AND ($2::text IS NULL OR left(code, 2) = $2)
        ORDER BY code`,
      [q.level, q.province],
    );
    return r.rows.map((row) => ({ region: toDto(row), hash: row.source_hash }));
  }

  /**
   * Simplified boundaries as the database's JSON text (coordinates only: no string inside, so the text is
   * written without spaces), by code: read and sent as text, never decoded into objects.
   */
  async simplifiedGeometryTexts(level: 'province' | 'city', codes: readonly string[]) {
    if (codes.length === 0) return new Map<string, string>();
    const r = await this.db.query<{ code: string; geometry: string }>(
      `SELECT code, geometry_simplified::text AS geometry FROM regions WHERE level = $1 AND code = ANY($2::text[])`,
      [level, codes],
    );
    return new Map(r.rows.map((x) => [x.code, x.geometry.replaceAll(' ', '')]));
  }

  /** Simplified boundaries of some cities, by code. */
  async cityGeometries(codes: readonly string[]): Promise<Map<string, number[][][][]>> {
    if (codes.length === 0) return new Map();
    const r = await this.db.query<{ code: string; geometry: number[][][][] }>(
      `SELECT code, geometry_simplified AS geometry FROM regions WHERE level = 'city' AND code = ANY($1::text[])`,
      [codes],
    );
    return new Map(r.rows.map((x) => [x.code, x.geometry]));
  }
}
