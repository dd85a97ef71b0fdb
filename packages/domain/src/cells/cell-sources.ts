import { distanceKm } from '../geo/geodesy.js';
import type { RadarObject } from '../weather/radar-objects.js';
import {
  BOX_MARGIN_DEG,
  type Box,
  boxesMeet,
  boxOf,
  densify,
  type Echo,
  echoOf,
  nearRing,
  radiusOf,
} from './cell-echoes.js';
import { cellHull, HULL_LIMITS } from './cell-hull.js';
import {
  globeMean,
  insideRing,
  type LatLon,
  type LocalPlane,
  localPlane,
  ringToLonLat,
  signedArea,
  type XY,
} from './cell-plane.js';
import { globePointKm, singleLinkage } from './storm-clusters.js';

/**
 * What a tracker step finds before matching: the cells of one moment, from the recent flashes and, where
 * radar is present, the reflectivity objects (`radarObjects`) of the newest frame.
 * - Flashes of the last 10 min are clustered by single linkage (8 km); a cluster of 5 or more is a cell.
 * - A radar object joins the cluster with the most of its flashes inside the object's outline (a cluster
 *   with a flash within 2 km of the outline, none inside, counts as half a flash): the cell is then
 *   outlined round both.
 *   An object joins one cluster at most, so radar never merges two lightning cells (a broad ≥ 35 dBZ area
 *   may hold several storms), and a cluster may take several objects.
 * - An object that joins no cluster is a cell of its own, with no flashes: a storm is tracked, and its
 *   motion known, before its first flash.
 * A cell's centroid is its flashes' when it has any (they move with the storm minute by minute; a radar
 * frame is minutes old and changes every 5–6 min), else its radar object's.
 */
export const SOURCES = {
  windowMs: 10 * 60_000,
  linkKm: 8,
  minFlashes: 5,
  /** A radar frame older than this at the step's time is not used. */
  radarMaxAgeMs: 10 * 60_000,
  /** A cluster with a flash this close to an object's outline (none inside) may still take it. */
  nearKm: 2,
  /** Flashes tested against an object's outline per cluster (evenly spread over those in its box). */
  maxSample: 100,
} as const;

export interface CellFlash {
  timeMs: number;
  lat: number;
  lon: number;
  /** A cloud-to-ground flash (any of its strokes reached ground). */
  cg: boolean;
}

/** The objects of one reflectivity frame, at the frame's time. */
export interface TrackerRadar {
  timeMs: number;
  objects: readonly RadarObject[];
}

export interface FoundCell {
  flashes: CellFlash[];
  centroid: LatLon;
  /** Closed GeoJSON ring of [lon, lat]. */
  ring: [number, number][];
  areaKm2: number;
  radiusKm: number;
  /** What matching looks for inside the previous outlines: the flashes and points over the radar objects. */
  points: LatLon[];
  radar: { timeMs: number; maxDbz: number; areaKm2: number } | null;
}

interface Cluster {
  flashes: CellFlash[];
  centroid: LatLon;
  plane: LocalPlane;
  xy: XY[];
  /** Beyond this distance from the centroid nothing of the cluster's outline lies (the hull may grow 1 km). */
  reachKm: number;
  /** Its flashes' lon/lat box, or null across the antimeridian. */
  box: Box | null;
}

function clusters(flashes: readonly CellFlash[], nowMs: number): Cluster[] {
  const recent = flashes.filter((f) => f.timeMs <= nowMs && nowMs - f.timeMs < SOURCES.windowMs);
  const { labels, count } = singleLinkage(
    recent.map((f) => globePointKm(f.lat, f.lon)),
    SOURCES.linkKm,
  );
  const groups: CellFlash[][] = Array.from({ length: count }, () => []);
  recent.forEach((f, i) => {
    groups[labels[i] as number]?.push(f);
  });
  return groups
    .filter((g) => g.length >= SOURCES.minFlashes)
    .map((g) => {
      const centroid = globeMean(g);
      const plane = localPlane(centroid);
      const xy = g.map((f) => plane.toPlane(f.lat, f.lon));
      const reachKm = radiusOf(xy) + 2 * HULL_LIMITS.minBufferKm;
      const box = lonLatBox(g);
      return { flashes: g, centroid, plane, xy, reachKm, box };
    });
}

/** The flashes' lon/lat box, or null when they lie on both sides of the antimeridian. */
function lonLatBox(flashes: readonly CellFlash[]): Box | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const f of flashes) {
    if (f.lon < west) west = f.lon;
    if (f.lon > east) east = f.lon;
    if (f.lat < south) south = f.lat;
    if (f.lat > north) north = f.lat;
  }
  return east - west < 180 ? [west, south, east, north] : null;
}

