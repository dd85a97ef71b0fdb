import { describe, expect, it } from 'vitest';
import { type DisasterFactors, disasterRisk } from './disaster-risk.js';

const quiet: DisasterFactors = {
  area_km2: 10_000,
  cg_flashes_1h: 0,
  cg_flashes_3h: 0,
  max_abs_ka: 0,
  strong_strokes: 0,
  cells_30: 0,
  severe_cells_30: 0,
  cells_60: 0,
};

describe('disasterRisk', () => {
  const rows: { name: string; f: Partial<DisasterFactors>; level: number; reasons: string[] }[] = [
    { name: 'nothing', f: {}, level: 0, reasons: [] },
    { name: 'a few flashes over a city', f: { cg_flashes_1h: 2, cg_flashes_3h: 2 }, level: 0, reasons: [] },
    {
      name: 'level 1 by the hour',
      f: { cg_flashes_1h: 20, cg_flashes_3h: 20 },
      level: 1,
      reasons: ['density_1h'],
    },
    {
      name: 'level 2 by the hour',
      f: { cg_flashes_1h: 100, cg_flashes_3h: 100 },
      level: 2,
      reasons: ['density_1h'],
    },
    {
      name: 'level 3 by the hour',
      f: { cg_flashes_1h: 300, cg_flashes_3h: 300 },
      level: 3,
      reasons: ['density_1h'],
    },
    {
      name: 'level 4 by the hour',
      f: { cg_flashes_1h: 800, cg_flashes_3h: 800 },
      level: 4,
      reasons: ['density_1h'],
    },
    {
      name: 'a lingering storm: the 3 h density decides',
      f: { cg_flashes_1h: 50, cg_flashes_3h: 600 },
      level: 3,
      reasons: ['density_3h'],
    },
    {
      name: 'both windows agree',
      f: { cg_flashes_1h: 100, cg_flashes_3h: 200 },
      level: 2,
      reasons: ['density_1h', 'density_3h'],
    },
    // Macau: one flash is 0.03 /km², but the minimum counts keep it low.
    {
      name: 'one flash over a tiny region',
      f: { area_km2: 33, cg_flashes_1h: 1, cg_flashes_3h: 1 },
      level: 0,
      reasons: [],
    },
    {
      name: 'ten flashes over a tiny region',
      f: { area_km2: 33, cg_flashes_1h: 10, cg_flashes_3h: 10 },
      level: 2,
      reasons: ['density_1h'],
    },
    // Hulunbuir: many flashes, little density.
    {
      name: 'a huge region',
      f: { area_km2: 250_000, cg_flashes_1h: 600, cg_flashes_3h: 600 },
      level: 1,
      reasons: ['density_1h'],
    },
    {
      name: 'an extreme stroke raises a level',
      f: { cg_flashes_1h: 100, cg_flashes_3h: 100, max_abs_ka: 180 },
      level: 3,
      reasons: ['density_1h', 'peak_current'],
    },
    {
      name: 'many strong strokes raise a level',
      f: { cg_flashes_1h: 20, cg_flashes_3h: 20, max_abs_ka: 120, strong_strokes: 10 },
      level: 2,
      reasons: ['density_1h', 'peak_current'],
    },
    {
      name: 'nine strong strokes do not',
      f: { cg_flashes_1h: 20, cg_flashes_3h: 20, max_abs_ka: 120, strong_strokes: 9 },
      level: 1,
      reasons: ['density_1h'],
    },
    {
      name: 'a strong stroke alone is no warning',
      f: { max_abs_ka: 250, strong_strokes: 1 },
      level: 0,
      reasons: [],
    },
    {
      name: 'never above 4',
      f: { cg_flashes_1h: 900, cg_flashes_3h: 900, max_abs_ka: 300 },
      level: 4,
      reasons: ['density_1h', 'peak_current'],
    },
    { name: 'a cell coming within 60 min', f: { cells_60: 1 }, level: 1, reasons: ['nowcast_60'] },
    {
      name: 'a cell coming within 30 min',
      f: { cells_30: 2, cells_60: 2 },
      level: 1,
      reasons: ['nowcast_30'],
    },
    {
      name: 'a jumping cell within 30 min',
      f: { cells_30: 1, severe_cells_30: 1 },
      level: 2,
      reasons: ['nowcast_30'],
    },
    {
      name: 'the nowcast does not lower what lightning set',
      f: { cg_flashes_1h: 300, cg_flashes_3h: 300, cells_30: 1, severe_cells_30: 1 },
      level: 3,
      reasons: ['density_1h'],
    },
    {
      name: 'no area, no density',
      f: { area_km2: 0, cg_flashes_1h: 100, cg_flashes_3h: 100 },
      level: 0,
      reasons: [],
    },
  ];
  for (const r of rows) {
    it(r.name, () => {
      const risk = disasterRisk({ ...quiet, ...r.f });
      expect(risk.level).toBe(r.level);
      expect(risk.reasons).toEqual(r.reasons);
    });
  }
});
