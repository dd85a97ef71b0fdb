/**
 * Lightning vocabulary shared by server and web: stroke types, the compact stroke, ingest records. The HTTP
 * answers (strokes, flashes, statistics, ingest results) are the schemas in `schemas/lightning.ts`.
 */

export const STROKE_TYPES = ['CG', 'IC'] as const;
export type StrokeType = (typeof STROKE_TYPES)[number];

/** At most this many strokes come in one `/api/lightning` page; `next` is the cursor for the next one. */
export const MAX_STROKE_PAGE = 100_000;

/**
 * Compact stroke for phones and the map (`format=compact`):
 * [id, epoch ms, lat, lon, peak kA, 0 = CG | 1 = IC, flash id or null, 1 = simulated | 0 = real].
 */
export type CompactStroke = [number, number, number, number, number, 0 | 1, number | null, 0 | 1];

/**
 * A JSON ingest record (`POST /api/ingest/strokes`, MQTT payloads). The route takes any JSON array: the
 * parser checks each record and rejects the bad ones by index, so this type is not a request schema.
 */
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
