import { describe, expect, it } from 'vitest';
import { emptyReportForm, lastMonth, type ReportForm, toParameters } from './report-form';

const form = (over: Partial<ReportForm>): ReportForm => ({
  ...emptyReportForm(new Date('2026-11-24T00:00:00Z'), 'en', 'Asia/Shanghai'),
  ...over,
});

describe('lastMonth', () => {
  it.each([
    ['2026-11-24T00:00:00Z', 'UTC', '2026-10'],
    ['2026-01-05T00:00:00Z', 'UTC', '2025-12'],
    // 20:00Z on 31 December is already 1 January in Beijing: last month is December.
    ['2025-12-31T20:00:00Z', 'Asia/Shanghai', '2025-12'],
    ['2025-12-31T20:00:00Z', 'UTC', '2025-11'],
  ])('%s in %s → %s', (now, zone, want) => {
    expect(lastMonth(new Date(now), zone)).toBe(want);
  });

  it('defaults the year to the one before the user’s', () => {
    expect(emptyReportForm(new Date('2025-12-31T20:00:00Z'), 'en', 'Asia/Shanghai').year).toBe('2025');
    expect(emptyReportForm(new Date('2025-12-31T20:00:00Z'), 'en', 'UTC').year).toBe('2024');
  });
});

describe('toParameters', () => {
  it.each([
    {
      over: {},
      want: {
        template: 'region_monthly',
        region: '440000',
        month: '2026-10',
        language: 'en',
        time_zone: 'Asia/Shanghai',
      },
    },
    {
      over: { city: '440100' },
      want: {
        template: 'region_monthly',
        region: '440100',
        month: '2026-10',
        language: 'en',
        time_zone: 'Asia/Shanghai',
      },
    },
    { over: { template: 'site_annual' as const }, want: { problem: 'location' } },
    { over: { template: 'site_annual' as const, locationId: '7', year: '1999' }, want: { problem: 'year' } },
    {
      over: { template: 'site_annual' as const, locationId: '7', language: 'zh-Hans' as const },
      want: {
        template: 'site_annual',
        location_id: 7,
        year: 2025,
        language: 'zh-Hans',
        time_zone: 'Asia/Shanghai',
      },
    },
    { over: { template: 'group_warning' as const, month: '' }, want: { problem: 'month' } },
    {
      over: { template: 'group_warning' as const },
      want: { template: 'group_warning', month: '2026-10', language: 'en', time_zone: 'Asia/Shanghai' },
    },
  ])('$over → $want', ({ over, want }) => {
    expect(toParameters(form(over), 'Asia/Shanghai')).toEqual(want);
  });
});