/** Whether the radar frame may be used at `nowMs`: not after it, and at most 10 min before. */
export function usableRadar(radar: TrackerRadar | null | undefined, nowMs: number): radar is TrackerRadar {
  return !!radar && radar.timeMs <= nowMs && nowMs - radar.timeMs <= SOURCES.radarMaxAgeMs;
}

/** The cells of the moment `nowMs`: flash clusters (with the radar objects they hold), then radar alone. */
export function findCells(
  flashes: readonly CellFlash[],
  nowMs: number,
  radar: TrackerRadar | null | undefined,
): FoundCell[] {
  const found = clusters(flashes, nowMs);
  const frame = usableRadar(radar, nowMs) ? radar : null;
  const held: Echo[][] = found.map(() => []);
  const alone: Echo[] = [];
  for (const e of (frame?.objects ?? []).map(echoOf)) {
    const k = clusterOf(e, found);
    if (k < 0) alone.push(e);
    else held[k]?.push(e);
  }
  const cells = found.map((c, k) => withEchoes(c, held[k] as Echo[], frame?.timeMs ?? 0));
  for (const e of alone) {
    cells.push({
      flashes: [],
      centroid: e.object.centroid,
      ring: e.object.ring,
      areaKm2: e.areaKm2,
      radiusKm: e.radiusKm,
      points: e.points,
      radar: radarFigures([e], frame?.timeMs ?? 0),
    });
  }
  return cells;
}

/**
 * The cluster an echo joins: the one with most flashes inside it; one with a flash within `nearKm` of its
 * outline but none inside counts as half a flash (a storm's flashes may ring a small core); or −1.
 */
function clusterOf(e: Echo, found: readonly Cluster[]): number {
  let best = -1;
  let bestScore = 0;
  const near = SOURCES.nearKm;
  found.forEach((c, k) => {
    if (c.box && e.box && !boxesMeet(c.box, e.box, BOX_MARGIN_DEG)) return;
    const reach = c.reachKm + e.radiusKm + near;
    if (distanceKm(c.centroid.lat, c.centroid.lon, e.object.centroid.lat, e.object.centroid.lon) > reach)
      return;
    // On the cluster's plane, where its flashes already are: the echo's outline and its box.
    const ring = e.object.ring.map(([lon, lat]) => c.plane.toPlane(lat, lon));
    const [minX, minY, maxX, maxY] = boxOf(ring);
    // The flashes in its box (grown by `nearKm`), then at most `maxSample` of them, evenly spread, tested.
    const [x0, y0, x1, y1] = [minX - near, minY - near, maxX + near, maxY + near];
    const boxed: XY[] = [];
    for (let i = 0; i < c.xy.length; i++) {
      const p = c.xy[i] as XY;
      if (p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1) boxed.push(p);
    }
    const stride = Math.max(1, boxed.length / SOURCES.maxSample);
    let inside = 0;
    let close = false;
    for (let i = 0; i < boxed.length; i += stride) {
      const [x, y] = boxed[Math.floor(i)] as XY;
      if (insideRing(ring, x, y)) inside += stride;
      else close ||= inside === 0 && nearRing(ring, x, y, near);
    }
    const score = inside > 0 ? inside : close ? 0.5 : 0;
    if (score > bestScore) {
      best = k;
      bestScore = score;
    }
  });
  return best;
}

/** A cluster's cell, outlined round its flashes and the radar objects it holds (one hull either way). */
function withEchoes(c: Cluster, echoes: readonly Echo[], timeMs: number): FoundCell {
  if (echoes.length === 0) {
    const hull = cellHull(c.xy);
    return {
      flashes: c.flashes,
      centroid: c.centroid,
      ring: ringToLonLat(c.plane, hull),
      areaKm2: signedArea(hull),
      radiusKm: radiusOf(hull),
      points: c.flashes,
      radar: null,
    };
  }
  // The echoes' outlines come first, their edges cut under 2 km: the hull keeps the first point of each
  // 1 km square and refines only longer edges, so it cannot cut into an echo. Then the flashes.
  const xy: XY[] = [];
  const points: LatLon[] = [...c.flashes];
  for (const e of echoes) {
    densify(
      e.object.ring.map(([lon, lat]) => c.plane.toPlane(lat, lon)),
      xy,
    );
    points.push(...e.points);
  }
  const hull = cellHull(xy.concat(c.xy));
  return {
    flashes: c.flashes,
    centroid: c.centroid,
    ring: ringToLonLat(c.plane, hull),
    areaKm2: signedArea(hull),
    radiusKm: radiusOf(hull),
    points,
    radar: radarFigures(echoes, timeMs),
  };
}

function radarFigures(echoes: readonly Echo[], timeMs: number): NonNullable<FoundCell['radar']> {
  return {
    timeMs,
    maxDbz: Math.max(...echoes.map((e) => e.object.maxDbz)),
    areaKm2: Math.round(echoes.reduce((s, e) => s + e.object.areaKm2, 0) * 100) / 100,
  };
}
