import { isValidResolution } from '@thunderwatch/domain/lightning/density-grid';
import type {
  CompactStrokePage,
  DensityResponse,
  FlashDto,
  StrokePage,
} from '@thunderwatch/shared/schemas/lightning';
import { MAX_STROKE_PAGE } from '@thunderwatch/shared/strokes';
import { AppError } from '../../../lib/app-error.js';
import type { CountedBin, FlashRow, LightningStatsRepo } from './lightning-stats-repo.js';
import { microIso, type StrokeRow, toCompact, toStrokeDto } from './stroke-row.js';
import type { StrokeFilter, StrokesRepo } from './strokes-repo.js';

function encodeCursor(row: StrokeRow): string {
  return Buffer.from(`${microIso(row.time.getTime(), row.ns)}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { time: string; id: number } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!time || !id || Number.isNaN(Date.parse(time)) || !/^\d+$/.test(id)) {
    throw new AppError('lightning.invalid_cursor', 400, 'cursor is not one this server gave out', [
      { field: 'cursor', message: 'is invalid' },
    ]);
  }
  return { time, id: Number(id) };
}

function flashDto(r: FlashRow, strokes?: StrokeRow[]): FlashDto {
  return {
    id: r.id,
    time: r.time.toISOString(),
    end_time: r.end_time.toISOString(),
    lat: r.lat,
    lon: r.lon,
    type: r.is_ic ? 'IC' : 'CG',
    peak_ka: Math.round(r.peak_ka * 10) / 10,
    stroke_count: r.stroke_count,
    ...(strokes ? { strokes: strokes.map(toStrokeDto) } : {}),
  };
}

/** Reads of located lightning: group-independent data every signed-in user may see. */
export class LightningService {
  constructor(
    private readonly strokes: StrokesRepo,
    private readonly stats: LightningStatsRepo,
  ) {}

  async page(
    f: StrokeFilter,
    limit: number,
    cursor?: string,
  ): Promise<{ rows: StrokeRow[]; next: string | null }> {
    const rows = await this.strokes.list(
      f,
      Math.min(limit, MAX_STROKE_PAGE) + 1,
      cursor ? decodeCursor(cursor) : undefined,
    );
    const more = rows.length > limit;
    if (more) rows.pop();
    const last = rows.at(-1);
    return { rows, next: more && last ? encodeCursor(last) : null };
  }

  async strokesPage(f: StrokeFilter, limit: number, cursor?: string): Promise<StrokePage> {
    const { rows, next } = await this.page(f, limit, cursor);
    return { items: rows.map(toStrokeDto), next };
  }

  async compactPage(f: StrokeFilter, limit: number, cursor?: string): Promise<CompactStrokePage> {
    const { rows, next } = await this.page(f, limit, cursor);
    return { items: rows.map(toCompact), next };
  }

  async geojson(f: StrokeFilter, limit: number, cursor?: string) {
    const { rows, next } = await this.page(f, limit, cursor);
    return {
      type: 'FeatureCollection' as const,
      features: rows.map((r) => {
        const { lat, lon, ...properties } = toStrokeDto(r);
        return {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [lon, lat] },
          properties,
        };
      }),
      next,
    };
  }

  async density(f: StrokeFilter, resolution: number): Promise<DensityResponse> {
    if (!isValidResolution(resolution)) {
      throw new AppError('validation.failed', 400, 'resolution must be between 0.01 and 1 degree', [
        { field: 'resolution', message: 'must be 0.01–1' },
      ]);
    }
    const decimals = Math.max(0, Math.ceil(-Math.log10(resolution)) + 1);
    const corner = (i: number) => Number((i * resolution).toFixed(decimals));
    const rows = await this.stats.density(f, resolution);
    // Few distinct hours, many cells: format each hour once.
    const hours = new Map<number, string>();
    const hourIso = (h: number) => {
      let iso = hours.get(h);
      if (!iso) {
        iso = new Date(h * 3_600_000).toISOString();
        hours.set(h, iso);
      }
      return iso;
    };
    return {
      resolution,
      cells: rows.map((r) => ({ hour: hourIso(r.h), lat: corner(r.i), lon: corner(r.j), count: r.n })),
    };
  }

  async intensities(
    f: StrokeFilter,
    binKa: number,
    maxKa: number,
  ): Promise<{ bins: CountedBin[]; total: number }> {
    const bins = await this.stats.intensities(f, binKa, maxKa);
    const total = bins.reduce((n, b) => n + b.cg_negative + b.cg_positive + b.ic, 0);
    return { bins, total };
  }

  async flashes(f: StrokeFilter, limit: number, offset: number) {
    const { items, total } = await this.stats.flashes(f, limit, offset);
    return { items: items.map((r) => flashDto(r)), total };
  }

  async flash(id: number): Promise<FlashDto> {
    const strokes = await this.stats.flashStrokes(id);
    const first = strokes[0];
    const last = strokes.at(-1);
    if (!first || !last) throw new AppError('flash.not_found', 404, 'No such flash');
    const strongest = strokes.reduce((a, b) => (Math.abs(b.peak_ka) > Math.abs(a.peak_ka) ? b : a));
    return flashDto(
      {
        id,
        time: first.time,
        end_time: last.time,
        lat: first.lat,
        lon: first.lon,
        is_ic: strokes.every((s) => s.is_ic),
        peak_ka: strongest.peak_ka,
        stroke_count: strokes.length,
      },
      strokes,
    );
  }
}
