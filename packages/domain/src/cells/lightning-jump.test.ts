import { describe, expect, it } from 'vitest';
import { JUMP_HISTORY_MIN, lightningJump } from './lightning-jump.js';

/** Per-minute counts from 2-min period rates (each period's two minutes alike). */
const periods = (...rates: number[]) => rates.flatMap((r) => [r, r]);

describe('lightningJump (2σ, Schultz et al.)', () => {
  it.each([
    { name: 'too short a history', counts: periods(10, 12, 30), jump: false, sigmas: null },
    {
      name: 'a jump above the activation rate',
      counts: periods(10, 12, 11, 13, 12, 14, 30),
      jump: true,
      sigmas: 'big',
    },
    { name: 'a steady rate', counts: periods(10, 12, 11, 13, 12, 14, 13), jump: false, sigmas: 'small' },
    { name: 'a fall', counts: periods(10, 12, 11, 13, 12, 14, 2), jump: false, sigmas: 'negative' },
    {
      name: 'a sharp rise below 10 flashes/min',
      counts: periods(1, 2, 1, 2, 1, 2, 9),
      jump: false,
      sigmas: 'big',
    },
    {
      name: 'a rise within the noise',
      counts: periods(10, 20, 10, 20, 10, 20, 28),
      jump: false,
      sigmas: 'small',
    },
    {
      name: 'a flat history then a rise (σ = 0)',
      counts: periods(10, 10, 10, 10, 10, 10, 11),
      jump: true,
      sigmas: null,
    },
  ])('$name', ({ counts, jump, sigmas }) => {
    const r = lightningJump(counts);
    expect(r.jump).toBe(jump);
    if (sigmas === null) expect(r.sigmas).toBeNull();
    if (sigmas === 'big') expect(r.sigmas).toBeGreaterThan(2);
    if (sigmas === 'small') expect(Math.abs(r.sigmas as number)).toBeLessThan(2);
    if (sigmas === 'negative') expect(r.sigmas).toBeLessThan(0);
  });

  it('works on 2-min periods counted back from the last minute, and reads only the last 14 minutes', () => {
    expect(JUMP_HISTORY_MIN).toBe(14);
    const r = lightningJump([5, 1, 3, ...periods(10, 12, 11, 13, 12, 14), 20, 40]);
    expect(r.ratePerMin).toBe(30);
    expect(r.dfrdt).toBe(8);
    expect(r.jump).toBe(true);
    // DFRDT of the history: 1, -0.5, 1, -0.5, 1 → σ = √0.675
    expect(r.sigmas).toBeCloseTo(8 / Math.sqrt(0.675), 6);
  });
});
