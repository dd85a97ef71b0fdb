import { localDateTime } from '@thunderwatch/domain/local-time';
import type { DigestFacts, DigestKind } from '../channels/delivery-channel.js';
import type { RenderedMessage } from './template-kit.js';

/** How many folded messages a digest names one by one (the rest are only counted). */
const NAMED = 5;

const EN_KINDS: Record<DigestKind, [string, string]> = {
  alarm: ['lightning alarm', 'lightning alarms'],
  efm: ['field-mill alarm', 'field-mill alarms'],
  alarm_confirmed: ['alarm confirmation', 'alarm confirmations'],
  daily_summary: ['daily summary', 'daily summaries'],
  test: ['test message', 'test messages'],
  typhoon: ['typhoon alarm', 'typhoon alarms'],
  wave: ['sea-wave alarm', 'sea-wave alarms'],
  weather_warning: ['weather warning', 'weather warnings'],
  disaster: ['lightning disaster warning', 'lightning disaster warnings'],
  device: ['device status change', 'device status changes'],
  flight: ['flight in a storm cell', 'flights in storm cells'],
  report: ['report', 'reports'],
};

const ZH_KINDS: Record<DigestKind, string> = {
  alarm: '雷电预警',
  efm: '电场预警',
  alarm_confirmed: '告警确认',
  daily_summary: '每日汇总',
  test: '测试消息',
  typhoon: '台风预警',
  wave: '海浪预警',
  weather_warning: '气象灾害预警',
  disaster: '雷电灾害预警',
  device: '设备状态',
  flight: '航班进入雷暴单体',
  report: '报告',
};

/** "14:02" (or the date too when it is not the day of `ref`) in the reader's zone. */
function shortTime(at: string, ref: string, tz: string): string {
  const full = localDateTime(at, tz);
  return full.slice(0, 10) === localDateTime(ref, tz).slice(0, 10) ? full.slice(11) : full;
}

const kindsByCount = (d: DigestFacts) =>
  (Object.entries(d.by_kind) as [DigestKind, number][]).sort((a, b) => b[1] - a[1]);

/** The digest of messages folded over a recipient's budget, in English. */
export function digestEn(d: DigestFacts, tz: string): RenderedMessage {
  const since = shortTime(d.since, d.until, tz);
  const kinds = kindsByCount(d)
    .map(([k, n]) => `${n} ${EN_KINDS[k][n === 1 ? 0 : 1]}`)
    .join(', ');
  const named = d.items
    .slice(0, NAMED)
    .map(
      (i) =>
        `${shortTime(i.at, d.until, tz)} ${EN_KINDS[i.kind][0]}${i.location_name ? ` at ${i.location_name}` : ''}`,
    )
    .join('; ');
  const more = d.count > Math.min(NAMED, d.items.length) ? '; …' : '';
  return {
    title: `${d.count} more alert${d.count === 1 ? '' : 's'} since ${since}`,
    body:
      `${d.count} more alert${d.count === 1 ? '' : 's'} since ${since}: ${kinds}. ` +
      `At most ${d.budget} messages every ${d.window_min} min are sent one by one; these were folded into ` +
      `this digest (${named}${more}). Open the board for them all. ${localDateTime(d.until, tz)}.`,
    link: d.board_url,
  };
}

/** The digest of messages folded over a recipient's budget, in Chinese. */
export function digestZh(d: DigestFacts, tz: string): RenderedMessage {
  const since = shortTime(d.since, d.until, tz);
  const kinds = kindsByCount(d)
    .map(([k, n]) => `${ZH_KINDS[k]} ${n} 条`)
    .join('，');
  const named = d.items
    .slice(0, NAMED)
    .map((i) => `${shortTime(i.at, d.until, tz)} ${i.location_name ?? ''}${ZH_KINDS[i.kind]}`)
    .join('；');
  const more = d.count > Math.min(NAMED, d.items.length) ? '；……' : '';
  return {
    title: `自 ${since} 起另有 ${d.count} 条预警`,
    body:
      `自 ${since} 起另有 ${d.count} 条预警：${kinds}。` +
      `每 ${d.window_min} 分钟最多逐条发送 ${d.budget} 条消息，其余合并为本汇总（${named}${more}）。` +
      `请在看板查看全部。${localDateTime(d.until, tz)}。`,
    link: d.board_url,
  };
}
