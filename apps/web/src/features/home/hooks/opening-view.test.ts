import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import { chooseOpening, type OpeningInput, strokesBounds } from './opening-view';

const site = (lon: number, lat: number, radiusKm: number, enabled = true): LocationDto => ({
  id: 1,
  group_id: 1,
  name: 'site',
  name_en: null,
  shape: { type: 'Point', coordinates: [lon, lat] },
  zone_id: null,
  time_zone: 'Asia/Shanghai',
  wave_alert_cm: null,
  is_airport: false,
  airport_icao: null,
  enabled,
  rings: [
    { level: 1, radius_km: radiusKm, all_clear_min: 30, min_strokes: 1, window_min: 15, include_ic: true },
  ],
  level: 0,
  created_at: '2025-06-15T08:00:00Z',
  updated_at: '2025-06-15T08:00:00Z',
  predict: { enabled: false, range_km: 40, level: 1 },
});

const stroke = (lon: number, lat: number, id = 1): CompactStroke =>
  [id, 0, lat, lon, -10, 0, null, 0] as unknown as CompactStroke;

const unsaved = { saved: false, center: [113.3, 23.1] as [number, number], zoom: 6 };
const storm = [stroke(114, 22.5, 1), stroke(114.2, 22.7, 2)];

describe('where the home map opens', () => {
  it.each<[string, OpeningInput, string]>([
    [
      'an address with a view stays there',
      { fromAddress: true, mapData: undefined, recentStrokes: null },
      'stay',
    ],
    ['waits for the user map data', { fromAddress: false, mapData: undefined, recentStrokes: storm }, 'wait'],
    [
      'a saved view wins over locations and strokes',
      {
        fromAddress: false,
        mapData: { ...unsaved, saved: true, locations: [site(113, 23, 30)] },
        recentStrokes: storm,
      },
      'view',
    ],
    [
      'else the locations with their rings',
      { fromAddress: false, mapData: { ...unsaved, locations: [site(113, 23, 30)] }, recentStrokes: null },
      'bounds:locations',
    ],
    [
      'disabled locations do not count; waits for the strokes',
      {
        fromAddress: false,
        mapData: { ...unsaved, locations: [site(113, 23, 30, false)] },
        recentStrokes: null,
      },
      'wait',
    ],
    [
      'else the last hour of strokes',
      { fromAddress: false, mapData: { ...unsaved, locations: [] }, recentStrokes: storm },
      'bounds:strokes',
    ],
    [
      'else where it started',
      { fromAddress: false, mapData: { ...unsaved, locations: [] }, recentStrokes: [] },
      'stay',
    ],
  ])('%s', (_case, input, expected) => {
    const opening = chooseOpening(input);
    expect(opening.kind === 'bounds' ? `bounds:${opening.reason}` : opening.kind).toBe(expected);
  });

  it('frames a location with its outer ring', () => {
    const opening = chooseOpening({
      fromAddress: false,
      mapData: { ...unsaved, locations: [site(113, 23, 30)] },
      recentStrokes: null,
    });
    if (opening.kind !== 'bounds') throw new Error(opening.kind);
    const [[west, south], [east, north]] = opening.bounds;
    // 30 km is 0.27° of latitude and 0.29° of longitude at 23° N.
    expect(north - 23).toBeCloseTo(0.27, 1);
    expect(23 - south).toBeCloseTo(0.27, 1);
    expect(east - 113).toBeCloseTo(0.29, 1);
    expect(113 - west).toBeCloseTo(0.29, 1);
  });

  it('leaves out a stray stroke far from the storm', () => {
    const strokes = Array.from({ length: 100 }, (_, i) => stroke(114 + (i % 10) / 100, 22.5 + i / 1000, i));
    strokes.push(stroke(80, 40, 999));
    const bounds = strokesBounds(strokes);
    expect(bounds?.[0][0]).toBeGreaterThan(113.9);
    expect(bounds?.[1][1]).toBeLessThan(23);
  });
});
