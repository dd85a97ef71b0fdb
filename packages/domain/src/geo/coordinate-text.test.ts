import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COORDINATE_PROBLEM_KEYS,
  formatDecimalCoordinates,
  formatDmsCoordinates,
  parseCoordinates,
} from './coordinate-text.js';

/** 23°07′45″N 113°15′52″E (Guangzhou), in decimal degrees. */
const LAT = 23 + 7 / 60 + 45 / 3600;
const LON = 113 + 15 / 60 + 52 / 3600;

const parsed = (text: string) => {
  const result = parseCoordinates(text);
  if (!result.ok) throw new Error(`${text}: ${JSON.stringify(result.problem)}`);
  return result.position;
};

describe('parseCoordinates reads', () => {
  it.each<[string, number, number]>([
    ['23.1291, 113.2644', 23.1291, 113.2644],
    ['23.1291 113.2644', 23.1291, 113.2644],
    ['23.1291,113.2644', 23.1291, 113.2644],
    ['  23.1291 ; 113.2644  ', 23.1291, 113.2644],
    ['-33.8688, 151.2093', -33.8688, 151.2093],
    ['40.7128, -74.006', 40.7128, -74.006],
    ['+23.5 +113', 23.5, 113],
    ['23.1291N 113.2644E', 23.1291, 113.2644],
    ['23.1291 N, 113.2644 E', 23.1291, 113.2644],
    ['113.2644E 23.1291N', 23.1291, 113.2644],
    ['33.8688S 151.2093E', -33.8688, 151.2093],
    ['40.7128 n 74.006 w', 40.7128, -74.006],
    ['N23.1291 E113.2644', 23.1291, 113.2644],
    ['E113.2644 N23.1291', 23.1291, 113.2644],
    ['lat 23.1291, lon 113.2644', 23.1291, 113.2644],
    ['lon: 113.2644 lat: 23.1291', 23.1291, 113.2644],
    ['Latitude 23.1291 Longitude 113.2644', 23.1291, 113.2644],
    ['lat 23.1291 N, lng 113.2644 E', 23.1291, 113.2644],
    ['23.1291°, 113.2644°', 23.1291, 113.2644],
    ['23.1291° 113.2644°', 23.1291, 113.2644],
    ['0, 0', 0, 0],
    ['90, 180', 90, 180],
    ['-90 -180', -90, -180],
    ['23.5 113.25 ', 23.5, 113.25],
    ['.5, .25', 0.5, 0.25],
  ])('%s', (text, lat, lon) => {
    const [gotLon, gotLat] = parsed(text);
    expect(gotLat).toBeCloseTo(lat, 9);
    expect(gotLon).toBeCloseTo(lon, 9);
  });

  it.each([
    `N23°07'45" E113°15'52"`,
    `23°07'45"N 113°15'52"E`,
    `23°07'45"N, 113°15'52"E`,
    `23°07'45" 113°15'52"`,
    `23°07′45″N 113°15′52″E`,
    `23º07’45”N 113º15’52”E`,
    `23°07'45''N 113°15'52''E`,
    '23 7 45 N, 113 15 52 E',
    '23 7 45 N 113 15 52 E',
    '23 7 45, 113 15 52',
    '23 7 45 113 15 52',
    'N 23 7 45 E 113 15 52',
    '23° 07′ 45″ N 113° 15′ 52″ E',
    '23°07′45″ 北, 113°15′52″ 东',
    '北纬23°07′45″ 东经113°15′52″',
    '北纬23°07′45″，东经113°15′52″',
    '东经113°15′52″ 北纬23°07′45″',
    '北纬 23度07分45秒 东经 113度15分52秒',
    '纬度 23°07′45″ 经度 113°15′52″',
    'Ｎ２３°０７′４５″　Ｅ１１３°１５′５２″',
    `-23°07'45" -113°15'52"`,
  ])('%s as 23°07′45″, 113°15′52″ (signs as given)', (text) => {
    const [lon, lat] = parsed(text);
    const sign = text.startsWith('-') ? -1 : 1;
    expect(lat).toBeCloseTo(sign * LAT, 9);
    expect(lon).toBeCloseTo(sign * LON, 9);
  });

  it.each<[string, number, number]>([
    [`23°07.75'N 113°15.8667'E`, 23 + 7.75 / 60, 113 + 15.8667 / 60],
    [`23 07.75 N 113 15.8667 E`, 23 + 7.75 / 60, 113 + 15.8667 / 60],
    ['23 7.75 113 15.8667', 23 + 7.75 / 60, 113 + 15.8667 / 60],
    ['北纬23°07.75′ 东经113°15.8667′', 23 + 7.75 / 60, 113 + 15.8667 / 60],
    [`33°52'7.68"S 151°12'33.48"E`, -(33 + 52 / 60 + 7.68 / 3600), 151 + 12 / 60 + 33.48 / 3600],
    [`23°30"N 113°E`, 23 + 30 / 3600, 113],
    ['南纬33°52′ 西经70°40′', -(33 + 52 / 60), -(70 + 40 / 60)],
  ])('%s (degrees and decimal minutes, or skipped parts)', (text, lat, lon) => {
    const [gotLon, gotLat] = parsed(text);
    expect(gotLat).toBeCloseTo(lat, 9);
    expect(gotLon).toBeCloseTo(lon, 9);
  });
});

