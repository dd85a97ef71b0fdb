import type { ReportParameters, ReportTemplate } from '@thunderwatch/shared/schemas/insight';

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

/** The month before `now`'s (reports are of finished periods), YYYY-MM. */
export function lastMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

export function emptyReportForm(now: Date, language: 'en' | 'zh-Hans'): ReportForm {
  return {
    template: 'region_monthly',
    province: '440000',
    city: '',
    locationId: '',
    month: lastMonth(now),
    year: String(now.getUTCFullYear() - 1),
    language,
  };
}

/** The parameters to send, or the i18n key (under `insight.problems`) of what is missing. */
export function toParameters(f: ReportForm): ReportParameters | { problem: string } {
  const language = f.language;
  switch (f.template) {
    case 'region_monthly':
      if (!/^\d{4}-\d{2}$/.test(f.month)) return { problem: 'month' };
      return { template: 'region_monthly', region: f.city || f.province, month: f.month, language };
    case 'site_annual': {
      const year = Number(f.year);
      if (!f.locationId) return { problem: 'location' };
      if (!Number.isInteger(year) || year < 2000 || year > 2100) return { problem: 'year' };
      return { template: 'site_annual', location_id: Number(f.locationId), year, language };
    }
    case 'group_warning':
      if (!/^\d{4}-\d{2}$/.test(f.month)) return { problem: 'month' };
      return { template: 'group_warning', month: f.month, language };
  }
}
