import { DOUGLAS_DEGREES } from '@thunderwatch/domain/weather/douglas-scale';
import type { WaveData, WaveReading } from '@thunderwatch/shared/schemas/weather';
import type { FeatureCollection, Point } from 'geojson';

/**
 * Colours of the Douglas sea scale, calm to phenomenal: blues for a calm sea, through green and yellow
 * (moderate, rough) to red and purple (high and beyond), so the rough seas stand out on the dark map.
 */
export const DOUGLAS_COLORS: readonly string[] = [
  '#93c5fd',
  '#60a5fa',
  '#22d3ee',
  '#34d399',
  '#a3e635',
  '#facc15',
  '#fb923c',
  '#ef4444',
  '#d946ef',
  '#7c3aed',
];
/** A station whose latest reading has no height. */
export const NO_HEIGHT_COLOR = '#6b7280';

export const douglasColor = (degree: number | null) =>
  degree === null ? NO_HEIGHT_COLOR : (DOUGLAS_COLORS[degree] ?? NO_HEIGHT_COLOR);

/** The legend's rows: each degree with its height range in metres (`upper` null for the last). */
export const DOUGLAS_LEGEND = DOUGLAS_DEGREES.map((d, i) => ({
  degree: d.degree,
  lower: i === 0 ? 0 : (DOUGLAS_DEGREES[i - 1]?.maxM ?? 0),
  upper: Number.isFinite(d.maxM) ? d.maxM : null,
  color: DOUGLAS_COLORS[d.degree] as string,
}));

export interface WaveStationProps {
  id: string;
  name: string;
  color: string;
  /** Douglas degree, -1 for none (GeoJSON drops nulls). */
  degree: number;
  alert: boolean;
}

/** One point per station at its latest reading, coloured by its degree; the alerting ones drawn last. */
export function waveStationFeatures(data: WaveData | undefined): FeatureCollection<Point, WaveStationProps> {
  const features = (data?.stations ?? []).flatMap(({ station, readings }) => {
    const r = readings.at(-1);
    if (!r) return [];
    return [
      {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [station.lon, station.lat] },
        properties: {
          id: station.id,
          name: station.name,
          color: douglasColor(r.douglas),
          degree: r.douglas ?? -1,
          alert: r.alert,
        },
      },
    ];
  });
  features.sort((a, b) => a.properties.degree - b.properties.degree);
  return { type: 'FeatureCollection', features };
}

/** The latest reading of a station in the answer, if any. */
export function latestOf(data: WaveData | undefined, stationId: string): WaveReading | undefined {
  return data?.stations.find((s) => s.station.id === stationId)?.readings.at(-1);
}

/** How long ago a reading was, in whole minutes (never negative). */
export const ageMinutes = (iso: string, nowMs: number) =>
  Math.max(0, Math.round((nowMs - Date.parse(iso)) / 60_000));
