import { describe, expect, it } from 'vitest';
import { createRandom } from './random.js';

const N = 20_000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const variance = (xs: number[]) => {
  const m = mean(xs);
  return mean(xs.map((x) => (x - m) ** 2));
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const draw = (f: () => number) => Array.from({ length: N }, f);

describe('createRandom', () => {
  it('repeats a sequence for the same seed and differs for another', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const seqA = draw(() => a.next()).slice(0, 50);
    expect(draw(() => b.next()).slice(0, 50)).toEqual(seqA);
    const c = createRandom(43);
    expect(draw(() => c.next()).slice(0, 50)).not.toEqual(seqA);
    expect(createRandom('demo').next()).toBe(createRandom('demo').next());
  });

  it('draws uniformly in [0, 1)', () => {
    const r = createRandom(1);
    const xs = draw(() => r.next());
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(mean(xs)).toBeCloseTo(0.5, 1);
    const deciles = Array(10).fill(0);
    for (const x of xs) deciles[Math.floor(x * 10)]++;
    for (const count of deciles) expect(Math.abs(count - N / 10)).toBeLessThan(N / 50);
  });

  it('draws integers with both bounds included', () => {
    const r = createRandom(2);
    const xs = draw(() => r.int(3, 20));
    expect(new Set(xs)).toEqual(new Set(Array.from({ length: 18 }, (_, i) => i + 3)));
  });

  type Stat = (xs: number[]) => number;
  it.each<[string, (r: ReturnType<typeof createRandom>) => number, Stat, number, number]>([
    ['normal(10, 2) mean', (r) => r.normal(10, 2), mean, 10, 0.05],
    ['normal(10, 2) variance', (r) => r.normal(10, 2), variance, 4, 0.15],
    ['logNormal(20, 0.7) median', (r) => r.logNormal(20, 0.7), median, 20, 0.5],
    ['poisson(3.5) mean', (r) => r.poisson(3.5), mean, 3.5, 0.05],
    ['poisson(3.5) variance', (r) => r.poisson(3.5), variance, 3.5, 0.15],
    ['poisson(120) mean', (r) => r.poisson(120), mean, 120, 0.3],
    ['chance(0.9)', (r) => (r.chance(0.9) ? 1 : 0), mean, 0.9, 0.01],
  ])('%s', (_name, sample, statistic, expected, tolerance) => {
    const r = createRandom(7);
    expect(Math.abs(statistic(draw(() => sample(r))) - expected)).toBeLessThan(tolerance);
  });

  it('gives 0 for poisson(0) and forks a reproducible independent stream', () => {
    const r = createRandom(9);
    expect(r.poisson(0)).toBe(0);
    const f1 = createRandom(9).fork();
    const f2 = createRandom(9).fork();
    expect([f1.next(), f1.next()]).toEqual([f2.next(), f2.next()]);
  });
});
