import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type CountriesTopology, countryOutlines, everywhere, inChinaRegion } from './country-outlines';

const require = createRequire(import.meta.url);
const world = JSON.parse(
  readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'),
) as CountriesTopology;
const names = (c: { land: { features: { properties: unknown }[] } }) =>
  c.land.features.map((f) => (f.properties as { name: string }).name);
const points = (lines: { coordinates: number[][][] }) => lines.coordinates.flat().length;

describe('country outlines', () => {
  const all = countryOutlines(world, everywhere);
  const region = countryOutlines(world, inChinaRegion, 'touching');
  const rest = countryOutlines(world, (c) => !inChinaRegion(c), 'inside');

  it('splits the land between China with its neighbours and the rest of the world', () => {
    expect(names(region)).toEqual(expect.arrayContaining(['China', 'Taiwan', 'Vietnam', 'Mongolia']));
    expect(names(region)).not.toContain('India');
    expect(names(rest)).toContain('India');
    expect(names(rest)).not.toContain('China');
    expect(region.land.features.length + rest.land.features.length).toBe(all.land.features.length);
  });

  it('gives every border to exactly one side: the region takes those it touches', () => {
    // The China–India and China–Russia borders belong to the region, so the rest draws no line twice.
    const passesNear = (lon: number, lat: number, lines: { coordinates: number[][][] }) =>
      lines.coordinates.flat().some(([x = 0, y = 0]) => Math.abs(x - lon) < 1 && Math.abs(y - lat) < 1);
    expect(passesNear(88.5, 27.9, region.borders)).toBe(true); // China–India (Sikkim)
    expect(passesNear(88.5, 27.9, rest.borders)).toBe(false);
    expect(passesNear(14.7, 52, rest.borders)).toBe(true); // Germany–Poland
    // Each coast once (joining arcs into lines may add or drop the odd shared point).
    expect(Math.abs(points(region.coast) + points(rest.coast) - points(all.coast))).toBeLessThan(10);
    expect(passesNear(110, 18.3, region.coast)).toBe(true); // Hainan
    expect(passesNear(110, 18.3, rest.coast)).toBe(false);
  });
});
