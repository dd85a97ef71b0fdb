import { describe, expect, it } from 'vitest';
import { FIRE_RISK, fireRisk, fireStrokesOf, flashWeight } from './fire-risk.js';
import { type Bbox, cellAt, type GridModelResult } from './model-grid.js';

const H = 3_600_000;
const NOW = 1_750_000_000_000;
const AREA: Bbox = { west: 100, south: 20, east: 110, north: 30 };

interface S {
  agoH?: number;
  lat?: number;
  lon?: number;
  peakKa?: number;
  flashId?: number | null;
}
const stroke = (s: S = {}) => ({
  timeMs: NOW - (s.agoH ?? 1) * H,
  lat: s.lat ?? 25.05,
  lon: s.lon ?? 105.05,
  peakKa: s.peakKa ?? -20,
  flashId: s.flashId === undefined ? null : s.flashId,
});

const risk = (list: S[], extra: Partial<Parameters<typeof fireRisk>[0]> = {}) =>
  fireRisk({ strokes: fireStrokesOf(list.map(stroke)), nowMs: NOW, area: AREA, ...extra });

const at = (r: GridModelResult, lon = 105.05, lat = 25.05) => {
  const i = cellAt(r.grid, lon, lat);
  return i < 0 ? 0 : (r.frames[0]?.values[i] as number);
};

describe('flashWeight', () => {
  const rows = [
    { strokes: 1, positive: true, weight: 3 },
    { strokes: 1, positive: false, weight: 1 },
    { strokes: 3, positive: false, weight: 1.5 },
    { strokes: 5, positive: false, weight: 2 },
    { strokes: 12, positive: false, weight: 2 },
  ];
  for (const r of rows) {
    it(`weighs a ${r.positive ? 'positive' : 'negative'} flash of ${r.strokes} strokes ${r.weight}`, () => {
      expect(flashWeight(r.strokes, r.positive)).toBe(r.weight);
    });
  }
});

describe('fireRisk', () => {
  it('is zero over the area without strokes, and says dryness was not applied', () => {
    const r = risk([]);
    expect(Math.max(...(r.frames[0]?.values ?? [1]))).toBe(0);
    expect(r.facts).toMatchObject({ flashes: 0, dryness_applied: false, window_h: 72 });
    expect(r.grid.west).toBeCloseTo(100);
  });

  it('rates a fresh positive flash about 65 % and a single negative one about 30 %', () => {
    expect(at(risk([{ peakKa: 45, agoH: 0 }]))).toBeCloseTo(1 - 2 ** -1.5, 2);
    expect(at(risk([{ peakKa: -30, agoH: 0 }]))).toBeCloseTo(1 - 2 ** -0.5, 2);
  });

  const ordered = [
    { name: 'a positive flash above a negative one', more: [{ peakKa: 30 }], less: [{ peakKa: -30 }] },
    {
      name: 'a four-stroke negative flash above a single stroke',
      more: [1, 2, 3, 4].map(() => ({ flashId: 7 })),
      less: [{ flashId: 7 }],
    },
    { name: 'a fresh flash above a two-day-old one', more: [{ agoH: 1 }], less: [{ agoH: 48 }] },
    { name: 'two flashes above one', more: [{}, { agoH: 2 }], less: [{}] },
  ];
  for (const row of ordered) {
    it(`rates ${row.name}`, () => {
      expect(at(risk(row.more))).toBeGreaterThan(at(risk(row.less)));
    });
  }

  it('counts a flash once, where its first stroke struck', () => {
    const r = risk([
      { flashId: 9, agoH: 1, lon: 105.05 },
      { flashId: 9, agoH: 1 - 0.1 / 3600, lon: 105.45 },
    ]);
    expect(r.facts.flashes).toBe(1);
    expect(at(r, 105.05)).toBeGreaterThan(0);
    expect(at(r, 105.45)).toBe(0);
  });

  it('leaves out strokes older than the window (clamped to 24–72 h) and any in the future', () => {
    expect(risk([{ agoH: 73 }, { agoH: -1 }]).facts.flashes).toBe(0);
    expect(risk([{ agoH: 30 }], { windowH: 24 }).facts.flashes).toBe(0);
    expect(risk([{ agoH: 30 }], { windowH: 6 }).facts).toMatchObject({ flashes: 0, window_h: 24 });
    expect(risk([{ agoH: 30 }], { windowH: 500 }).facts).toMatchObject({ flashes: 1, window_h: 72 });
  });

  it('scales by dryness where it is known, and says so', () => {
    const base = at(risk([{ peakKa: 30 }]));
    const wet = risk([{ peakKa: 30 }], { dryness: () => 0 });
    const dry = risk([{ peakKa: 30 }], { dryness: () => 1 });
    expect(at(wet)).toBeCloseTo(base * 0.25, 5);
    expect(at(dry)).toBeCloseTo(base, 5);
    expect(wet.facts).toMatchObject({ dryness_applied: true, dryness_cells: 1 });
    const unknown = risk([{ peakKa: 30 }], { dryness: () => null });
    expect(unknown.facts.dryness_applied).toBe(false);
    expect(at(unknown)).toBeCloseTo(base, 5);
  });

  it('uses a 0.1° grid round the flashes', () => {
    const r = risk([{ lon: 105.05 }, { lon: 107.95, lat: 26.95 }]);
    expect(r.grid.cellDeg).toBe(FIRE_RISK.cellDeg);
    expect(r.grid.cols).toBeGreaterThanOrEqual(30);
    expect(r.grid.cols).toBeLessThanOrEqual(32);
  });
});
