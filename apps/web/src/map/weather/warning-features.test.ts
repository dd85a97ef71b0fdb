import type { WeatherWarning } from '@thunderwatch/shared/schemas/weather-warning';
import { describe, expect, it } from 'vitest';
import { WEATHER_WARNING_COLORS, weatherWarningMapData } from './warning-features';

const square = (lon: number, lat: number) => [
  [
    [lon, lat],
    [lon + 1, lat],
    [lon + 1, lat + 1],
    [lon, lat + 1],
    [lon, lat],
  ],
];

const warning = (id: number, level: WeatherWarning['level'], area: boolean): WeatherWarning => ({
  id,
  identifier: `w-${id}`,
  sender: 'gd@cma.gov.cn',
  sent: '2026-07-01T08:00:00Z',
  msgType: 'Alert',
  status: 'Actual',
  kind: 'rainstorm',
  level,
  event: '暴雨预警',
  headline: null,
  description: null,
  language: 'zh-CN',
  onset: null,
  expires: null,
  closedAt: null,
  closedReason: null,
  supersededBy: null,
  area: area ? { type: 'MultiPolygon', coordinates: [square(113, 22)] } : null,
  geocodes: [],
  adminCodes: [],
});

describe('weatherWarningMapData', () => {
  it('draws each warning with an area in its colour, weakest first, and leaves out geocode-only ones', () => {
    const data = weatherWarningMapData([
      warning(1, 'red', true),
      warning(2, 'blue', true),
      warning(3, 'orange', false),
      warning(4, 'yellow', true),
      warning(5, 'blue', true),
    ]);
    expect(data.features.map((f) => [f.properties.id, f.properties.level, f.properties.color])).toEqual([
      [2, 'blue', WEATHER_WARNING_COLORS.blue],
      [5, 'blue', WEATHER_WARNING_COLORS.blue],
      [4, 'yellow', WEATHER_WARNING_COLORS.yellow],
      [1, 'red', WEATHER_WARNING_COLORS.red],
    ]);
    expect(data.features[0]?.geometry).toEqual({ type: 'MultiPolygon', coordinates: [square(113, 22)] });
  });

  it('draws nothing without warnings', () => {
    expect(weatherWarningMapData([]).features).toEqual([]);
  });
});
