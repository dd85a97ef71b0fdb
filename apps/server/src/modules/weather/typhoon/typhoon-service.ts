import { forecastCone } from '@thunderwatch/domain/weather/typhoon-cone';
import { gradeOfWindMs } from '@thunderwatch/domain/weather/typhoon-grade';
import { parseTyphoonText } from '@thunderwatch/domain/weather/typhoon-parse';
import type { ParsedStorm } from '@thunderwatch/domain/weather/typhoon-track';
import type {
  TyphoonDetail,
  TyphoonIngestQuery,
  TyphoonIngestResult,
  TyphoonList,
  TyphoonListQuery,
  TyphoonPoint,
  TyphoonSummary,
} from '@thunderwatch/shared/schemas/typhoon';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { queryFlag } from '../../../lib/query-flag.js';
import type { PointRow, StormRow, TyphoonRepo } from './typhoon-repo.js';

const HOUR_MS = 3_600_000;
/** A storm whose track has had no point for this long is over, whatever the source says. */
export const TYPHOON_QUIET_MS = 24 * HOUR_MS;
/** Bad lines named in a refusal (the message counts them all). */
const MAX_DETAILS = 20;

/** Typhoon tracks: ingested by feeds, read by every signed-in user (group-independent, as radar is). */
export class TyphoonService {
  constructor(
    private readonly db: Database,
    private readonly repo: TyphoonRepo,
    private readonly now: () => Date,
    /** Run after a file is stored (typhoon alarms are evaluated against the new track and forecast). */
    private readonly afterIngest: () => Promise<void> = async () => {},
  ) {}

  /** One file, all or nothing: any bad line refuses it, naming the lines. */
  async ingest(source: string, text: string, q: TyphoonIngestQuery): Promise<TyphoonIngestResult> {
    const parsed = parseTyphoonText(text);
    if (parsed.errors.length > 0 || parsed.format === null) {
      const lines = parsed.errors.map((e) => e.line);
      throw new AppError(
        'typhoon.invalid_file',
        400,
        `${parsed.errors.length} bad line(s): ${lines.slice(0, MAX_DETAILS).join(', ')}`,
        parsed.errors.slice(0, MAX_DETAILS).map((e) => ({ field: `line ${e.line}`, message: e.reason })),
      );
    }
    if (parsed.storms.length === 0) {
      throw new AppError('typhoon.invalid_file', 400, 'the file holds no track point', [
        { field: 'body', message: 'no track point' },
      ]);
    }
    if (q.name_zh !== undefined && parsed.storms.length > 1) {
      throw new AppError('validation.failed', 400, 'name_zh needs a file with one storm', [
        { field: 'name_zh', message: `the file holds ${parsed.storms.length} storms` },
      ]);
    }
    const format = parsed.format;
    const result = await this.db.transaction(async (tx) => {
      const storms: TyphoonIngestResult['storms'] = [];
      for (const storm of mergeSameKey(parsed.storms)) {
        const first = storm.forecast[0];
        const forecastBase = first ? new Date(first.time - first.leadH * HOUR_MS) : null;
        const { id, created } = await this.repo.upsertStorm(
          storm,
          { nameZh: q.name_zh ?? null, source, forecastBase },
          tx,
        );
        if (storm.track.length > 0) await this.repo.mergeTrack(id, storm.track, tx);
        if (storm.forecast.length > 0) await this.repo.replaceForecast(id, storm.forecast, tx);
        storms.push({
          id: storm.key,
          created,
          points: storm.track.length,
          forecast_points: storm.forecast.length,
        });
      }
      return { format, storms };
    });
    await this.afterIngest();
    return result;
  }

  async list(q: TyphoonListQuery): Promise<TyphoonList> {
    const quietSince = new Date(this.now().getTime() - TYPHOON_QUIET_MS);
    const active = queryFlag(q.active);
    const rows = await this.repo.list({
      year: q.year ?? null,
      activeSince: active === true ? quietSince : null,
      endedBefore: active === false ? quietSince : null,
    });
    return { items: rows.map((r) => this.summary(r)) };
  }

  async get(id: string): Promise<TyphoonDetail> {
    const row = await this.repo.get(id);
    if (!row) {
      throw new AppError('typhoon.not_found', 404, `no storm ${id}`, [
        { field: 'id', message: 'no such storm' },
      ]);
    }
    const [track, forecast] = await Promise.all([this.repo.track(row.id), this.repo.forecast(row.id)]);
    return {
      ...this.summary(row),
      track: track.map(pointDto),
      forecast: forecast.map((p) => ({ ...pointDto(p), lead_h: p.lead_h ?? 0 })),
      forecast_base: row.forecast_base?.toISOString() ?? null,
      cone: coneOf(track, forecast, row.forecast_base),
    };
  }

  private summary(r: StormRow): TyphoonSummary {
    const active = !r.ended && r.last_time.getTime() >= this.now().getTime() - TYPHOON_QUIET_MS;
    return {
      id: r.key,
      name_en: r.name_en,
      name_zh: r.name_zh,
      basin: r.basin,
      year: r.year,
      number: r.number,
      status: active ? 'active' : 'ended',
      first_time: r.first_time.toISOString(),
      last_time: r.last_time.toISOString(),
      peak: {
        wind_ms: r.peak_wind_ms,
        pressure_hpa: r.min_pressure_hpa,
        grade: r.peak_wind_ms === null ? 'LO' : gradeOfWindMs(r.peak_wind_ms),
      },
      latest: { lat: r.latest_lat, lon: r.latest_lon, grade: r.latest_grade },
    };
  }
}

/** A file may describe one storm in two places (CMA rows of a storm split by a header): one storm each key. */
function mergeSameKey(storms: ParsedStorm[]): ParsedStorm[] {
  const byKey = new Map<string, ParsedStorm>();
  for (const s of storms) {
    const prev = byKey.get(s.key);
    byKey.set(s.key, prev ? { ...s, track: [...prev.track, ...s.track], forecast: s.forecast } : s);
  }
  return [...byKey.values()];
}

function pointDto(p: PointRow): TyphoonPoint {
  return {
    time: p.time.toISOString(),
    lat: p.lat,
    lon: p.lon,
    pressure_hpa: p.pressure_hpa,
    wind_ms: p.wind_ms === null ? null : Math.round(p.wind_ms * 10) / 10,
    grade: p.grade,
    radii: p.radii.map((r) => ({ kt: r.kt, ne_km: r.neKm, se_km: r.seKm, sw_km: r.swKm, nw_km: r.nwKm })),
  };
}

/** The cone from the track point at the forecast's base time (or the latest before it) along the forecast. */
function coneOf(track: PointRow[], forecast: PointRow[], base: Date | null): TyphoonDetail['cone'] {
  if (forecast.length === 0 || !base) return null;
  const start = [...track].reverse().find((p) => p.time <= base) ?? track[track.length - 1];
  const centres = forecast.map((p) => ({ lat: p.lat, lon: p.lon, leadH: p.lead_h ?? 0 }));
  if (start) centres.unshift({ lat: start.lat, lon: start.lon, leadH: 0 });
  const ring = forecastCone(centres);
  return ring ? { type: 'Polygon', coordinates: [ring] } : null;
}
