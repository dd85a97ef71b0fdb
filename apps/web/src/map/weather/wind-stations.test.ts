import type { StationWind } from '@thunderwatch/shared/schemas/decision';
import { describe, expect, it } from 'vitest';
import { beaufortColor } from './beaufort-colors';
import { windStationFeatures } from './wind-stations-layer';

const station = (id: string, force: number | null): StationWind => ({
  station: { id, name: id, name_en: null, lat: 22, lon: 113, elevation: null },
  time: '2026-07-01T12:00:00Z',
  wind_speed: force === null ? null : force * 2,
  wind_dir: null,
  wind_gust: null,
  force,
  gust_force: null,
  trend: null,
  change_ms_per_h: null,
});

describe('wind station marks', () => {
  it.each([
    [null, '#475569'],
    [0, '#64748b'],
    [6, '#1d6ff2'],
    [8, '#f7d100'],
    [10, '#ff8a00'],
    [12, '#e5262b'],
    [20, '#581c87'],
  ])('force %s is drawn %s', (force, color) => {
    expect(beaufortColor(force)).toBe(color);
  });

  it('draws the strongest last, so it is on top', () => {
    const features = windStationFeatures([station('A', 10), station('B', 6), station('C', null)]).features;
    expect(features.map((f) => f.properties.id)).toEqual(['C', 'B', 'A']);
    expect(features[2]?.properties.color).toBe('#ff8a00');
  });
});
