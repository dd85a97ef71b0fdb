import { describe, expect, it } from 'vitest';
import type { OfficialWarning } from '../api/get-official-warnings';
import { byLevel, currentSituation, warningSituation } from './situation';

const NOW = Date.UTC(2026, 6, 1, 23, 30);
const warning = (
  id: number,
  kind: OfficialWarning['kind'],
  level: OfficialWarning['level'],
): OfficialWarning => ({
  id,
  kind,
  level,
  headline: `${kind} ${level}`,
  event: kind,
  onset: null,
  expires: null,
});

describe('currentSituation', () => {
  it.each([
    [
      'the highest warning',
      [warning(1, 'gale', 'yellow'), warning(2, 'typhoon', 'orange')],
      'blue',
      'orange',
      'warning:2',
      'warning',
    ],
    [
      'the first of equals',
      [warning(1, 'gale', 'red'), warning(2, 'typhoon', 'red')],
      null,
      'red',
      'warning:1',
      'warning',
    ],
    ['the stations without a warning', [], 'yellow', 'yellow', 'observed:2026-07-01', 'observed'],
    ['nothing', [], null, null, 'observed:2026-07-01', 'none'],
  ] as const)('follows %s', (_, warnings, observed, level, key, source) => {
    expect(currentSituation(warnings, observed, NOW, 'UTC')).toMatchObject({ level, key, source });
  });

  it('ticks the stations’ gale per local day: 23:30 UTC is already the next day in Beijing', () => {
    expect(currentSituation([], 'yellow', NOW, 'Asia/Shanghai').key).toBe('observed:2026-07-02');
    expect(currentSituation([], 'yellow', NOW, 'America/New_York').key).toBe('observed:2026-07-01');
  });
});

describe('warningSituation', () => {
  it('names the warning by its id', () => {
    expect(warningSituation(42)).toBe('warning:42');
  });
});

describe('byLevel', () => {
  it('puts the highest first', () => {
    const sorted = byLevel([
      warning(1, 'gale', 'blue'),
      warning(2, 'gale', 'yellow'),
      warning(3, 'typhoon', 'red'),
    ]);
    expect(sorted.map((w) => w.id)).toEqual([3, 2, 1]);
  });
});
