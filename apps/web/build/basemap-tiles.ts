import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';

/**
 * Vector tiles cut at build time (MapLibre's own geojson-vt and vt-pbf): the map's worker then decodes only the
 * few small tiles on screen instead of parsing and indexing megabytes of GeoJSON while the map opens.
 */

export type Bounds = [west: number, south: number, east: number, north: number];

export interface TileSet {
  minzoom: number;
  maxzoom: number;
  bounds: Bounds;
  /** Tile bytes by `z/x/y`; an empty tile is an empty buffer (a valid tile with no layers). */
  tiles: Map<string, Uint8Array>;
}

const WORLD: Bounds = [-180, -85.0511, 180, 85.0511];

const tileX = (lon: number, z: number) => Math.min(2 ** z - 1, Math.floor(((lon + 180) / 360) * 2 ** z));
function tileY(lat: number, z: number) {
  const r = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z;
  return Math.min(2 ** z - 1, Math.max(0, Math.floor(y)));
}

/** Every tile `z/x/y` of zoom `z` that touches `bounds`. */
export function tilesCovering(bounds: Bounds, z: number): [number, number][] {
  const [west, south, east, north] = bounds;
  const out: [number, number][] = [];
  for (let x = tileX(west, z); x <= tileX(east, z); x++)
    for (let y = tileY(north, z); y <= tileY(south, z); y++) out.push([x, y]);
  return out;
}

/** The west, south, east and north of a collection's coordinates. */
export function boundsOf(collection: FeatureCollection): Bounds {
  const b: Bounds = [180, 90, -180, -90];
  const visit = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number') {
      const [lon, lat] = c as number[];
      b[0] = Math.min(b[0], lon as number);
      b[1] = Math.min(b[1], lat as number);
      b[2] = Math.max(b[2], lon as number);
      b[3] = Math.max(b[3], lat as number);
    } else for (const inner of c) visit(inner);
  };
  for (const f of collection.features)
    if (f.geometry && 'coordinates' in f.geometry) visit(f.geometry.coordinates);
  return b;
}

/** The collections a zoom's tiles are cut from, by the name of their layer in the tile. */
export type TileLayers = Readonly<Record<string, FeatureCollection>>;

/**
 * The tiles of zooms `minzoom`..`maxzoom` within `bounds` (the world by default), each zoom cut from the
 * layers `dataAt(z)` names, so a zoom can draw other data than the next.
 */
export function cutTiles(
  dataAt: (z: number) => TileLayers,
  minzoom: number,
  maxzoom: number,
  bounds: Bounds = WORLD,
): TileSet {
  const indexes = new Map<FeatureCollection, GeoJSONVT>();
  const indexOf = (data: FeatureCollection) => {
    let index = indexes.get(data);
    if (!index) {
      index = new GeoJSONVT(data, { maxZoom: maxzoom, indexMaxZoom: 0, tolerance: 3, buffer: 64 });
      indexes.set(data, index);
    }
    return index;
  };
  const tiles = new Map<string, Uint8Array>();
  for (let z = minzoom; z <= maxzoom; z++) {
    const layers = Object.entries(dataAt(z));
    for (const [x, y] of tilesCovering(bounds, z)) {
      const cut = Object.fromEntries(
        layers.flatMap(([name, data]) => {
          const tile = indexOf(data).getTile(z, x, y);
          return tile ? [[name, tile]] : [];
        }),
      );
      tiles.set(
        `${z}/${x}/${y}`,
        Object.keys(cut).length > 0 ? fromGeojsonVt(cut, { version: 2, extent: 4096 }) : new Uint8Array(0),
      );
    }
  }
  return { minzoom, maxzoom, bounds, tiles };
}
