import { inflateSync } from 'node:zlib';
import { cellAt, type MercatorRaster } from '@thunderwatch/domain/weather/radar-grid';
import { type CodeArray, roundValue, sampleOf } from '@thunderwatch/domain/weather/radar-scale';
import type {
  RadarFrame,
  RadarFrameQuery,
  RadarImageQuery,
  RadarTimes,
  RadarTimesQuery,
} from '@thunderwatch/shared/schemas/radar';
import { RADAR_TIMES_MAX_DAYS } from '@thunderwatch/shared/schemas/radar';
import { AppError } from '../../../lib/app-error.js';
import { legendOf, rasterOf } from './frame-render.js';
import { projectionOf } from './projection.js';
import type { RadarFiles } from './radar-files.js';
import { codesOf } from './radar-frame.js';
import type { RadarFrameRow, RadarRepo } from './radar-repo.js';

const DAY_MS = 86_400_000;
/** Decoded grids kept for `values=1` lookups (a DWD grid is 2.6 MB as 16-bit codes). */
const KEEP_GRIDS = 4;

const notFound = (product: string, time?: string) =>
  new AppError(
    'radar.frame_not_found',
    404,
    time ? `no ${product} frame at ${time}` : `no ${product} frame yet`,
    [{ field: time ? 'time' : 'product', message: 'has no frame' }],
  );

const parseTime = (time: string | undefined) => (time === undefined ? null : new Date(time));

function imageUrl(row: Pick<RadarFrameRow, 'product' | 'time'>): string {
  const q = new URLSearchParams({ product: row.product, time: row.time.toISOString() });
  return `/api/radar_img?${q}`;
}

/** Reads of radar frames: group-independent data every signed-in user may see. */
export class RadarService {
  private readonly grids = new Map<string, CodeArray>();

  constructor(
    private readonly repo: RadarRepo,
    private readonly files: RadarFiles,
    private readonly now: () => Date,
  ) {}

  async times(q: RadarTimesQuery): Promise<RadarTimes> {
    const to = parseTime(q.to) ?? this.now();
    const from = parseTime(q.from) ?? new Date(to.getTime() - DAY_MS);
    if (to.getTime() - from.getTime() > RADAR_TIMES_MAX_DAYS * DAY_MS || from > to) {
      throw new AppError(
        'validation.failed',
        400,
        `from must be before to, at most ${RADAR_TIMES_MAX_DAYS} days`,
        [{ field: 'from', message: `must be within ${RADAR_TIMES_MAX_DAYS} days before to` }],
      );
    }
    const rows = await this.repo.times(q.product ?? null, from, to);
    return { items: rows.map((r) => ({ time: r.time.toISOString(), product: r.product })) };
  }

  async frame(q: RadarFrameQuery): Promise<RadarFrame> {
    const row = await this.repo.get(q.product, parseTime(q.time));
    if (!row) throw notFound(q.product, q.time);
    const dto = toDto(row, rasterOf(row, row.cols, row.rows));
    if (q.values !== '1' && q.values !== 'true') return dto;
    if (q.lat === undefined || q.lon === undefined) {
      throw new AppError('validation.failed', 400, 'values=1 needs lat and lon', [
        { field: q.lat === undefined ? 'lat' : 'lon', message: 'is required with values=1' },
      ]);
    }
    return { ...dto, value: await this.valueAt(row, q.lat, q.lon) };
  }

  /** The PNG of a frame and its ETag (the content hash); null bytes when the caller's copy is current. */
  async image(
    q: RadarImageQuery,
    ifNoneMatch: string | undefined,
  ): Promise<{ etag: string; bytes: Buffer | null }> {
    const row = await this.repo.image(q.product, parseTime(q.time));
    if (!row) throw notFound(q.product, q.time);
    const etag = `"${row.hash}"`;
    if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
      return { etag, bytes: null };
    return { etag, bytes: await this.readFile(row.image_file, q.product, q.time) };
  }

  private async readFile(name: string, product: string, time?: string): Promise<Buffer> {
    try {
      return await this.files.read(name);
    } catch (error) {
      // Replaced or purged between the lookup and the read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(product, time);
      throw error;
    }
  }

  private async valueAt(
    row: RadarFrameRow,
    lat: number,
    lon: number,
  ): Promise<NonNullable<RadarFrame['value']>> {
    const at = { lat, lon };
    const cell = cellAt(row, row.cols, row.rows, projectionOf(row.projdef).forward, lon, lat);
    if (cell < 0) return { ...at, state: 'outside', value: null };
    const codes = await this.codes(row);
    const scale = { gain: row.gain, offset: row.value_offset, nodata: row.nodata, undetect: row.undetect };
    const s = sampleOf(codes[cell] as number, scale);
    return s.state === 'value'
      ? { ...at, state: 'value', value: roundValue(s.value, row.gain) }
      : { ...at, state: s.state, value: null };
  }

  private async codes(row: RadarFrameRow): Promise<CodeArray> {
    const hit = this.grids.get(row.hash);
    if (hit) return hit;
    const codes = codesOf(
      row.dtype,
      inflateSync(await this.readFile(row.grid_file, row.product, row.time.toISOString())),
    );
    if (codes.length !== row.cols * row.rows)
      throw new Error(`radar grid file ${row.grid_file} has the wrong size`);
    this.grids.set(row.hash, codes);
    if (this.grids.size > KEEP_GRIDS) this.grids.delete(this.grids.keys().next().value as string);
    return codes;
  }
}

function toDto(row: RadarFrameRow, raster: MercatorRaster): RadarFrame {
  return {
    product: row.product,
    time: row.time.toISOString(),
    source: row.source,
    simulated: row.simulated,
    quantity: row.quantity,
    units: row.units,
    period_min: row.period_min,
    lead_min: row.lead_min,
    grid: {
      cols: row.cols,
      rows: row.rows,
      projdef: row.projdef,
      x0: row.x0,
      y0: row.y0,
      dx: row.dx,
      dy: row.dy,
    },
    source_grid: {
      cols: row.source_cols,
      rows: row.source_rows,
      block: row.source_block,
      dx: row.dx / row.source_block,
      dy: row.dy / row.source_block,
    },
    bounds: { west: row.west, south: row.south, east: row.east, north: row.north },
    scale: { gain: row.gain, offset: row.value_offset, nodata: row.nodata, undetect: row.undetect },
    legend: legendOf(row.quantity, row.period_min),
    image: { width: row.image_width, height: row.image_height, bounds: raster.bounds, url: imageUrl(row) },
    created_at: row.created_at.toISOString(),
  };
}
