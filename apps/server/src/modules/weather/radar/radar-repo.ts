import type { Queryable } from '../../../db/database.js';
import type { Dtype, PreparedFrame } from './radar-frame.js';

export interface RadarFrameRow {
  product: string;
  time: Date;
  source: string;
  simulated: boolean;
  quantity: string;
  units: string;
  period_min: number | null;
  lead_min: number;
  cols: number;
  rows: number;
  dtype: Dtype;
  projdef: string;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  west: number;
  south: number;
  east: number;
  north: number;
  gain: number;
  value_offset: number;
  nodata: number;
  undetect: number;
  image_width: number;
  image_height: number;
  grid_file: string;
  image_file: string;
  bytes: number;
  hash: string;
  /** The file's grid, of which each stored cell holds a block of `source_block` × `source_block` cells. */
  source_cols: number;
  source_rows: number;
  source_block: number;
  created_at: Date;
}

export type StoredFiles = Pick<RadarFrameRow, 'grid_file' | 'image_file'>;

const COLUMNS = `product, time, source, simulated, quantity, units, period_min, lead_min, cols, rows, dtype, projdef,
  x0, y0, dx, dy, west, south, east, north, gain, value_offset, nodata, undetect, image_width, image_height,
  grid_file, image_file, bytes::float8 AS bytes, hash, source_cols, source_rows, source_block, created_at`;

export class RadarRepo {
  constructor(private readonly db: Queryable) {}

  /** The frame of a product at a time, or its latest. */
  async get(product: string, time: Date | null): Promise<RadarFrameRow | null> {
    const r = time
      ? await this.db.query<RadarFrameRow>(
          `SELECT ${COLUMNS} FROM radar_frames WHERE product = $1 AND time = $2`,
          [product, time],
        )
      : await this.db.query<RadarFrameRow>(
          `SELECT ${COLUMNS} FROM radar_frames WHERE product = $1 ORDER BY time DESC LIMIT 1`,
          [product],
        );
    return r.rows[0] ?? null;
  }

  /**
   * The newest reflectivity analysis (units dBZ, lead 0: not a precipitation product, not a nowcast) of any
   * product with `since <= time <= at` (the cell tracker's radar).
   */
  async newestReflectivity(at: Date, since: Date): Promise<RadarFrameRow | null> {
    const r = await this.db.query<RadarFrameRow>(
      `SELECT ${COLUMNS} FROM radar_frames WHERE units = 'dBZ' AND lead_min = 0 AND time <= $1 AND time >= $2
       ORDER BY time DESC, product LIMIT 1`,
      [at, since],
    );
    return r.rows[0] ?? null;
  }

  /** The image file and hash only: the hot path of the map's animation. */
  async image(
    product: string,
    time: Date | null,
  ): Promise<Pick<RadarFrameRow, 'image_file' | 'hash'> | null> {
    const r = await this.db.query<Pick<RadarFrameRow, 'image_file' | 'hash'>>(
      `SELECT image_file, hash FROM radar_frames WHERE product = $1 ${time ? 'AND time = $2' : ''}
       ORDER BY time DESC LIMIT 1`,
      time ? [product, time] : [product],
    );
    return r.rows[0] ?? null;
  }

  async times(product: string | null, from: Date, to: Date): Promise<{ time: Date; product: string }[]> {
    const r = await this.db.query<{ time: Date; product: string }>(
      `SELECT time, product FROM radar_frames WHERE time >= $1 AND time <= $2 AND ($3::text IS NULL OR product = $3)
       ORDER BY time, product`,
      [from, to, product],
    );
    return r.rows;
  }

  async hashOf(
    product: string,
    time: Date,
    tx: Queryable = this.db,
  ): Promise<(StoredFiles & { hash: string }) | null> {
    const r = await tx.query<StoredFiles & { hash: string }>(
      'SELECT grid_file, image_file, hash FROM radar_frames WHERE product = $1 AND time = $2 FOR UPDATE',
      [product, time],
    );
    return r.rows[0] ?? null;
  }

  async upsert(
    f: PreparedFrame & { product: string; source: string; units: string },
    files: StoredFiles,
    tx: Queryable = this.db,
  ): Promise<void> {
    const values = [
      f.product,
      new Date(f.timeMs),
      f.source,
      f.simulated,
      f.quantity,
      f.units,
      f.periodMin,
      f.leadMin,
      f.cols,
      f.rows,
      f.dtype,
      f.georef.projdef,
      f.georef.x0,
      f.georef.y0,
      f.georef.dx,
      f.georef.dy,
      f.bounds.west,
      f.bounds.south,
      f.bounds.east,
      f.bounds.north,
      f.scale.gain,
      f.scale.offset,
      f.scale.nodata,
      f.scale.undetect,
      f.imageWidth,
      f.imageHeight,
      files.grid_file,
      files.image_file,
      f.grid.byteLength + f.png.byteLength,
      f.hash,
      f.sourceGrid.cols,
      f.sourceGrid.rows,
      f.sourceGrid.block,
    ];
    const names = COLUMNS.replace('bytes::float8 AS bytes', 'bytes').replace(', created_at', '');
    const params = values.map((_, i) => `$${i + 1}`).join(', ');
    const updates = names
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== 'product' && c !== 'time')
      .map((c) => `${c} = EXCLUDED.${c}`)
      .join(', ');
    await tx.query(
      `INSERT INTO radar_frames (${names}) VALUES (${params})
       ON CONFLICT (product, time) DO UPDATE SET ${updates}, created_at = now()`,
      values,
    );
  }

  /** Deletes frames older than `before`; answers their files, to be removed. */
  async purgeBefore(before: Date): Promise<StoredFiles[]> {
    const r = await this.db.query<StoredFiles>(
      'DELETE FROM radar_frames WHERE time < $1 RETURNING grid_file, image_file',
      [before],
    );
    return r.rows;
  }
}
