import { describe, expect, it } from 'vitest';
import type { OfficialWarning } from '../api/get-official-warnings';
import { byLevel, currentSituation, warningSituation } from './situation';

const NOW = Date.UTC(2026, 6, 1, 23, 30);
const warning = (id: string | number, kind: string, level: OfficialWarning['level']): OfficialWarning => ({
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
      [warning('a', 'gale', 'yellow'), warning('b', 'typhoon', 'orange')],
      'blue',
      'orange',
      'warning:b',
      'warning',
    ],
    [
      'the first of equals',
      [warning('a', 'gale', 'red'), warning('b', 'typhoon', 'red')],
      null,
      'red',
      'warning:a',
      'warning',
    ],
    ['the stations without a warning', [], 'yellow', 'yellow', 'observed:2026-07-01', 'observed'],
    [
      'stations past a level-less warning',
      [warning(7, 'gale', null)],
      'blue',
      'blue',
      'observed:2026-07-01',
      'observed',
    ],
    ['nothing', [], null, null, 'observed:2026-07-01', 'none'],
  ] as const)('follows %s', (_, warnings, observed, level, key, source) => {
    expect(currentSituation(warnings, observed, NOW)).toMatchObject({ level, key, source });
  });
});

describe('warningSituation', () => {
  it('keeps a plain id and hashes one the path cannot carry', () => {
    expect(warningSituation(42)).toBe('warning:42');
    expect(warningSituation('2.49.0.1.276.0.DWD.PVW.1')).toBe('warning:2.49.0.1.276.0.DWD.PVW.1');
    const hashed = warningSituation('urn:oid:2.49 0/1');
    expect(hashed).toMatch(/^warning:h[0-9a-f]{8}$/);
    expect(warningSituation('urn:oid:2.49 0/1')).toBe(hashed);
    expect(warningSituation('x'.repeat(91))).toMatch(/^warning:h/);
  });
});

describe('byLevel', () => {
  it('puts the highest first and level-less last', () => {
    const sorted = byLevel([
      warning(1, 'gale', null),
      warning(2, 'gale', 'blue'),
      warning(3, 'typhoon', 'red'),
    ]);
    expect(sorted.map((w) => w.id)).toEqual([3, 2, 1]);
  });
});
