import { compactPolygons, pointInPolygons } from '@thunderwatch/domain/regions/region-index';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRegionsFile } from '../../regions/regions-data.js';
import type { RegionsRepo } from '../../regions/regions-repo.js';
import { RegionsService } from '../../regions/regions-service.js';

/** The region code the rollups give a stroke, near and on either side of boundaries. */
describe('region assignment of strokes', () => {
  let codeAt: (lon: number, lat: number) => string | null;
  beforeAll(async () => {
    // codeAt reads the boundary file only: no database.
    const regions = new RegionsService({ repo: {} as RegionsRepo, log: {} as FastifyBaseLogger });
    codeAt = await regions.codeAt();
  }, 30_000);

  it.each([
    [113.26, 23.13, '440100'], // Guangzhou
    [114.06, 22.55, '440300'], // Shenzhen
    [114.17, 22.3, '810000'], // Hong Kong: a province-level SAR, its own city code
    [116.4, 39.9, '110000'], // Beijing: a municipality, province and city of one code
    [116.5, 19.5, null], // the open sea
  ])('(%d, %d) is %s', (lon, lat, code) => expect(codeAt(lon, lat)).toBe(code));

  it('puts points 200 m inside Guangzhou’s boundary in Guangzhou and points 200 m outside elsewhere', async () => {
    const file = await readRegionsFile();
    const gz = file.regions.find((r) => r.code === '440100' && r.level === 'city');
    if (!gz) throw new Error('Guangzhou missing from the regions file');
    const polygons = compactPolygons(gz.full);
    const outer = gz.full[0]?.[0] ?? [];
    let checked = 0;
    let neighbours = 0;
    for (let i = 0; i + 1 < outer.length; i += Math.max(1, Math.floor(outer.length / 60))) {
      const [x0, y0] = outer[i] as [number, number];
      const [x1, y1] = outer[i + 1] as [number, number];
      const len = Math.hypot(x1 - x0, y1 - y0);
      if (len < 1e-4) continue;
      const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
      const [nx, ny] = [(-(y1 - y0) / len) * 0.002, ((x1 - x0) / len) * 0.002];
      const a: [number, number] = [mx + nx, my + ny];
      const b: [number, number] = [mx - nx, my - ny];
      const aIn = pointInPolygons(a[0], a[1], polygons);
      const bIn = pointInPolygons(b[0], b[1], polygons);
      if (aIn === bIn) continue; // a corner where both offsets land on one side
      const [inside, outside] = aIn ? [a, b] : [b, a];
      expect(codeAt(inside[0], inside[1])).toBe('440100');
      const other = codeAt(outside[0], outside[1]);
      expect(other).not.toBe('440100');
      if (other?.startsWith('44')) neighbours++;
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
    // Guangzhou borders Foshan, Dongguan, Qingyuan, Huizhou, Shaoguan, Zhongshan: most outside points are theirs.
    expect(neighbours / checked).toBeGreaterThan(0.8);
  });
});
