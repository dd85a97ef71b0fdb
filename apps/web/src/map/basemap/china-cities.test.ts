import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ChinaCitiesFile, cityFeatures } from './china-cities';

interface File extends ChinaCitiesFile {
  sources: { name: string; licence: string; used_for: string }[];
}

const file = JSON.parse(readFileSync(new URL('./china-cities.json', import.meta.url), 'utf8')) as File;
const cities = cityFeatures(file).features;
const byZh = (zh: string) => cities.find((c) => c.properties.zh === zh);

/** China's extreme points, with its islands: 73°33′–135°05′ E, 3°51′–53°33′ N. */
const CHINA = { west: 73.4, east: 135.1, south: 3.8, north: 53.6 };

describe('china-cities.json', () => {
  it('names each source with its licence', () => {
    expect(file.sources.length).toBeGreaterThanOrEqual(3);
    for (const source of file.sources) {
      expect(source.name).not.toBe('');
      expect(source.licence).not.toBe('');
    }
    expect(file.sources.map((s) => s.name).join()).toMatch(/GeoNames/);
  });

  it('has every prefecture-level division, the municipalities and the SARs once, named in both languages', () => {
    expect(cities.length).toBeGreaterThanOrEqual(333 + 4 + 2);
    const codes = cities.map((c) => c.properties.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const { properties: p } of cities) {
      expect(p.code).toMatch(/^[1-8]\d{3}00$/);
      expect(p.zh).toMatch(/^[\u4e00-\u9fff]+$/);
      expect(p.en).toMatch(/^\p{Lu}[\p{L}' ]+$/u);
      expect([0, 1, 2]).toContain(p.rank);
    }
  });

  it('puts every seat inside China', () => {
    for (const c of cities) {
      const [lon = 0, lat = 0] = c.geometry.coordinates;
      expect(lon, c.properties.zh).toBeGreaterThan(CHINA.west);
      expect(lon, c.properties.zh).toBeLessThan(CHINA.east);
      expect(lat, c.properties.zh).toBeGreaterThan(CHINA.south);
      expect(lat, c.properties.zh).toBeLessThan(CHINA.north);
    }
  });

  it.each([
    // Seats of the city governments: Guangzhou in Yuexiu, Shenzhen in Futian, Beijing the capital.
    ['广州', 'Guangzhou', 113.26, 23.13, 1],
    ['深圳', 'Shenzhen', 114.06, 22.54, 2],
    ['北京', 'Beijing', 116.4, 39.9, 0],
    ['乌鲁木齐', 'Ürümqi', 87.6, 43.8, 1],
    ['香港', 'Hong Kong', 114.17, 22.28, 1],
  ])('has %s (%s) at its seat near %f, %f', (zh, en, lon, lat, rank) => {
    const city = byZh(zh);
    expect(city?.properties).toMatchObject({ en, rank });
    const [x = 0, y = 0] = city?.geometry.coordinates ?? [];
    expect(Math.abs(x - lon)).toBeLessThan(0.05);
    expect(Math.abs(y - lat)).toBeLessThan(0.05);
  });

  it('names autonomous prefectures short, as maps do', () => {
    expect(byZh('甘孜州')?.properties.en).toBe('Ganzi Prefecture');
    expect(byZh('黔西南州')?.properties.code).toBe('522300');
  });

  it('refuses a file whose columns this code does not read', () => {
    expect(() => cityFeatures({ columns: ['code', 'zh'], cities: [] })).toThrow(/unexpected columns/);
  });
});
