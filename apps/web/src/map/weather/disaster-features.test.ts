import type { DisasterWarning } from '@thunderwatch/shared/schemas/disaster';
import { describe, expect, it } from 'vitest';
import { DISASTER_COLORS, disasterMapData } from './disaster-features';

const warning = (id: number, code: string, level: number, geometry = true): DisasterWarning => ({
  id,
  region: { code, province: `${code.slice(0, 2)}0000`, name_zh: `城${id}`, name_en: `City ${id}` },
  level,
  peak_level: level,
  factors: {
    area_km2: 2000,
    cg_flashes_1h: 10,
    cg_flashes_3h: 10,
    max_abs_ka: 30,
    strong_strokes: 0,
    cells_30: 0,
    severe_cells_30: 0,
    cells_60: 0,
    reasons: ['density_1h'],
  },
  issued_at: '2026-07-01T08:00:00.000Z',
  updated_at: '2026-07-01T08:05:00.000Z',
  cleared_at: null,
  ...(geometry
    ? {
        geometry: {
          type: 'MultiPolygon' as const,
          coordinates: [
            [
              [
                [113, 22],
                [114, 22],
                [114, 23],
                [113, 22],
              ],
            ],
          ],
        },
      }
    : {}),
});

describe('disasterMapData', () => {
  it('colours each city by level, names it in the language shown, and draws higher levels last', () => {
    const data = disasterMapData(
      [warning(1, '440300', 4), warning(2, '440400', 2), warning(3, '440100', 1, false)],
      'en',
    );
    expect(data.features.map((f) => f.properties.code)).toEqual(['440400', '440300']);
    expect(data.features[1]?.properties).toMatchObject({
      name: 'City 1',
      level: 4,
      color: DISASTER_COLORS[4],
    });
    expect(disasterMapData([warning(1, '440300', 3)], 'zh-Hans').features[0]?.properties).toMatchObject({
      name: '城1',
      color: DISASTER_COLORS[3],
    });
  });
});
