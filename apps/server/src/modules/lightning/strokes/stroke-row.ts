import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import type { StrokeDto } from '@thunderwatch/shared/schemas/lightning';
import type { CompactStroke } from '@thunderwatch/shared/strokes';

/** A stored stroke as read back from the database. */
export interface StrokeRow {
  id: number;
  time: Date;
  ns: number;
  lat: number;
  lon: number;
  peak_ka: number;
  is_ic: boolean;
  sensors: number | null;
  multiplicity: number | null;
  flash_id: number | null;
  source: string;
  /** When the row was written (insert and the engine's log only). */
  received_at?: Date;
  /** `received_at` in whole microseconds since the epoch: the engine's exact position in the log. */
  received_us?: number;
}

export const STROKE_COLUMNS =
  'id, time, ns, lat, lon, peak_ka, is_ic, sensors, multiplicity, flash_id, source';

/** The log position columns of a stroke (the engine reads them; see `StrokeRow.received_us`). */
export const RECEIVED_COLUMNS =
  'received_at, (extract(epoch FROM received_at) * 1000000)::bigint AS received_us';

/** The channel every committed ingest batch is announced on, with its `received_us` (the table is the log). */
export const STROKES_CHANNEL = 'thunderwatch_strokes';

export const SIMULATOR_SOURCE = 'simulator';

/** The exact instant to the microsecond, as PostgreSQL stores it: whole seconds from epochMs, fraction from ns. */
export function microIso(epochMs: number, ns: number): string {
  const seconds = new Date(Math.floor(epochMs / 1000) * 1000).toISOString().slice(0, 19);
  return `${seconds}.${String(Math.floor(ns / 1000)).padStart(6, '0')}Z`;
}

export function toStrokeDto(r: StrokeRow): StrokeDto {
  return {
    id: r.id,
    time: r.time.toISOString(),
    ns: r.ns,
    lat: r.lat,
    lon: r.lon,
    peak_ka: Math.round(r.peak_ka * 10) / 10,
    type: r.is_ic ? 'IC' : 'CG',
    sensors: r.sensors,
    multiplicity: r.multiplicity,
    flash_id: r.flash_id,
    source: r.source,
  };
}

export function toCompact(r: StrokeRow): CompactStroke {
  return [
    r.id,
    r.time.getTime(),
    r.lat,
    r.lon,
    Math.round(r.peak_ka * 10) / 10,
    r.is_ic ? 1 : 0,
    r.flash_id,
    r.source === SIMULATOR_SOURCE ? 1 : 0,
  ];
}

/** The stroke as the warning engine sees it; the sub-millisecond part of its time kept as a fraction. */
export function toEngineStroke(r: StrokeRow): EngineStroke {
  return {
    timeMs: r.time.getTime() + (r.ns % 1_000_000) / 1e6,
    lat: r.lat,
    lon: r.lon,
    isIc: r.is_ic,
    peakKa: r.peak_ka,
    flashId: r.flash_id,
  };
}
