import { OBSERVATION_ELEMENTS, type ObservationElementName } from '@thunderwatch/shared/schemas/weather';

/**
 * The weather elements a station reports, their units and the ranges a reading must lie in. The ranges are
 * physical limits with a margin (the coldest and hottest air ever measured, the lowest sea-level pressure),
 * checked when a row is read, so nothing implausible is stored and nothing overflows a column.
 */
export const OBSERVATION_RANGES: Record<ObservationElement, { unit: string; min: number; max: number }> = {
  temperature: { unit: '°C', min: -90, max: 60 },
  humidity: { unit: '%', min: 0, max: 100 },
  pressure: { unit: 'hPa', min: 300, max: 1100 },
  wind_speed: { unit: 'm/s', min: 0, max: 120 },
  wind_dir: { unit: '°', min: 0, max: 360 },
  wind_gust: { unit: 'm/s', min: 0, max: 150 },
  precipitation: { unit: 'mm', min: 0, max: 2000 },
  visibility: { unit: 'm', min: 0, max: 200_000 },
};

export type ObservationElement = ObservationElementName;
export const ELEMENT_NAMES: readonly ObservationElement[] = OBSERVATION_ELEMENTS;

/** Station ids are short and path-safe: WMO indexes (59287), NDBC ids (41001), a network's own codes. */
export const STATION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
export const STATION_NAME_MAX = 100;
/** Below the Dead Sea shore to above any station on Earth. */
export const ELEVATION_RANGE = { min: -500, max: 9000 } as const;

export type Readings = Record<ObservationElement, number | null>;

/** A station's description, as a row may carry it (position is needed only for a station not yet known). */
export interface StationInput {
  id: string;
  name: string | null;
  /** The English name, where the station's own is in another language (the screens show the reader's). */
  nameEn: string | null;
  lat: number | null;
  lon: number | null;
  elevation: number | null;
}

export interface ObservationRow {
  /** Where it was read, as `RowProblem.row` counts. */
  row: number;
  station: StationInput;
  timeMs: number;
  readings: Readings;
}

/** One problem of one row: `row` counts from 1 (a CSV's header is row 0), `field` names the column. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** What a row's time may be: not older than the retention, not more than `aheadMs` in the future. */
export interface TimeWindow {
  nowMs: number;
  /** 0 keeps everything. */
  retentionDays: number;
  aheadMs?: number;
}
