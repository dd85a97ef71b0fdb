import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/geodesy.js';
import { groupFlashes } from './flash-grouper.js';
import { createLightningSimulator, DEFAULT_REGION, type SimStroke } from './simulator.js';
import { validateStroke } from './stroke.js';

const START = Date.UTC(2024, 6, 1, 4, 0, 0); // noon in South China, storms building
const HOUR = 3_600_000;

function run(seed: number | string, steps: number[]): SimStroke[][] {
  const sim = createLightningSimulator({ seed, startMs: START });
  return steps.map((t) => sim.advance(t));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

describe('createLightningSimulator determinism', () => {
  const end = START + 2 * HOUR;
  const whole = (run(42, [end])[0] ?? []) as SimStroke[];

  it('produces strokes', () => {
    expect(whole.length).toBeGreaterThan(500);
  });

  it('repeats itself for the same seed and calls', () => {
    expect(run(42, [end])[0]).toEqual(whole);
    expect(run(43, [end])[0]).not.toEqual(whole);
  });

  it.each([
    ['1-minute steps', 60_000],
    ['7-second steps', 7_000],
    ['uneven 97-minute steps', 97 * 60_000],
  ])('gives the same strokes in %s as in one step', (_name, step) => {
    const steps: number[] = [];
    for (let t = START + step; t < end; t += step) steps.push(t);
    steps.push(end);
    expect(run(42, steps).flat()).toEqual(whole);
  });

  it('returns only strokes in (previous toMs, toMs], in time order', () => {
    const sim = createLightningSimulator({ seed: 42, startMs: START });
    let previous = START;
    for (const to of [START + 10 * 60_000, START + 10 * 60_000 + 1, START + HOUR, START + HOUR + 1234]) {
      const strokes = sim.advance(to);
      for (const [i, s] of strokes.entries()) {
        expect(s.epochMs >= previous && s.epochMs <= to).toBe(true);
        const last = strokes[i - 1];
        if (last)
          expect(last.epochMs < s.epochMs || (last.epochMs === s.epochMs && last.ns <= s.ns)).toBe(true);
      }
      previous = to;
    }
    expect(sim.advance(START + HOUR)).toEqual([]);
  });
});

describe('simulated lightning statistics (6 h, fixed seed)', () => {
  const sim = createLightningSimulator({ seed: 'demo', startMs: START });
  const before = sim.cells();
  const strokes = sim.advance(START + 10 * 60_000);
  const after = sim.cells();
  strokes.push(...sim.advance(START + 6 * HOUR));
  const cg = strokes.filter((s) => s.type === 'CG');
  const ic = strokes.filter((s) => s.type === 'IC');
  // Each CG stroke carries its flash's stroke count, so 1/multiplicity sums to the flash count.
  const cgFlashes = Math.round(cg.reduce((sum, s) => sum + 1 / (s.multiplicity ?? 1), 0));

  it('has enough strokes to judge', () => {
    expect(cg.length).toBeGreaterThan(2000);
    expect(ic.length).toBeGreaterThan(2000);
  });

  it('has ~90 % negative CG strokes', () => {
    const negative = cg.filter((s) => s.peakKa < 0).length / cg.length;
    expect(negative).toBeGreaterThan(0.85);
    expect(negative).toBeLessThan(0.95);
  });

  it('has CG peak currents with a median near 20 kA and weaker IC', () => {
    const cgMedian = median(cg.map((s) => Math.abs(s.peakKa)));
    expect(cgMedian).toBeGreaterThan(15);
    expect(cgMedian).toBeLessThan(25);
    expect(median(ic.map((s) => Math.abs(s.peakKa)))).toBeLessThan(12);
  });

  it('mixes IC and CG about 3:1 by flash, CG flashes of 3–4 strokes on average', () => {
    expect(ic.length / cgFlashes).toBeGreaterThan(2.3);
    expect(ic.length / cgFlashes).toBeLessThan(4);
    expect(cg.length / cgFlashes).toBeGreaterThan(2.8);
    expect(cg.length / cgFlashes).toBeLessThan(4.2);
  });

  it('gives every flash 1–15 strokes within 1 s and a few km', () => {
    expect(strokes.every((s) => s.multiplicity !== null && s.multiplicity >= 1 && s.multiplicity <= 15)).toBe(
      true,
    );
    expect(ic.every((s) => s.multiplicity === 1)).toBe(true);
    // The flash rule never splits a simulated flash; it may join two that coincide in one cell.
    const groups = groupFlashes(cg);
    expect(groups.length).toBeLessThanOrEqual(cgFlashes);
    expect(groups.length).toBeGreaterThan(0.8 * cgFlashes);
  });

  it('stays inside the region and passes stroke validation', () => {
    const r = DEFAULT_REGION;
    const outside = strokes.filter(
      (s) => s.lat < r.south || s.lat > r.north || s.lon < r.west || s.lon > r.east,
    );
    expect(outside).toEqual([]);
    expect(strokes.map((s) => validateStroke(s, START + 6 * HOUR)).filter(Boolean)).toEqual([]);
    expect(strokes.every((s) => (s.sensors ?? 0) >= 3 && (s.sensors ?? 0) <= 20)).toBe(true);
  });

  it('moves its cells with a wind of 20–60 km/h', () => {
    expect(before.length).toBeGreaterThan(0);
    const moved = before.flatMap((c) => {
      const later = after.find((a) => a.id === c.id);
      return later ? [distanceKm(c.lat, c.lon, later.lat, later.lon)] : [];
    });
    expect(moved.length).toBeGreaterThan(0);
    const meanKm = moved.reduce((a, b) => a + b, 0) / moved.length;
    // 10 minutes at 20–60 km/h.
    expect(meanKm).toBeGreaterThan(3.3);
    expect(meanKm).toBeLessThan(10.1);
  });
});

describe('storms over the demo sites', () => {
  it('sends storms across every hotspot within a few hours, and none without hotspots', () => {
    const sites = [
      { lat: 23.39, lon: 113.3 },
      { lat: 22.58, lon: 114.28 },
    ];
    const start = Date.UTC(2026, 6, 1, 4);
    const closest = (hotspots: typeof sites) => {
      const sim = createLightningSimulator({ seed: 'demo', startMs: start, hotspots });
      const strokes = sim.advance(start + 6 * 3_600_000);
      return sites.map((s) => Math.min(...strokes.map((k) => distanceKm(s.lat, s.lon, k.lat, k.lon))));
    };
    for (const km of closest(sites)) expect(km).toBeLessThan(5);
    // The same world without hotspots rarely comes that close to both (this seed does not).
    expect(Math.max(...closest([]))).toBeGreaterThan(5);
  });

  const demoSites = [
    { lat: 23.3924, lon: 113.2988 },
    { lat: 22.575, lon: 114.275 },
    { lat: 23.02, lon: 113.75 },
    { lat: 23.155, lon: 113.347 },
  ];
  /** The (site, hour) pairs in which a stroke fell within 10 km of a site, over [from, to). */
  const visited = (startMs: number, from: number, to: number) => {
    const sim = createLightningSimulator({ seed: 20260712, startMs, hotspots: demoSites });
    sim.advance(from);
    const out = new Set<string>();
    for (const k of sim.advance(to)) {
      demoSites.forEach((p, i) => {
        if (distanceKm(p.lat, p.lon, k.lat, k.lon) <= 10) out.add(`${i}@${Math.floor(k.epochMs / HOUR)}`);
      });
    }
    return [...out].sort();
  };

  it('visits each hotspot every 4 hours, in turn, one an hour, whatever hour the world is anchored to', () => {
    const start = Date.UTC(2026, 6, 12, 2);
    const seen = visited(start, start + 3 * HOUR, start + 11 * HOUR);
    // Eight hours: every site twice, one site an hour (only the visits come near: the other storms keep away).
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((v) => v.split('@')[1])).size).toBe(8);
    for (const i of [0, 1, 2, 3]) expect(seen.filter((v) => v.startsWith(`${i}@`))).toHaveLength(2);
    // A restart anchors the world at another hour: the same places are visited in the same hours.
    expect(visited(start + 2 * HOUR, start + 3 * HOUR, start + 11 * HOUR)).toEqual(seen);
  });

  it.each([
    [1, Date.UTC(2026, 6, 12, 5, 17, 3)],
    [2, Date.UTC(2026, 6, 12, 13, 59, 59)],
    [3, Date.UTC(2026, 6, 13, 0, 0, 0)],
  ])(
    'with redAtMs, strikes within 10 km of the first hotspot in the 8 minutes before it (seed %i)',
    (seed, at) => {
      const startMs = Math.floor((at - 2 * HOUR) / HOUR) * HOUR;
      const sim = createLightningSimulator({ seed, startMs, hotspots: demoSites, redAtMs: at });
      sim.advance(at - 8 * 60_000);
      const [first] = demoSites as [{ lat: number; lon: number }];
      const near = sim.advance(at).filter((k) => distanceKm(first.lat, first.lon, k.lat, k.lon) <= 10);
      expect(near.length).toBeGreaterThan(0);
    },
  );

  it('gives the same strokes however time is sliced, with hotspots too', () => {
    const start = Date.UTC(2026, 6, 12, 5);
    const whole = createLightningSimulator({ seed: 3, startMs: start, hotspots: demoSites }).advance(
      start + 3 * HOUR,
    );
    const sliced = createLightningSimulator({ seed: 3, startMs: start, hotspots: demoSites });
    const parts: SimStroke[] = [];
    for (let t = start + 7_000; t < start + 3 * HOUR; t += 7 * 60_000 + 13) parts.push(...sliced.advance(t));
    parts.push(...sliced.advance(start + 3 * HOUR));
    expect(whole.length).toBeGreaterThan(1000);
    expect(parts).toEqual(whole);
  });
});
