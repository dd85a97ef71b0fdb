import type { TemplateInfo } from '@thunderwatch/shared/schemas/insight';

const label = (en: string, zh: string) => ({ en, 'zh-Hans': zh });

/** The report templates and the parameters each takes (`/api/insight/parameter/`). */
export const TEMPLATES: TemplateInfo[] = [
  {
    template: 'region_monthly',
    name: label('Monthly lightning report of a region', '地区雷电月报'),
    description: label(
      'A province or city in one month: totals, strokes per day, a density map and the cities.',
      '某省或某市一个月的雷电：总数、逐日分布、密度图和各城市统计。',
    ),
    parameters: [
      { name: 'region', kind: 'region', required: true, label: label('Province or city', '省份或城市') },
      { name: 'month', kind: 'month', required: true, label: label('Month', '月份') },
      { name: 'language', kind: 'language', required: true, label: label('Language', '语言') },
    ],
  },
  {
    template: 'site_annual',
    name: label('Annual lightning protection report of a site', '站点防雷年度报告'),
    description: label(
      'One location in one year: ground flash density Ng, thunderstorm days, strokes per month and the largest strokes within 10 km.',
      '某地点一年的地闪密度 Ng、雷暴日、逐月闪电数及 10 公里内最强的闪电。',
    ),
    parameters: [
      { name: 'location_id', kind: 'location', required: true, label: label('Location', '地点') },
      { name: 'year', kind: 'year', required: true, label: label('Year', '年份') },
      { name: 'language', kind: 'language', required: true, label: label('Language', '语言') },
    ],
  },
  {
    template: 'group_warning',
    name: label('Warning performance report of a group', '预警成效月报'),
    description: label(
      'A group in one month: warning episodes and lead times per location, notification delivery, device uptime.',
      '本组一个月内各地点的预警过程与提前量、通知送达情况和设备在线率。',
    ),
    parameters: [
      { name: 'month', kind: 'month', required: true, label: label('Month', '月份') },
      { name: 'language', kind: 'language', required: true, label: label('Language', '语言') },
      {
        name: 'group_id',
        kind: 'group',
        required: false,
        label: label('Group (administrators)', '分组（管理员）'),
      },
    ],
  },
];

/** The title a report has while it is made (the generator may name the place better). */
export function provisionalTitle(
  p: { template: string; language: 'en' | 'zh-Hans' },
  period: string,
): string {
  const info = TEMPLATES.find((t) => t.template === p.template);
  return `${info?.name[p.language] ?? p.template} ${period}`;
}
