import type { Region } from '@thunderwatch/shared/schemas/regions';
import { describe, expect, it } from 'vitest';
import { regionOutlines } from './region-features';

const region = (code: string, level: Region['level'], geometry: boolean): Region => ({
  code,
  level,
  parent: level === 'city' ? '440000' : null,
  name_zh: level === 'city' ? '广州' : '广东',
  name_en: level === 'city' ? 'Guangzhou' : 'Guangdong',
  bbox: [113, 22, 114, 24],
  area_km2: 7000,
  ...(geometry
    ? {
        geometry: {
          type: 'MultiPolygon' as const,
          coordinates: [
            [
              [
                [113, 22],
                [114, 22],
                [114, 24],
                [113, 22],
              ],
            ],
          ],
        },
      }
    : {}),
});

describe('regionOutlines', () => {
  it('keeps the regions with an outline, named in the language shown', () => {
    const regions = [
      region('440000', 'province', true),
      region('440100', 'city', true),
      region('450000', 'province', false),
    ];
    expect(regionOutlines(regions, 'zh-Hans').features.map((f) => f.properties)).toEqual([
      { code: '440000', level: 'province', name: '广东' },
      { code: '440100', level: 'city', name: '广州' },
    ]);
    expect(regionOutlines(regions, 'en').features.map((f) => f.properties.name)).toEqual([
      'Guangdong',
      'Guangzhou',
    ]);
  });
});
