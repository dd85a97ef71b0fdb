import type { ReportParameters, ReportTemplate } from '@thunderwatch/shared/schemas/insight';
import { todayIn } from '../../../lib/calendar-dates';

export interface ReportForm {
  template: ReportTemplate;
  province: string;
  /** Empty: the whole province. */
  city: string;
  locationId: string;
  month: string;
  year: string;
  language: 'en' | 'zh-Hans';
}

/** The month before `now`'s in the user's zone (reports are of finished periods), YYYY-MM. */
export function lastMonth(now: Date, timeZone: string): string {
  const [y, m] = todayIn(timeZone, now).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, 1));
  return d.toISOString().slice(0, 7);
}

export function emptyReportForm(now: Date, language: 'en' | 'zh-Hans', timeZone: string): ReportForm {
  return {
    template: 'region_monthly',
    province: '440000',
    city: '',
    locationId: '',
    month: lastMonth(now, timeZone),
    year: String(Number(todayIn(timeZone, now).slice(0, 4)) - 1),
    language,
  };
}

/**
 * The parameters to send, or the i18n key (under `insight.problems`) of what is missing. The lightning reports
 * count the months and years of the user's zone.
 */
export function toParameters(f: ReportForm, timeZone: string): ReportParameters | { problem: string } {
  const language = f.language;
  switch (f.template) {
    case 'region_monthly':
      if (!/^\d{4}-\d{2}$/.test(f.month)) return { problem: 'month' };
      return {
        template: 'region_monthly',
        region: f.city || f.province,
        month: f.month,
        language,
        time_zone: timeZone,
      };
    case 'site_annual': {
      const year = Number(f.year);
      if (!f.locationId) return { problem: 'location' };
      if (!Number.isInteger(year) || year < 2000 || year > 2100) return { problem: 'year' };
      return {
        template: 'site_annual',
        location_id: Number(f.locationId),
        year,
        language,
        time_zone: timeZone,
      };
    }
    case 'group_warning':
      if (!/^\d{4}-\d{2}$/.test(f.month)) return { problem: 'month' };
      return { template: 'group_warning', month: f.month, language, time_zone: timeZone };
  }
}
