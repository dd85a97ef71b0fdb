/** Lightning vocabulary shared by server and web (PRODUCT.md): strokes, flashes, ingest answers, live events. */

export type StrokeType = 'CG' | 'IC';

/** One located lightning discharge as the API returns it. */
export interface StrokeDto {
  id: number;
  /** ISO 8601 UTC with milliseconds. */
  time: string;
  /** Nanoseconds within the second (0–999,999,999); `time` carries the same instant to the millisecond. */
  ns: number;
  lat: number;
  lon: number;
  /** Signed peak current in kA (sign = polarity). */
  peak_ka: number;
  type: StrokeType;
  sensors: number | null;
  multiplicity: number | null;
  flash_id: number | null;
  /** The feed it came from, e.g. `simulator`, `ualf-tcp`, or the feed's name. */
  source: string;
}

/**
 * Compact stroke for phones and the map (`format=compact`):
 * [id, epoch ms, lat, lon, peak kA, 0 = CG | 1 = IC, flash id or null, 1 = simulated | 0 = real].
 */
export type CompactStroke = [number, number, number, number, number, 0 | 1, number | null, 0 | 1];

/** `/api/lightning` pages: at most 100,000 strokes, `next` is an opaque cursor for the following page. */
export interface StrokePage<T = StrokeDto> {
  items: T[];
  next: string | null;
}

export interface RejectedLine {
  /** 1-based line number (text feeds) or array index (JSON batches). */
  line: number;
  reason: string;
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  /** The first 1,000 rejected records; `rejected_total` counts them all. */
  rejected: RejectedLine[];
  rejected_total: number;
  /** Records whose time was mended (e.g. an ADTD day-rollover glitch), with what was done. */
  corrected?: RejectedLine[];
}

/** A JSON ingest record (`POST /api/ingest/strokes`, MQTT payloads). */
export interface StrokeInput {
  /** ISO 8601 time; sub-millisecond digits (up to 9) are kept in `ns`. */
  time: string;
  lat: number;
  lon: number;
  peak_ka: number;
  type: StrokeType;
  sensors?: number;
  multiplicity?: number;
  /** Error ellipse semi-major axis, km. */
  major_km?: number;
  minor_km?: number;
  ellipse_deg?: number;
}

export interface FlashDto {
  id: number;
  time: string;
  end_time: string;
  lat: number;
  lon: number;
  type: StrokeType;
  peak_ka: number;
  stroke_count: number;
  strokes?: StrokeDto[];
}

export interface DensityCell {
  /** ISO hour start. */
  hour: string;
  /** South-west corner of the cell. */
  lat: number;
  lon: number;
  count: number;
}

export interface DensityResponse {
  resolution: number;
  cells: DensityCell[];
}

export interface IntensityBin {
  /** Lower edge of the |peak current| bin, kA. */
  from_ka: number;
  to_ka: number;
  cg_negative: number;
  cg_positive: number;
  ic: number;
}
