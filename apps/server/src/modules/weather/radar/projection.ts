import type { Forward, Inverse } from '@thunderwatch/domain/weather/radar-grid';
import { LONLAT_PROJDEF } from '@thunderwatch/domain/weather/radar-grid';
import proj4, { type Converter } from 'proj4';
import { badFile } from './radar-frame.js';

export interface Projection {
  forward: Forward;
  inverse: Inverse;
}

const finite = (p: number[] | undefined): [number, number] | null =>
  p && Number.isFinite(p[0]) && Number.isFinite(p[1]) ? [p[0] as number, p[1] as number] : null;

const IDENTITY: Projection = { forward: (lon, lat) => [lon, lat], inverse: (x, y) => [x, y] };

/** proj4's transform between WGS84 lon/lat and a grid's projection (`where/projdef`); 400 if it has none. */
export function projectionOf(projdef: string): Projection {
  if (projdef === LONLAT_PROJDEF) return IDENTITY;
  let converter: Converter;
  try {
    converter = proj4('WGS84', projdef);
    converter.forward([0, 0]);
  } catch {
    throw badFile(
      `where/projdef "${projdef.slice(0, 200)}" is not a projection proj4 can use`,
      'where/projdef',
    );
  }
  return {
    forward: (lon, lat) => {
      try {
        return finite(converter.forward([lon, lat]));
      } catch {
        return null;
      }
    },
    inverse: (x, y) => {
      try {
        return finite(converter.inverse([x, y]));
      } catch {
        return null;
      }
    },
  };
}
