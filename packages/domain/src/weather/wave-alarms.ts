import RBush from 'rbush';
import { distanceKm } from '../geo/geodesy.js';

/**
 * An open wave alarm holds while its station's height stays at or above this share of the threshold: a sea
 * hovering around the threshold (4.0, 3.9, 4.1 m…) gives one alarm, not one per crossing.
 */
export const WAVE_CLEAR_RATIO = 0.9;
/** At or above this multiple of its threshold, a wave alarm is level 3 (red); below, level 2 (orange). */
export const WAVE_RED_RATIO = 1.5;

/** A location as wave alarms see it: a point and its threshold (metres of significant wave height). */
export interface WaveSite {
  id: number;
  lat: number;
  lon: number;
  thresholdM: number;
}

/** A station's latest significant wave height; null: none recent enough to count. */
export interface WaveStationNow {
  id: string;
  lat: number;
  lon: number;
  heightM: number | null;
}

export interface WavePair {
  stationId: string;
  locationId: number;
}

export interface WaveExceedance extends WavePair {
  distanceKm: number;
  heightM: number;
  thresholdM: number;
  level: 2 | 3;
}

export interface WaveStep {
  /** Pairs over the threshold with no open alarm. */
  raise: WaveExceedance[];
  /** Open alarms that still hold (their facts as now). */
  hold: WaveExceedance[];
  /** Open alarms that no longer hold. */
  clear: WavePair[];
}

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  site: WaveSite;
}

const KM_PER_DEG = 111.2;
const RAD = Math.PI / 180;

/** Locations as points in an R-tree: a station measures only those in its box grown by the radius. */
export class WaveSiteIndex {
  private readonly tree = new RBush<Entry>();

  constructor(sites: readonly WaveSite[]) {
    this.tree.load(sites.map((s) => ({ minX: s.lon, minY: s.lat, maxX: s.lon, maxY: s.lat, site: s })));
  }

  /** The sites within `km` of a point, with their distance. */
  near(lat: number, lon: number, km: number): { site: WaveSite; distanceKm: number }[] {
    const dLat = km / KM_PER_DEG;
    const dLon = km / (KM_PER_DEG * Math.cos(Math.min(89, Math.abs(lat) + dLat) * RAD));
    const out: { site: WaveSite; distanceKm: number }[] = [];
    // A box across 180° is searched as its two halves.
    const boxes =
      lon - dLon < -180
        ? [
            [-180, lon + dLon],
            [lon - dLon + 360, 180],
          ]
        : lon + dLon > 180
          ? [
              [lon - dLon, 180],
              [-180, lon + dLon - 360],
            ]
          : [[lon - dLon, lon + dLon]];
    for (const [minX, maxX] of boxes as [number, number][]) {
      for (const e of this.tree.search({ minX, maxX, minY: lat - dLat, maxY: lat + dLat })) {
        const d = distanceKm(lat, lon, e.site.lat, e.site.lon);
        if (d <= km) out.push({ site: e.site, distanceKm: d });
      }
    }
    return out;
  }
}

const keyOf = (p: WavePair) => `${p.stationId}\u0000${p.locationId}`;

/**
 * One evaluation of wave alarms for the stations given (the ones just heard from, and those with open
 * alarms): a location within `radiusKm` of a station whose height reaches the location's threshold gets an
 * alarm; an open one holds down to `WAVE_CLEAR_RATIO` of the threshold and clears below it, when the
 * station has no recent height, or when the location is gone or out of reach. Open alarms of stations not
 * given are left as they are.
 */
export function waveAlarmStep(input: {
  stations: readonly WaveStationNow[];
  sites: WaveSiteIndex;
  open: readonly WavePair[];
  radiusKm: number;
}): WaveStep {
  const open = new Set(input.open.map(keyOf));
  const held = new Set<string>();
  const step: WaveStep = { raise: [], hold: [], clear: [] };
  for (const s of input.stations) {
    if (s.heightM === null) continue;
    for (const { site, distanceKm: d } of input.sites.near(s.lat, s.lon, input.radiusKm)) {
      const pair = { stationId: s.id, locationId: site.id };
      const isOpen = open.has(keyOf(pair));
      const over = s.heightM >= site.thresholdM;
      if (!over && !(isOpen && s.heightM >= site.thresholdM * WAVE_CLEAR_RATIO)) continue;
      const e: WaveExceedance = {
        ...pair,
        distanceKm: d,
        heightM: s.heightM,
        thresholdM: site.thresholdM,
        level: s.heightM >= site.thresholdM * WAVE_RED_RATIO ? 3 : 2,
      };
      if (isOpen) {
        held.add(keyOf(pair));
        step.hold.push(e);
      } else step.raise.push(e);
    }
  }
  const evaluated = new Set(input.stations.map((s) => s.id));
  for (const p of input.open) {
    if (evaluated.has(p.stationId) && !held.has(keyOf(p))) step.clear.push(p);
  }
  return step;
}
