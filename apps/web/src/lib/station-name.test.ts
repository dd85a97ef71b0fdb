import { describe, expect, it } from 'vitest';
import { stationName } from './station-name';

describe('stationName', () => {
  const demo = { name: '广州（演示）', name_en: 'Guangzhou (demo)' };
  it.each([
    ['en', demo, 'Guangzhou (demo)'],
    ['zh-Hans', demo, '广州（演示）'],
    // One name only: shown in either language.
    ['en', { name: '东沙浮标', name_en: null }, '东沙浮标'],
    ['zh-Hans', { name: 'Buoy 41001' }, 'Buoy 41001'],
  ])('in %s', (language, station, expected) => {
    expect(stationName(station, language)).toBe(expected);
  });
});
