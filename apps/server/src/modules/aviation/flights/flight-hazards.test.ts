import { describe, expect, it } from 'vitest';
import { graver, hazardJudge, padded } from './flight-hazards.js';

const T = Date.parse('2026-11-24T10:00:00Z');
const box = { west: 113, south: 23, east: 113.5, north: 23.5 };
const ring = [
  [113.2, 23.2],
  [113.3, 23.2],
  [113.3, 23.3],
  [113.2, 23.3],
  [113.2, 23.2],
];

/** A repository of fixed strokes and cell steps (one at T − 10 min, one at T − 1 min with the cell). */
const repo = (strokes: { lat: number; lon: number; timeMs: number }[]) => ({
  strokes: async (_b: unknown, _f: Date, _t: Date, limit: number) => strokes.slice(0, limit),
  cellSteps: async () => [
    { ms: T - 10 * 60_000, cells: [] },
    { ms: T - 60_000, cells: [{ id: 'c1', ring }] },
  ],
});

describe('hazardJudge', () => {
  it('judges each time against the cell step at or before it, not older than 5 minutes', async () => {
    const judge = await hazardJudge(repo([]), box, T - 20 * 60_000, T);
    expect(judge(23.25, 113.25, T).hazard).toBe('inside');
    expect(judge(23.25, 113.25, T - 5 * 60_000).hazard).toBe('none'); // the step before had no cell
    expect(judge(23.25, 113.25, T + 6 * 60_000).hazard).toBe('none'); // the step is stale
  });

  it('takes the graver of a stroke and a cell', async () => {
    const judge = await hazardJudge(repo([{ lat: 23.36, lon: 113.25, timeMs: T - 1000 }]), box, T, T);
    // 3.3 km north of the cell, 1.1 km south of the stroke: near, by the stroke.
    const r = judge(23.35, 113.25, T);
    expect(r.hazard).toBe('near');
    expect(r.distanceKm).toBeCloseTo(1.11, 1);
    expect(r.cellId).toBeNull();
  });

  it('refuses to judge with strokes left out', async () => {
    const many = Array.from({ length: 4 }, () => ({ lat: 23.1, lon: 113.1, timeMs: T }));
    await expect(hazardJudge(repo(many), box, T, T, 3)).rejects.toMatchObject({ statusCode: 400 });
    await expect(hazardJudge(repo(many), box, T, T, 4)).resolves.toBeTypeOf('function');
  });
});

describe('graver and padded', () => {
  it('ranks inside over near over none, and the closer near first', () => {
    const near = (km: number) => ({ hazard: 'near' as const, distanceKm: km, cellId: null });
    expect(graver(near(3), { hazard: 'inside', distanceKm: 0, cellId: 'c' }).hazard).toBe('inside');
    expect(graver(near(3), near(2)).distanceKm).toBe(2);
    expect(graver({ hazard: 'none', distanceKm: null, cellId: null }, near(9)).hazard).toBe('near');
  });

  it('grows a box by 20 km and keeps it on the globe', () => {
    const p = padded({ west: -179.9, south: 89.9, east: 179.9, north: 90 });
    expect(p).toMatchObject({ west: -180, east: 180, north: 90 });
    expect(padded(box).south).toBeCloseTo(23 - 20 / 111, 5);
  });
});
