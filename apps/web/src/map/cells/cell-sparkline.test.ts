import type { LineSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import { JUMP_COLOR } from './cell-features';
import { iso, makeCell, makeTrack, T0 } from './cell-fixtures';
import { jumpTimes, sparklineOption } from './cell-sparkline';

const MIN = 60_000;
const text = {
  total: 'Total',
  cg: 'CG',
  jump: 'Jump',
  time: (ms: number) => new Date(ms).toISOString().slice(11, 16),
};

describe('jumpTimes', () => {
  it.each([
    ['no jump anywhere', false, [], []],
    ['the step shown only (track not loaded)', true, undefined, [T0]],
    ['jumps on the track', false, [3, 1], [T0 - 3 * MIN, T0 - MIN]],
    ['both, the step shown counted once', true, [2, 0], [T0 - 2 * MIN, T0]],
  ])('%s', (_name, jump, trackJumps, expected) => {
    const track = trackJumps ? makeTrack([5, 4, 3, 2, 1, 0], trackJumps) : undefined;
    expect(jumpTimes(makeCell({ jump }).properties, track)).toEqual(expected);
  });
});

describe('sparklineOption', () => {
  const cell = makeCell().properties;
  const series = (jumps: number[]) =>
    sparklineOption(cell.rate_history, jumps, text).series as LineSeriesOption[];

  it('plots total and CG flashes per minute against time, oldest first', () => {
    const [total, cg] = series([]);
    expect(total?.name).toBe('Total');
    expect(total?.data).toEqual(cell.rate_history.map((p) => [Date.parse(p.time), p.total_per_min]));
    expect(cg?.name).toBe('CG');
    expect(cg?.data?.[5]).toEqual([T0, 6]);
  });

  it.each([
    ['no jump', [], []],
    ['a jump at the last step', [T0], [[T0, 24]]],
    ['a jump before the history, which is not marked', [T0 - 30 * MIN], []],
    [
      'two jumps',
      [T0 - 4 * MIN, T0],
      [
        [T0 - 4 * MIN, 8],
        [T0, 24],
      ],
    ],
  ])('marks the jumps on the total line: %s', (_name, jumps, coords) => {
    const markPoint = series(jumps)[0]?.markPoint;
    expect(markPoint?.itemStyle?.color).toBe(JUMP_COLOR);
    expect((markPoint?.data ?? []).map((d) => (d as { coord: number[] }).coord)).toEqual(coords);
  });

  it('rounds rates to one decimal', () => {
    const history = [{ time: iso(T0), total_per_min: 3.1449, cg_per_min: 0.05 }];
    const [total, cg] = sparklineOption(history, [], text).series as LineSeriesOption[];
    expect(total?.data).toEqual([[T0, 3.1]]);
    expect(cg?.data).toEqual([[T0, 0.1]]);
  });

  it('tells time, jump and both rates in the tooltip', () => {
    const option = sparklineOption(cell.rate_history, [T0], text);
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    const rows = [
      { seriesName: 'Total', value: [T0, 24] },
      { seriesName: 'CG', value: [T0, 6] },
    ];
    expect(tooltip.formatter(rows)).toBe('08:00 · Jump<br/>Total: 24<br/>CG: 6');
    expect(tooltip.formatter([{ seriesName: 'Total', value: [T0 - MIN, 20] }])).toBe('07:59<br/>Total: 20');
    expect(tooltip.formatter([])).toBe('');
  });
});
