import { simStations } from '@thunderwatch/domain/devices/device-sim';
import { validateShape } from '@thunderwatch/domain/geo/zone-validation';
import { DEFAULT_REGION } from '@thunderwatch/domain/lightning/simulator';
import { describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS } from './demo-locations.js';

describe('DEMO_LOCATIONS', () => {
  it.each(DEMO_LOCATIONS.map((l) => [l.name, l.shape] as const))(
    '%s is valid and where the simulated storms are',
    (_name, shape) => {
      expect(validateShape(shape)).toEqual([]);
      const positions = shape.type === 'Point' ? [shape.coordinates] : shape.coordinates.flat();
      for (const [lon, lat] of positions) {
        expect(lon).toBeGreaterThan(DEFAULT_REGION.west);
        expect(lon).toBeLessThan(DEFAULT_REGION.east);
        expect(lat).toBeGreaterThan(DEFAULT_REGION.south);
        expect(lat).toBeLessThan(DEFAULT_REGION.north);
      }
    },
  );
});

describe('the demo’s names', () => {
  const HAN = /\p{Script=Han}/u;
  /** Two English words in a row: a sentence or a name, not a unit ("500 kV"). */
  const ENGLISH = /[A-Za-z]{2,}[ \u00a0]+[A-Za-z]{2,}/;

  it.each([
    ...DEMO_LOCATIONS.map((l) => [l.name, l.nameEn] as const),
    ...simStations('').map((s) => [s.name, s.nameEn] as const),
  ])('%s is Chinese, its English name %s English', (name, nameEn) => {
    expect(name).toMatch(HAN);
    expect(name).not.toMatch(ENGLISH);
    expect(nameEn).not.toMatch(HAN);
  });
});