describe('parseCoordinates refuses', () => {
  it.each<[string, string, Record<string, string | number>?]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['23.1291', 'count', { count: 1 }],
    ['23.1 113.2 5.5', 'ambiguous_numbers', { count: 3 }],
    ['23 7 45 113 15 52 1 2', 'ambiguous_numbers', { count: 8 }],
    ['1, 2, 3', 'count', { count: 3 }],
    ['23.1291N', 'count', { count: 1 }],
    ['N, 23', 'count', { count: 1 }],
    ['Guangzhou', 'unreadable', { text: 'Guangzhou' }],
    ['23.1 # 113.2', 'unreadable', { text: '#' }],
    ['23.1, 113.2x', 'unreadable', { text: 'x' }],
    ['° 23 113', 'unreadable', { text: '°' }],
    ['N S 23 113', 'unreadable', { text: 'S' }],
    ['23 7 45 1, 113 15 52', 'too_many_numbers', { count: 4 }],
    ['23.5 30, 113 15', 'fraction_not_last', { text: '23.5' }],
    [`23°7.5'30" 113°`, 'fraction_not_last', { text: '7.5' }],
    ['-23.1 S, 113.2 E', 'sign_and_hemisphere', { hemisphere: 'S' }],
    ['lat 23.1 E, 113.2', 'axis_mismatch', { hemisphere: 'E', axis: 'lat' }],
    ['23.1 N, 24.2 S', 'same_axis', { axis: 'lat' }],
    ['lon 23.1, 113.2 E', 'same_axis', { axis: 'lon' }],
    ['23 60 0, 113 0 0', 'minutes_range', { value: 60 }],
    [`23°7'60" 113°`, 'seconds_range', { value: 60 }],
    ['23 7 75.5 N 113 15 52 E', 'seconds_range', { value: 75.5 }],
    ['90.5, 100', 'lat_range', { value: 90.5 }],
    ['91N 113E', 'lat_range', { value: 91 }],
    ['95 S, 10 E', 'lat_range', { value: -95 }],
    ['23.1, 180.0001', 'lon_range', { value: 180.0001 }],
    ['113.2644, 23.1291', 'looks_swapped', { lat: 113.2644, lon: 23.1291 }],
    [`23°07'45"N x 113°15'52"E`, 'unreadable', { text: 'x' }],
  ])('%s: %s', (text, key, params) => {
    const result = parseCoordinates(text);
    expect(result).toEqual({ ok: false, problem: params ? { key, params } : { key } });
  });
});

const positions = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -90, max: 90, noNaN: true }),
);

describe('properties', () => {
  it('reads back what formatDecimalCoordinates writes, to its 6 decimals', () => {
    fc.assert(
      fc.property(positions, ([lon, lat]) => {
        const back = parsed(formatDecimalCoordinates([lon, lat]));
        expect(back[0]).toBeCloseTo(lon, 6);
        expect(back[1]).toBeCloseTo(lat, 6);
        expect(formatDecimalCoordinates(back)).toBe(formatDecimalCoordinates([lon, lat]));
      }),
    );
  });

  it('reads back what formatDmsCoordinates writes, to its tenth of a second', () => {
    fc.assert(
      fc.property(positions, ([lon, lat]) => {
        const [backLon, backLat] = parsed(formatDmsCoordinates([lon, lat]));
        expect(Math.abs(backLon - lon)).toBeLessThanOrEqual(0.05 / 3600 + 1e-9);
        expect(Math.abs(backLat - lat)).toBeLessThanOrEqual(0.05 / 3600 + 1e-9);
      }),
    );
  });

  it('finds the same point whichever coordinate comes first when letters say which is which', () => {
    fc.assert(
      fc.property(positions, ([lon, lat]) => {
        const [latText, lonText] = formatDmsCoordinates([lon, lat]).split(' ') as [string, string];
        expect(parsed(`${lonText}, ${latText}`)).toEqual(parsed(`${latText} ${lonText}`));
      }),
    );
  });

  it('never throws: any text is a position in range or a known problem', () => {
    const pieces = fc.constantFrom(...'0123456789.,;:-+ NSEWnsew°′″\'"度分秒北纬东经xé'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((a) => a.join('')),
        ),
        (text) => {
          const result = parseCoordinates(text);
          if (result.ok) {
            const [lon, lat] = result.position;
            expect(Math.abs(lat)).toBeLessThanOrEqual(90);
            expect(Math.abs(lon)).toBeLessThanOrEqual(180);
          } else expect(COORDINATE_PROBLEM_KEYS).toContain(result.problem.key);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('formatting', () => {
  it.each<[[number, number], string, string]>([
    [[LON, LAT], '23.129167, 113.264444', '23°07′45.0″N 113°15′52.0″E'],
    [[-74.006, 40.7128], '40.7128, -74.006', '40°42′46.1″N 074°00′21.6″W'],
    [[151.2093, -33.8688], '-33.8688, 151.2093', '33°52′07.7″S 151°12′33.5″E'],
    [[0, 0], '0, 0', '00°00′00.0″N 000°00′00.0″E'],
    [[-0.0000001, -0.00000001], '0, 0', '00°00′00.0″N 000°00′00.0″E'],
    [[179.99999999, 89.99999999], '90, 180', '90°00′00.0″N 180°00′00.0″E'],
  ])('%j as %s and %s', (position, decimal, dms) => {
    expect(formatDecimalCoordinates(position)).toBe(decimal);
    expect(formatDmsCoordinates(position)).toBe(dms);
  });
});
