import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { COUNTRIES_TILE_LAYER } from '../src/map/basemap/country-outlines.ts';
import { PROVINCES_TILE_LAYER } from '../src/map/basemap/echarts-geo.ts';
import { pointInRing } from '../src/map/cells/cell-reach.ts';
import { makeBasemap } from './basemap-files.ts';
import { boundsOf, tilesCovering } from './basemap-tiles.ts';

/** The kinds (land, coast, border) in a tile, and how many features of each. */
function kindsIn(bytes: Uint8Array | undefined): Record<string, number> {
  if (!bytes) throw new Error('no such tile');
  const layer = new VectorTile(new PbfReader(bytes)).layers[COUNTRIES_TILE_LAYER];
  const kinds: Record<string, number> = {};
  for (let i = 0; i < (layer?.length ?? 0); i++) {
    const kind = String(layer?.feature(i).properties.kind);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

const GUANGZHOU = [113.26, 23.13] as const;

/** True when the tile `z/x/y` has land under the point. */
function landAt(bytes: Uint8Array | undefined, key: string, point: readonly [number, number]): boolean {
  const [z, x, y] = key.split('/').map(Number) as [number, number, number];
  const layer = new VectorTile(new PbfReader(bytes ?? new Uint8Array())).layers[COUNTRIES_TILE_LAYER];
  for (let i = 0; i < (layer?.length ?? 0); i++) {
    const feature = layer?.feature(i);
    if (feature?.properties.kind !== 'land') continue;
    const geometry = feature.toGeoJSON(x, y, z).geometry;
    const polygons =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    if (polygons.some((rings) => rings[0] && pointInRing(point, rings[0]))) return true;
  }
  return false;
}

describe('tilesCovering', () => {
  it.each([
    ['the world at zoom 0', [-180, -85, 180, 85], 0, [[0, 0]]],
    [
      'the world at zoom 1',
      [-180, -85, 180, 85],
      1,
      [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ],
    ],
    ['Guangzhou at zoom 4', [113.2, 23.1, 113.3, 23.2], 4, [[13, 6]]],
    [
      'a box across tiles at zoom 2',
      [-10, -10, 10, 10],
      2,
      [
        [1, 1],
        [1, 2],
        [2, 1],
        [2, 2],
      ],
    ],
  ] as const)('%s', (_, bounds, z, tiles) => {
    expect(tilesCovering([...bounds], z)).toEqual(tiles);
  });
});

describe('boundsOf', () => {
  it('spans every coordinate of every geometry', () => {
    expect(
      boundsOf({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [100, 20] } },
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'MultiLineString',
              coordinates: [
                [
                  [90, 30],
                  [120, 10],
                ],
              ],
            },
          },
        ],
      }),
    ).toEqual([90, 10, 120, 30]);
  });
});

describe('the basemap cut at build time', () => {
  const { files, tileSets } = makeBasemap();
  const world = tileSets.get('world');
  const region = tileSets.get('region');

  it('has a tile for every place of every zoom it serves, empty ones included', () => {
    expect(world?.tiles.size).toBe(1 + 4 + 16 + 64 + 256);
    for (let z = 4; z <= 7; z++)
      for (const [x, y] of tilesCovering(region?.bounds ?? [0, 0, 0, 0], z))
        expect(region?.tiles.has(`${z}/${x}/${y}`), `${z}/${x}/${y}`).toBe(true);
  });

  it('draws China from the world at 1:50m up to zoom 3, from the region at 1:10m from zoom 4', () => {
    // Guangzhou's tiles.
    expect(kindsIn(world?.tiles.get('3/6/3'))).toMatchObject({
      land: expect.any(Number),
      coast: 1,
      border: 1,
    });
    expect(landAt(world?.tiles.get('3/6/3'), '3/6/3', GUANGZHOU)).toBe(true);
    expect(landAt(world?.tiles.get('4/13/6'), '4/13/6', GUANGZHOU)).toBe(false);
    expect(landAt(region?.tiles.get('4/13/6'), '4/13/6', GUANGZHOU)).toBe(true);
    expect(landAt(region?.tiles.get('7/104/55'), '7/104/55', GUANGZHOU)).toBe(true);
    // Europe from zoom 4 on is the world's, outside the region.
    expect(kindsIn(world?.tiles.get('4/8/5'))).toMatchObject({ land: expect.any(Number) });
  });

  it('keeps the region within China and its neighbours', () => {
    const [west, south, east, north] = region?.bounds ?? [];
    expect(west).toBeGreaterThan(60);
    expect(east).toBeLessThan(150);
    expect(south).toBeGreaterThan(-5);
    expect(north).toBeLessThan(60);
  });

  it('holds the provinces in the world from zoom 2 to 3 and in the region, not in the world from zoom 4', () => {
    const provinces = (bytes: Uint8Array | undefined) =>
      new VectorTile(new PbfReader(bytes ?? new Uint8Array())).layers[PROVINCES_TILE_LAYER]?.length ?? 0;
    // Guangzhou's tiles: Guangdong and its neighbours.
    expect(provinces(world?.tiles.get('1/1/0'))).toBe(0);
    expect(provinces(world?.tiles.get('2/3/1'))).toBeGreaterThan(5);
    expect(provinces(world?.tiles.get('3/6/3'))).toBeGreaterThan(5);
    expect(provinces(world?.tiles.get('4/13/6'))).toBe(0);
    expect(provinces(region?.tiles.get('4/13/6'))).toBeGreaterThan(3);
    expect(provinces(region?.tiles.get('7/104/55'))).toBeGreaterThan(0);
    // Europe's have none.
    expect(provinces(world?.tiles.get('3/4/2'))).toBe(0);
  });

  it('writes the cities as GeoJSON with coordinates to 1e-4°', () => {
    const cities = JSON.parse(files.get('cities') ?? '{}');
    const guangzhou = cities.features.find(
      (f: { properties: { en: string } }) => f.properties.en === 'Guangzhou',
    );
    expect(
      guangzhou.geometry.coordinates.every((c: number) => Math.abs(c * 1e4 - Math.round(c * 1e4)) < 1e-6),
    ).toBe(true);
  });
});
