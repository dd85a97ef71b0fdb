import { describe, expect, it } from 'vitest';
import { advanceEfm, DEFAULT_EFM, type EfmState, efmClearAt, INITIAL_EFM, nextEfm } from './efm-warning.js';

const S = 1000;
const MIN = 60 * S;
/** Readings `[second, kV/m]`, then the levels after each. */
function run(readings: [number, number][], setting = DEFAULT_EFM): { levels: number[]; state: EfmState } {
  let state = INITIAL_EFM;
  const levels: number[] = [];
  for (const [sec, kvm] of readings) {
    state = nextEfm(setting, state, { timeMs: sec * S, kvm });
    levels.push(state.level);
  }
  return { levels, state };
}
const every = (from: number, to: number, kvm: number, step = 1): [number, number][] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => [from + i * step, kvm]);

describe('field-mill warning rule', () => {
  it.each([
    [
      'fair weather stays 0',
      [
        [0, 0.1],
        [10, 0.2],
        [20, -0.3],
      ],
      [0, 0, 0],
    ],
    [
      '2 kV/m held 10 s raises 1',
      [
        [0, 2],
        [5, 2.4],
        [10, 2.1],
      ],
      [0, 0, 1],
    ],
    [
      'a negative field counts by magnitude',
      [
        [0, -3.6],
        [10, -3.7],
      ],
      [0, 2],
    ],
    [
      '5 kV/m held 10 s raises 3 at once',
      [
        [0, 5.2],
        [10, 6],
      ],
      [0, 3],
    ],
    [
      'a spike does not alarm',
      [
        [0, 8],
        [1, 0.5],
        [10, 8],
        [15, 0.4],
      ],
      [0, 0, 0, 0],
    ],
    [
      'a gap over 2 min restarts the count',
      [
        [0, 3],
        [200, 3],
        [205, 3],
        [210, 3],
      ],
      [0, 0, 0, 1],
    ],
    [
      'a rise from 1 to 3 counts from each threshold',
      [
        [0, 2.5],
        [10, 2.5],
        [15, 5.5],
        [24, 5.5],
        [25, 5.5],
      ],
      [0, 1, 1, 1, 3],
    ],
    [
      'an older reading is ignored',
      [
        [10, 1],
        [5, 9],
        [11, 1],
      ],
      [0, 0, 0],
    ],
  ] as [string, [number, number][], number[]][])('%s', (_name, readings, levels) => {
    expect(run(readings).levels).toEqual(levels);
  });

  it('holds the level through the hysteresis band and clears after the all-clear time below it', () => {
    // Level 3 at 10 s; 4.6 kV/m is inside the band (5 − 0.5), 4.4 below it.
    const up = every(0, 10, 5.5);
    const band = every(20, 20 + 20 * 60, 4.6, 60);
    expect(run([...up, ...band]).state.level).toBe(3);
    const below = every(2000, 2000 + 15 * 60 - 60, 4.4, 60);
    const held = run([...up, ...below]);
    expect(held.state.level).toBe(3);
    // 4.4 sustains level 2 (≥ 3.5), so after 15 min below 4.5 the level falls to 2, not 0.
    const fallen = run([...up, ...every(2000, 2000 + 15 * 60, 4.4, 60)]);
    expect(fallen.state.level).toBe(2);
    expect(fallen.state.sinceMs).toBe((2000 + 15 * 60) * S);
    const clear = run([...up, ...every(2000, 2000 + 15 * 60, 0.3, 60)]);
    expect(clear.state).toMatchObject({ level: 0, sinceMs: null });
  });

  it('restarts the all-clear count when the field comes back above the band', () => {
    const r = run([...every(0, 10, 3), ...every(100, 700, 1, 60), [760, 3], ...every(820, 1600, 1, 60)]);
    expect(r.state.level).toBe(1);
    expect(r.state.belowSinceMs).toBe(820 * S);
    expect(efmClearAt(DEFAULT_EFM, r.state)).toBe(820 * S + 15 * MIN);
  });

  it('ends a level when the mills fall silent for the all-clear time', () => {
    const { state } = run(every(0, 10, 6));
    expect(advanceEfm(DEFAULT_EFM, state, 10 * S + 15 * MIN - 1)).toBe(state);
    expect(advanceEfm(DEFAULT_EFM, state, 10 * S + 15 * MIN)).toMatchObject({ level: 0, lastMs: 10 * S });
    expect(advanceEfm(DEFAULT_EFM, INITIAL_EFM, 1e12)).toBe(INITIAL_EFM);
  });

  it('follows custom thresholds and sustain', () => {
    const setting = { ...DEFAULT_EFM, thresholdsKvm: [1, 2, 3] as const, sustainMs: 0 };
    expect(
      run(
        [
          [0, 1.5],
          [1, 2.5],
          [2, 9],
        ],
        setting,
      ).levels,
    ).toEqual([1, 2, 3]);
  });
});
