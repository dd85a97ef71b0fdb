import { describe, expect, it } from 'vitest';
import { namedForExport, type ReaderColumn, readerColumns, readerValue } from './sheet-columns.js';

const both = (en: string, zh: string) => ({ en, 'zh-Hans': zh });

describe('readerColumns', () => {
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

  describe('a site’s own name beside its English one', () => {
    const sites = [
      { key: 'location_id', kind: 'integer' as const, header: both('Location ID', '地点编号') },
      { key: 'location_name', kind: 'text' as const, header: both('Location', '地点') },
      { key: 'location_name_en', kind: 'text' as const, header: both('Location (English)', '地点（英文）') },
      { key: 'episodes', kind: 'integer' as const, header: both('Episodes', '预警次数') },
    ];
    const named = { location_id: 1, location_name: '深圳盐田港', location_name_en: 'Shenzhen Yantian Port' };
    const unnamed = { location_id: 2, location_name: '东沙', location_name_en: null };

    it('is one column under the own name’s header, the English name for an English reader', () => {
      const en = readerColumns(sites, 'en');
      expect(en.map((c) => [c.key, c.header.en])).toEqual([
        ['location_id', 'Location ID'],
        ['location_name_en', 'Location'],
        ['episodes', 'Episodes'],
      ]);
      const name = en[1] as ReaderColumn;
      expect(readerValue(named, name)).toBe('Shenzhen Yantian Port');
      expect(readerValue(unnamed, name)).toBe('东沙');
    });

    it('is the own name for a Chinese reader', () => {
      const zh = readerColumns(sites, 'zh-Hans');
      expect(zh.map((c) => c.key)).toEqual(['location_id', 'location_name', 'episodes']);
      expect(readerValue(named, zh[1] as ReaderColumn)).toBe('深圳盐田港');
    });

    it('pairs a device’s `name` with `name_en` too', () => {
      const devices = [
        { key: 'name', kind: 'text' as const, header: both('Name', '名称') },
        { key: 'name_en', kind: 'text' as const, header: both('Name (English)', '名称（英文）') },
      ];
      const [name] = readerColumns(devices, 'en');
      expect(name?.values).toEqual(['name_en', 'name']);
      expect(readerColumns(devices, 'zh-Hans').map((c) => c.values)).toEqual([['name', 'name_en']]);
    });
  });
});

describe('namedForExport', () => {
  const columns = [
    { key: 'location_name', kind: 'text' as const, header: both('Location', '地点') },
    { key: 'location_name_en', kind: 'text' as const, header: both('Location (English)', '地点（英文）') },
    { key: 'name_zh', kind: 'text' as const, header: both('Province', '省份') },
    { key: 'name_en', kind: 'text' as const, header: both('Province (English)', '省份（英文）') },
  ];
  const rows = [
    {
      location_name: '深圳盐田港',
      location_name_en: 'Shenzhen Yantian Port',
      name_zh: '广东',
      name_en: 'Guangdong',
    },
    { location_name: '东沙', location_name_en: null, name_zh: '广东', name_en: 'Guangdong' },
  ];

  it('keeps both names in an export of both languages', () => {
    expect(namedForExport(columns, rows, undefined)).toEqual({ columns, rows });
  });

  it.each([
    ['en', ['Shenzhen Yantian Port', '东沙']],
    ['zh-Hans', ['深圳盐田港', '东沙']],
  ])('names each site in one column in %s; provinces keep their two', (lang, names) => {
    const out = namedForExport(columns, rows, lang);
    expect(out.columns.map((c) => c.key)).toEqual(['location_name', 'name_zh', 'name_en']);
    expect(out.rows.map((r) => r.location_name)).toEqual(names);
    expect(out.rows[0]).not.toHaveProperty('location_name_en');
    expect(out.rows[0]?.name_en).toBe('Guangdong');
  });
});
