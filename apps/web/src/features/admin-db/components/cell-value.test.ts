import type { AdminDbColumn } from '@thunderwatch/shared/schemas/admin-db';
import { describe, expect, it } from 'vitest';
import { byteSize, valueText } from './cell-value';

const column = (type: AdminDbColumn['type']): AdminDbColumn => ({
  name: 'c',
  type,
  masked: false,
  queryable: false,
  editable: false,
});

describe('database view values on screen', () => {
  it.each([
    [0, 'en', '0 B'],
    [9, 'en', '9 B'],
    [1500, 'en', '1.5 kB'],
    [1_234_567, 'en', '1.2 MB'],
    [2_000_000, 'zh-Hans', '2 MB'],
  ])('%d bytes in %s → %s', (bytes, language, expected) => expect(byteSize(bytes, language)).toBe(expected));

  it('shows a large JSON value whole and indented in the drawer, and a page preview as sent', () => {
    const value = { type: 'FeatureCollection', features: [] };
    expect(valueText(column('large'), value, 'UTC', 'en', true)).toBe(JSON.stringify(value, null, 2));
    const preview = `${'x'.repeat(200)}…`;
    expect(valueText(column('large'), preview, 'UTC', 'en', true)).toBe(preview);
    expect(valueText(column('large'), preview, 'UTC', 'en')).toBe(`${'x'.repeat(120)}…`);
  });

  it('keeps other JSON compact and cut in the table', () => {
    const value = { a: 'y'.repeat(200) };
    expect(valueText(column('json'), value, 'UTC', 'en', true)).toBe(JSON.stringify(value));
    expect(valueText(column('json'), value, 'UTC', 'en')).toHaveLength(121);
  });
});
