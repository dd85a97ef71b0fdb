import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  formatCell,
  monthPeriod,
  type ReaderColumn,
  readerColumns,
  readerValue,
} from './sheet-cells';

describe('monthPeriod', () => {
  it.each([
    {
      month: '2026-06',
      zone: 'Asia/Shanghai',
      want: { from: '2026-05-31T16:00:00.000Z', to: '2026-06-30T16:00:00.000Z' },
    },
    {
      month: '2026-12',
      zone: 'UTC',
      want: { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' },
    },
    { month: '2026-13', zone: 'UTC', want: null },
    { month: 'June', zone: 'UTC', want: null },
  ])('$month in $zone', ({ month, zone, want }) => {
    expect(monthPeriod(month, zone)).toEqual(want);
  });
});

describe('currentMonth', () => {
  it('is the month in the zone, not in UTC', () => {
    expect(currentMonth(new Date('2026-06-30T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-07');
    expect(currentMonth(new Date('2026-06-30T17:00:00Z'), 'UTC')).toBe('2026-06');
  });
});

describe('formatCell', () => {
  it.each([
    { value: null, kind: 'number', want: '—' },
    { value: 12345, kind: 'integer', want: '12,345' },
    { value: 96.67, kind: 'percent', want: '96.7 %' },
    { value: 'Tower', kind: 'text', want: 'Tower' },
    { value: '2026-06-01T00:00:00Z', kind: 'datetime', want: '01/06/2026, 08:00:00' },
  ] as const)('$value as $kind', ({ value, kind, want }) => {
    expect(formatCell(value, kind, 'Asia/Shanghai', 'en')).toBe(want);
  });
});

describe('readerColumns', () => {
  const both = (en: string, zh: string) => ({ en, 'zh-Hans': zh });
  const columns = [
    { key: 'code', kind: 'text' as const, header: both('Province code', '省份代码') },
    { key: 'name_zh', kind: 'text' as const, header: both('Province', '省份') },
    { key: 'name_en', kind: 'text' as const, header: both('Province (English)', '省份（英文）') },
    { key: 'strokes', kind: 'integer' as const, header: both('Strokes', '回击数') },
  ];
  const row = { code: '440000', name_zh: '广东', name_en: 'Guangdong', strokes: 3 };

  it("shows a name given in both languages as one column, in the reader's", () => {
    const en = readerColumns(columns, 'en');
    expect(en.map((c) => [c.key, c.header.en])).toEqual([
      ['code', 'Province code'],
      ['name_en', 'Province'],
      ['strokes', 'Strokes'],
    ]);
    expect(en.map((c) => readerValue(row, c))).toEqual(['440000', 'Guangdong', 3]);
    const zh = readerColumns(columns, 'zh-Hans');
    expect(zh.map((c) => readerValue(row, c))).toEqual(['440000', '广东', 3]);
  });

  it('falls back to the other language where a row has no name in the reader’s', () => {
    const [, name] = readerColumns(columns, 'en');
    expect(readerValue({ ...row, name_en: null }, name as ReaderColumn)).toBe('广东');
  });
});
