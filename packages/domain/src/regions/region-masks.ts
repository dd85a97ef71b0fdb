import { PolygonMask } from '../geo/polygon-mask.js';
import type { RegionIndex } from './region-index.js';

/**
 * `RegionIndex.lookup` for many points: the same candidates (R-tree, code order) and the same answer, each
 * candidate's border tested through a `PolygonMask` built the first time the region is a candidate, so only
 * points near a border run the ray cast.
 */
export class MaskedRegionLookup {
  private readonly masks = new Map<string, PolygonMask>();

  constructor(
    private readonly index: RegionIndex,
    private readonly cellsPerRegion = 40_000,
  ) {}

  lookup(lon: number, lat: number): string | null {
    for (const code of this.index.candidates(lon, lat)) if (this.mask(code)?.contains(lon, lat)) return code;
    return null;
  }

  private mask(code: string): PolygonMask | null {
    let mask = this.masks.get(code);
    if (!mask) {
      const polygons = this.index.polygonsOf(code);
      if (!polygons) return null;
      mask = new PolygonMask(polygons, this.cellsPerRegion);
      this.masks.set(code, mask);
    }
    return mask;
  }
}
