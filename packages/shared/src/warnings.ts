/**
 * Warning vocabulary shared by server and web (PRODUCT.md): locations and their rings, zones, the live
 * warning of a location, alarms someone must confirm, alert episodes, statistics and skill.
 */

/** 3 red (alarm), 2 orange (warning), 1 yellow (attention), 0 clear. */
export type Level = 0 | 1 | 2 | 3;
export type RingLevel = 1 | 2 | 3;

/** CMA warning colours, indexed by level. */
export const LEVEL_COLOURS: Record<Level, string> = {
  0: '#2e9e4f',
  1: '#f5d000',
  2: '#ff8c00',
  3: '#e60012',
};

export interface Ring {
  radius_km: number;
  level: RingLevel;
  /** Minutes without a counted stroke before the ring clears; every counted stroke restarts it. */
  all_clear_min: number;
  /** Noise threshold: the ring becomes active with `min_strokes` strokes within `window_min` minutes. */
  min_strokes: number;
  window_min: number;
  /** Whether intra-cloud strokes count. */
  include_ic: boolean;
}

/** Industry defaults: 10 km red, 20 km orange, 30 km yellow, 30 min all-clear, 1 stroke in 1 min, IC counts. */
export const DEFAULT_RINGS: readonly Ring[] = [
  { radius_km: 10, level: 3, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 30, min_strokes: 1, window_min: 1, include_ic: true },
];

export const RING_LIMITS = {
  maxRings: 6,
  minRadiusKm: 0.1,
  maxRadiusKm: 200,
  maxAllClearMin: 240,
  maxMinStrokes: 1000,
  maxWindowMin: 120,
} as const;

/** GeoJSON positions are [lon, lat]. */
export type Position = [number, number];
export interface PointGeometry {
  type: 'Point';
  coordinates: Position;
}
export interface PolygonGeometry {
  type: 'Polygon';
  /** Outer ring first, then holes; every ring closed (first position repeated last). */
  coordinates: Position[][];
}
export type LocationShape = PointGeometry | PolygonGeometry;

export interface LocationDto {
  id: number;
  group_id: number;
  name: string;
  /** The point or polygon watched; for a location made from a zone, a copy of the zone's polygon. */
  shape: LocationShape;
  zone_id: number | null;
  /** IANA time zone the site's reports and quiet hours use, e.g. `Asia/Shanghai`. */
  time_zone: string;
  enabled: boolean;
  rings: Ring[];
  /** Current warning level (0 when disabled). */
  level: Level;
  created_at: string;
  updated_at: string;
}

/** Create (POST /api/locations/) and update (PUT /api/locations/:id): either `shape` or `zone_id`. */
export interface LocationInput {
  name: string;
  shape?: LocationShape;
  zone_id?: number;
  time_zone?: string;
  enabled?: boolean;
  rings?: Ring[];
}

export interface ZoneDto {
  id: number;
  group_id: number;
  name: string;
  geometry: PolygonGeometry;
  /** Geodesic area of the outer ring minus holes, km². */
  area_km2: number;
  created_at: string;
  updated_at: string;
}

export interface ZoneInput {
  name: string;
  geometry: PolygonGeometry;
}

/** POST /api/zones/import answer. */
export interface ZoneImportResult {
  created: ZoneDto[];
}

/** GET /api/user_map_data */
export interface UserMapData {
  center: Position;
  zoom: number;
  layers: string[];
  locations: LocationDto[];
}

/** Strokes counted for one ring: in the last 15 minutes and in the current alert episode. */
export interface RingCount {
  radius_km: number;
  level: RingLevel;
  last_15_min: number;
  episode: number;
  /** Whether the ring is active now. */
  active: boolean;
}

export type ApproachStatus = 'approaching' | 'moving_away' | 'stationary' | 'unknown';

/** Storm approach estimated from the tracks of the recent flash clusters near the location. */
export interface Approach {
  status: ApproachStatus;
  /** Where the storm moves to, degrees clockwise from north. */
  direction_deg: number | null;
  speed_kmh: number | null;
  /** Minutes until the storm front reaches each ring (null: not expected to reach it; 0: already inside). */
  rings: { radius_km: number; eta_min: number | null }[];
}

/** The live warning state of one location (GET /api/warning, socket `warning`). */
export interface WarningItem {
  location_id: number;
  name: string;
  level: Level;
  /** When the current level began (null while clear and never warned since start). */
  since: string | null;
  /** Distance and bearing (from the location to the stroke) of the nearest stroke in the episode. */
  nearest_km: number | null;
  bearing_deg: number | null;
  counts: RingCount[];
  /** When the location will be all-clear if no further stroke counts (null while clear). */
  all_clear_at: string | null;
  approach: Approach | null;
  alert_id: number | null;
  unconfirmed_alarms: number;
}

export interface WarningList {
  items: WarningItem[];
}

export interface AlarmDto {
  id: number;
  alert_id: number;
  location_id: number;
  location_name: string;
  group_id: number;
  level: RingLevel;
  previous_level: Level;
  created_at: string;
  /** Nearest stroke of the triggering moment. */
  nearest_km: number | null;
  bearing_deg: number | null;
  confirmed_at: string | null;
  confirmed_by: { id: number; name: string } | null;
  note: string | null;
}

/** POST /api/warning/alarm_confirm */
export interface AlarmConfirmInput {
  id: number;
  note?: string;
}

export interface AlertStroke {
  time: string;
  lat: number;
  lon: number;
  peak_ka: number;
  type: 'CG' | 'IC';
  distance_km: number;
}

/** One alert episode of a location: from first trigger to all-clear. */
export interface AlertDto {
  id: number;
  location_id: number;
  location_name: string;
  group_id: number;
  started_at: string;
  /** null while the episode is still going on. */
  ended_at: string | null;
  peak_level: RingLevel;
  first_stroke: AlertStroke | null;
  nearest_km: number | null;
  ring_counts: { radius_km: number; level: RingLevel; strokes: number }[];
  timeline: { at: string; level: Level }[];
}

/** GET /api/hourly_warning: level rises per hour, by level and location. */
export interface HourlyWarningRow {
  hour: string;
  location_id: number;
  level: RingLevel;
  count: number;
}

/** GET /api/warning/skill (definitions in docs/api.md). */
export interface WarningSkill {
  location_id: number;
  from: string;
  to: string;
  /** Events: strokes inside the innermost ring, grouped into storm events (gap > all-clear). */
  events: number;
  hits: number;
  misses: number;
  false_alarms: number;
  pod: number | null;
  far: number | null;
  csi: number | null;
  median_lead_time_min: number | null;
  median_time_to_clear_min: number | null;
  false_alarm_minutes: number;
}
