import { describe, expect, it } from 'vitest';
import { emptyReportForm, lastMonth, type ReportForm, toParameters } from './report-form';

const form = (over: Partial<ReportForm>): ReportForm => ({
  ...emptyReportForm(new Date('2026-11-24T00:00:00Z'), 'en'),
  ...over,
});

describe('lastMonth', () => {
  it.each([
    ['2026-11-24T00:00:00Z', '2026-10'],
    ['2026-01-05T00:00:00Z', '2025-12'],
  ])('%s → %s', (now, want) => {
    expect(lastMonth(new Date(now))).toBe(want);
  });
});

describe('toParameters', () => {
  it.each([
    { over: {}, want: { template: 'region_monthly', region: '440000', month: '2026-10', language: 'en' } },
    {
      over: { city: '440100' },
      want: { template: 'region_monthly', region: '440100', month: '2026-10', language: 'en' },
    },
    { over: { template: 'site_annual' as const }, want: { problem: 'location' } },
    { over: { template: 'site_annual' as const, locationId: '7', year: '1999' }, want: { problem: 'year' } },
    {
      over: { template: 'site_annual' as const, locationId: '7', language: 'zh-Hans' as const },
      want: { template: 'site_annual', location_id: 7, year: 2025, language: 'zh-Hans' },
    },
    { over: { template: 'group_warning' as const, month: '' }, want: { problem: 'month' } },
    {
      over: { template: 'group_warning' as const },
      want: { template: 'group_warning', month: '2026-10', language: 'en' },
    },
  ])('$over → $want', ({ over, want }) => {
    expect(toParameters(form(over))).toEqual(want);
  });
});
