import { type AircraftPosition, latestPerKey } from '@thunderwatch/domain/aviation/aircraft-position';
import { boxAround, withinRadius } from '@thunderwatch/domain/aviation/flight-alarms';
import { flightNumbers } from '@thunderwatch/domain/aviation/flight-hazard';
import { parseOpenSkyStates } from '@thunderwatch/domain/aviation/opensky-states';
import type {
  Aircraft,
  FlightIngestResult,
  FlightsAnswer,
  FlightsQuery,
  FlightTrack,
  FlightTrackQuery,
} from '@thunderwatch/shared/schemas/flights';
import { AppError } from '../../../lib/app-error.js';
import { parseBbox } from '../../lightning/strokes/stroke-filter.js';
import { hazardJudge } from './flight-hazards.js';
import type { Box, FlightsRepo, PositionRow } from './flights-repo.js';

const MIN_MS = 60_000;
/** An aircraft's latest position counts as "at that time" for this long. */
export const LATEST_WITHIN_MS = 2 * MIN_MS;
export const TRACK_MAX_MS = 24 * 60 * MIN_MS;
const TRACK_DEFAULT_MS = 6 * 60 * MIN_MS;
/** Aircraft in one answer (a busy hemisphere at once); positions in one track (a day at 1 s is 86,400). */
export const MAX_AIRCRAFT = 20_000;
export const MAX_TRACK_POINTS = 100_000;
const WORLD: Box = { west: -180, south: -90, east: 180, north: 90 };

function invalid(field: string, message: string): AppError {
  return new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);
}

/** Aircraft positions in (OpenSky JSON, SBS-1, the simulator) and out with their hazard. */
export class FlightsService {
  constructor(private readonly d: { repo: FlightsRepo; retentionDays: number; now: () => Date }) {}

  /** An OpenSky `/api/states/all` answer: vectors refused are named in the answer, the others stored. */
  async ingest(source: string, body: unknown): Promise<FlightIngestResult> {
    const parsed = parseOpenSkyStates(body, {
      nowMs: this.d.now().getTime(),
      retentionDays: this.d.retentionDays,
    });
    const whole = parsed.problems.find((p) => p.item === 0);
    if (whole) throw invalid(whole.field, whole.message);
    const stored = await this.store(source, parsed.positions);
    return { stored, without_position: parsed.withoutPosition, rejected: parsed.problems };
  }

  /** Positions already parsed and checked (SBS-1, the simulator). */
  store(source: string, positions: readonly AircraftPosition[]): Promise<number> {
    return this.d.repo.insert(latestPerKey(positions), source);
  }

  async aircraftAt(q: FlightsQuery): Promise<FlightsAnswer> {
    const at = q.time ? new Date(q.time) : this.d.now();
    const box = q.bbox === undefined ? WORLD : (parseBbox(q.bbox) as Box);
    return { time: at.toISOString(), items: await this.judged(box, at) };
  }

  /**
   * The aircraft within `radiusKm` of a point at `at` (latest position within 2 min), nearest first, with
   * their hazard and distance from the point: an airport's view, and what its flight alarms are judged from.
   * Reads the positions and lightning of the circle's box only.
   */
  async aircraftWithin(
    lat: number,
    lon: number,
    radiusKm: number,
    at: Date,
  ): Promise<(Aircraft & { distance_km: number })[]> {
    const items = await this.judged(boxAround(lat, lon, radiusKm), at, true);
    return withinRadius(lat, lon, radiusKm, items).map(({ distanceKm, ...a }) => ({
      ...a,
      distance_km: distanceKm,
    }));
  }

  private async judged(box: Box, at: Date, small = false): Promise<Aircraft[]> {
    const rows = await (small ? this.d.repo.latestInSmallBox : this.d.repo.latest).call(
      this.d.repo,
      box,
      new Date(at.getTime() - LATEST_WITHIN_MS),
      at,
      MAX_AIRCRAFT + 1,
    );
    if (rows.length > MAX_AIRCRAFT)
      throw invalid('bbox', `holds more than ${MAX_AIRCRAFT} aircraft; narrow it`);
    const judge = await hazardJudge(this.d.repo, box, at.getTime(), at.getTime());
    return rows.map((r): Aircraft => {
      // Judged where the aircraft was last seen, against the lightning up to the asked time.
      const h = judge(r.lat, r.lon, at.getTime());
      return {
        icao24: r.icao24,
        callsign: r.callsign,
        time: new Date(r.ms).toISOString(),
        lat: r.lat,
        lon: r.lon,
        altitude_m: r.altitude_m,
        on_ground: r.on_ground,
        speed_ms: r.speed_ms,
        track_deg: r.track_deg,
        vertical_rate_ms: r.vertical_rate_ms,
        squawk: r.squawk,
        hazard: h.hazard,
        hazard_km: h.distanceKm,
        cell_id: h.cellId,
      };
    });
  }

  async track(q: FlightTrackQuery): Promise<FlightTrack> {
    const to = q.to ? new Date(q.to) : this.d.now();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - TRACK_DEFAULT_MS);
    if (from >= to) throw invalid('from', 'must be before to');
    if (to.getTime() - from.getTime() > TRACK_MAX_MS) {
      throw new AppError('lightning.window_too_large', 400, 'The range may span at most 24 h', [
        { field: 'from', message: 'range longer than 24 h' },
      ]);
    }
    const icao24 = q.icao24.toLowerCase();
    const rows = await this.d.repo.track(icao24, from, to, MAX_TRACK_POINTS + 1);
    if (rows.length > MAX_TRACK_POINTS)
      throw new AppError(
        'lightning.window_too_large',
        400,
        `More than ${MAX_TRACK_POINTS} positions; narrow the range`,
        [{ field: 'from', message: `more than ${MAX_TRACK_POINTS} positions` }],
      );
    return { type: 'FeatureCollection', icao24, features: await this.trackFeatures(rows) };
  }

  private async trackFeatures(rows: PositionRow[]): Promise<FlightTrack['features']> {
    if (rows.length === 0) return [];
    const box: Box = {
      west: Math.min(...rows.map((r) => r.lon)),
      south: Math.min(...rows.map((r) => r.lat)),
      east: Math.max(...rows.map((r) => r.lon)),
      north: Math.max(...rows.map((r) => r.lat)),
    };
    const judge = await hazardJudge(
      this.d.repo,
      box,
      (rows[0] as PositionRow).ms,
      (rows.at(-1) as PositionRow).ms,
    );
    const flights = flightNumbers(rows.map((r) => r.ms));
    const lines: FlightTrack['features'] = [];
    const points: FlightTrack['features'] = rows.map((r, i) => {
      const flight = flights[i] as number;
      const time = new Date(r.ms).toISOString();
      const line = lines.at(-1);
      if (line?.geometry.type === 'LineString' && line.properties.flight === flight) {
        line.geometry.coordinates.push([r.lon, r.lat]);
        (line.properties as { to: string }).to = time;
      } else {
        lines.push({
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: [[r.lon, r.lat]] },
          properties: { flight, from: time, to: time },
        });
      }
      const h = judge(r.lat, r.lon, r.ms);
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
        properties: {
          time,
          flight,
          callsign: r.callsign,
          altitude_m: r.altitude_m,
          speed_ms: r.speed_ms,
          track_deg: r.track_deg,
          vertical_rate_ms: r.vertical_rate_ms,
          hazard: h.hazard,
          hazard_km: h.distanceKm,
        },
      };
    });
    return [...lines, ...points];
  }
}
