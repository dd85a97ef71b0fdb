import { readerColumns, readerValue } from '@thunderwatch/domain/analytics/sheet-columns';
import { median } from '@thunderwatch/domain/warnings/alert-sheet';
import type { GroupWarningParameters } from '@thunderwatch/shared/schemas/insight';
import type { SheetCell, SheetId } from '@thunderwatch/shared/schemas/sheets';
import type { DeliveryHealth, TimeRange } from '../overview/overview-repo.js';
import { SHEETS } from '../sheets/sheet-catalog.js';
import type { ReportContent } from './report-content.js';
import { fmt, monthRange } from './report-period.js';

const T = {
  en: {
    title: (group: string, month: string) => `Warning performance: ${group}, ${month}`,
    subtitle: (zone: string) =>
      `Warning episodes of the group’s locations, notification delivery and device uptime in the month (local time, ${zone})`,
    summary: 'Summary',
    episodes: 'Warning episodes',
    red: 'Red episodes',
    warned: 'Warned before lightning reached the inner ring',
    lead: 'Median of the locations’ median lead times (min)',
    sent: 'Notifications sent',
    failed: 'Notifications failed',
    p95: 'Delivery p95 (ms)',
    devices: 'Devices',
  },
  'zh-Hans': {
    title: (group: string, month: string) => `${group}预警成效月报（${month}）`,
    subtitle: (zone: string) => `本月本组各地点的预警过程、通知送达情况与设备在线率（当地时间 ${zone}）`,
    summary: '概况',
    episodes: '预警过程',
    red: '红色预警',
    warned: '雷电到达内环前已预警',
    lead: '各地点提前量中位数的中位数（分钟）',
    sent: '已发送通知',
    failed: '发送失败',
    p95: '送达时延 P95（毫秒）',
    devices: '设备',
  },
};

type Rows = Record<string, SheetCell>[];

/** The warning performance report of a group: the alert and device sheets of the month with the figures over them. */
export async function groupWarning(
  p: GroupWarningParameters & { group_id: number; time_zone: string },
  d: {
    /** The group's name in the report's language. */
    groupName: (id: number) => Promise<string>;
    sheet: (id: SheetId, groupId: number, from: Date, to: Date, timeZone: string) => Promise<Rows>;
    deliveries: (groupId: number, range: TimeRange) => Promise<DeliveryHealth>;
  },
): Promise<ReportContent> {
  const t = T[p.language];
  // The month's local days where the report counts them (kept with the report).
  const range = monthRange(p.month, p.time_zone);
  const [name, alerts, devices, health] = await Promise.all([
    d.groupName(p.group_id),
    d.sheet('alerts', p.group_id, range.from, range.to, p.time_zone),
    d.sheet('device_uptime', p.group_id, range.from, range.to, p.time_zone),
    d.deliveries(p.group_id, range),
  ]);
  const sum = (rows: Rows, key: string) =>
    rows.reduce((n, r) => n + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
  const leads = alerts.map((r) => r.median_lead_min).filter((v): v is number => typeof v === 'number');
  const table = (id: SheetId, rows: Rows) => {
    const info = SHEETS[id];
    // Sites and devices named in the report's language, as the data sheet shows them.
    const columns = readerColumns(info.columns, p.language);
    return {
      kind: 'table' as const,
      sheet: {
        title: info.name[p.language],
        columns: columns.map((c) => c.header[p.language]),
        rows: rows.map((r) => columns.map((c) => readerValue(r, c))),
      },
    };
  };
  return {
    title: t.title(name, p.month),
    subtitle: t.subtitle(p.time_zone),
    language: p.language,
    timeZone: p.time_zone,
    sections: [
      { kind: 'heading', text: t.summary },
      {
        kind: 'figures',
        items: [
          { label: t.episodes, value: fmt(sum(alerts, 'episodes')) },
          { label: t.red, value: fmt(sum(alerts, 'red_episodes')) },
          {
            label: t.warned,
            value: `${fmt(sum(alerts, 'warned_before'))} / ${fmt(sum(alerts, 'inner_strikes'))}`,
          },
          {
            label: t.lead,
            value: leads.length ? fmt(median(leads)) : '—',
          },
          { label: t.sent, value: fmt(health.sent) },
          { label: t.failed, value: fmt(health.failed) },
          { label: t.p95, value: fmt(health.p95Ms) },
          { label: t.devices, value: fmt(devices.length) },
        ],
      },
      table('alerts', alerts),
      table('device_uptime', devices),
    ],
  };
}
