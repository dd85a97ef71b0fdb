import type { Aircraft, FlightTrack } from '@thunderwatch/shared/schemas/flights';
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';

/** Hazard colours: calm grey-white, amber near lightning, red inside a storm cell. */
export const HAZARD_COLORS = { none: '#e2e8f0', near: '#f59e0b', inside: '#ef4444' } as const;
export type HazardName = keyof typeof HAZARD_COLORS;
export const HAZARD_NAMES = Object.keys(HAZARD_COLORS) as HazardName[];

const FT_PER_M = 1 / 0.3048;

/** Altitude as pilots say it: flight level (hundreds of feet), `GND` on the ground, `—` unknown. */
export function flightLevel(altitudeM: number | null, onGround: boolean): string {
  if (onGround) return 'GND';
  if (altitudeM === null) return '—';
  return `FL${String(Math.max(0, Math.round((altitudeM * FT_PER_M) / 100))).padStart(3, '0')}`;
}

export interface AircraftProps {
  icao24: string;
  hazard: HazardName;
  /** Degrees clockwise from north (0 when not sent). */
  track: number;
  label: string;
}

/** The aircraft as map points, labelled with callsign (or address) and flight level, inside-hazard last (on top). */
export function aircraftFeatures(items: readonly Aircraft[]): FeatureCollection<Point, AircraftProps> {
  const order = { none: 0, near: 1, inside: 2 };
  return {
    type: 'FeatureCollection',
    features: [...items]
      .sort((a, b) => order[a.hazard] - order[b.hazard])
      .map((a) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [a.lon, a.lat] },
        properties: {
          icao24: a.icao24,
          hazard: a.hazard,
          track: a.track_deg ?? 0,
          label: `${a.callsign ?? a.icao24.toUpperCase()}\n${flightLevel(a.altitude_m, a.on_ground)}`,
        },
      })),
  };
}

export interface TrackPointProps {
  hazard: HazardName;
  color: string;
}

/** A track's lines and its positions coloured by hazard, for the track layer. */
export function trackFeatures(track: FlightTrack | undefined): {
  lines: FeatureCollection<LineString>;
  points: FeatureCollection<Point, TrackPointProps>;
} {
  const lines: Feature<LineString>[] = [];
  const points: Feature<Point, TrackPointProps>[] = [];
  for (const f of track?.features ?? []) {
    if (f.geometry.type === 'LineString') {
      lines.push({ type: 'Feature', geometry: f.geometry, properties: {} });
    } else if ('hazard' in f.properties) {
      const hazard = f.properties.hazard;
      points.push({
        type: 'Feature',
        geometry: f.geometry,
        properties: { hazard, color: HAZARD_COLORS[hazard] },
      });
    }
  }
  return {
    lines: { type: 'FeatureCollection', features: lines },
    points: { type: 'FeatureCollection', features: points },
  };
}
