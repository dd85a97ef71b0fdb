import { localDateTime } from '@thunderwatch/domain/common/local-time';
import { nameFor } from '@thunderwatch/shared/names';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
/**
 * One alert episode as an OASIS CAP 1.2 message: a Chinese and an English `info` block, the area as a
 * circle around a point location (outer ring radius) or as the polygon of a polygon location.
 */
import type { RingLevel } from '@thunderwatch/shared/warnings';
import XMLBuilder from 'fast-xml-builder';
import { CAP_NAMESPACE, CAP_SEVERITY, capTime } from '../../../lib/cap-format.js';

export interface CapSource {
  alert: AlertDto;
  shape: LocationShape;
  rings: Ring[];
  timeZone: string;
  groupName: string;
}

export interface CapContext {
  /** CAP `sender`: who issues the message, without spaces, commas, `<` or `&`. */
  sender: string;
  now: Date;
}

/** `2024-06-01 20:15 (Asia/Shanghai)`: in the location's own time zone, for people reading the description. */
const localTimeIn = (iso: string, timeZone: string) => `${localDateTime(iso, timeZone)} (${timeZone})`;
const COLOUR = {
  zh: { 3: '红色', 2: '橙色', 1: '黄色' },
  en: { 3: 'red', 2: 'orange', 1: 'yellow' },
} as const satisfies Record<string, Record<RingLevel, string>>;

const coord = (v: number) => String(Number(v.toFixed(6)));
const km = (v: number) => String(Number(v.toFixed(2)));

function areaOf(shape: LocationShape, rings: Ring[]): { polygon?: string; circle?: string } {
  if (shape.type === 'Point') {
    const [lon, lat] = shape.coordinates;
    const outer = Math.max(...rings.map((r) => r.radius_km));
    return { circle: `${coord(lat)},${coord(lon)} ${km(outer)}` };
  }
  const outerRing = shape.coordinates[0] ?? [];
  return { polygon: outerRing.map(([lon, lat]) => `${coord(lat)},${coord(lon)}`).join(' ') };
}

function describe(
  src: CapSource,
  lang: 'zh' | 'en',
): { headline: string; description: string; areaDesc: string } {
  const { alert, timeZone } = src;
  const level = alert.peak_level;
  const colour = COLOUR[lang][level];
  const outer = Math.max(...src.rings.map((r) => r.radius_km));
  const ended = alert.ended_at !== null;
  const nearest = alert.nearest_km === null ? null : km(alert.nearest_km);
  const site = nameFor(lang, alert.location_name, alert.location_name_en);
  if (lang === 'zh') {
    const counts =
      alert.ring_counts.map((c) => `${km(c.radius_km)} km 内 ${c.strokes} 次`).join('；') || '无';
    return {
      headline: `${site}：雷电${colour}预警${alert.predicted ? '（闪电跃增预测）' : ''}${ended ? '（已解除）' : ''}`,
      description: [
        `地点：${site}`,
        `最高预警等级：${level} 级（${colour}）`,
        `最近闪电距离：${nearest === null ? '无' : `${nearest} km`}`,
        `各圈闪电次数：${counts}`,
        `开始：${localTimeIn(alert.started_at, timeZone)}`,
        `解除：${alert.ended_at ? localTimeIn(alert.ended_at, timeZone) : '仍在持续'}`,
      ].join('\n'),
      areaDesc: `${site}及周边 ${km(outer)} km`,
    };
  }
  const counts =
    alert.ring_counts.map((c) => `${c.strokes} within ${km(c.radius_km)} km`).join('; ') || 'none';
  return {
    headline: `Lightning ${colour} warning for ${site}${alert.predicted ? ' (predicted from a lightning jump)' : ''}${ended ? ' (all clear)' : ''}`,
    description: [
      `Location: ${site}`,
      `Peak level: ${level} (${colour})`,
      `Nearest stroke: ${nearest === null ? 'none' : `${nearest} km`}`,
      `Strokes per ring: ${counts}`,
      `Started: ${localTimeIn(alert.started_at, timeZone)}`,
      `All clear: ${alert.ended_at ? localTimeIn(alert.ended_at, timeZone) : 'still going on'}`,
    ].join('\n'),
    areaDesc: `${site} and ${km(outer)} km around it`,
  };
}

/**
 * An episode still going on is sent now and expires when its longest all-clear countdown would end if no
 * further stroke came; an ended one is sent and expires at its all-clear.
 */
function timesOf(src: CapSource, now: Date): { sent: Date; expires: Date } {
  if (src.alert.ended_at) {
    const end = new Date(src.alert.ended_at);
    return { sent: end, expires: end };
  }
  const allClearMin = Math.max(...src.rings.map((r) => r.all_clear_min));
  return { sent: now, expires: new Date(now.getTime() + allClearMin * 60_000) };
}

export function alertToCap(src: CapSource, ctx: CapContext): string {
  const { alert } = src;
  const { sent, expires } = timesOf(src, ctx.now);
  const ended = alert.ended_at !== null;
  const info = (['zh', 'en'] as const).map((lang) => {
    const text = describe(src, lang);
    return {
      language: lang === 'zh' ? 'zh-CN' : 'en-US',
      category: 'Met',
      event: lang === 'zh' ? '雷电预警' : 'Lightning warning',
      responseType: ended ? 'AllClear' : 'Shelter',
      urgency: ended ? 'Past' : 'Immediate',
      severity: CAP_SEVERITY[alert.peak_level],
      // A prediction no ring has confirmed yet is a forecast: likely, not observed.
      certainty: alert.predicted && alert.ring_at === null ? 'Likely' : 'Observed',
      onset: capTime(new Date(alert.started_at)),
      expires: capTime(expires),
      senderName: lang === 'zh' ? 'Thunderwatch 雷电监测预警' : 'Thunderwatch lightning warnings',
      headline: text.headline,
      description: text.description,
      area: { areaDesc: text.areaDesc, ...areaOf(src.shape, src.rings) },
    };
  });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    alert: {
      '@_xmlns': CAP_NAMESPACE,
      identifier: `thunderwatch-alert-${alert.id}-${Math.floor(sent.getTime() / 1000)}`,
      sender: ctx.sender,
      sent: capTime(sent),
      status: 'Actual',
      msgType: 'Alert',
      scope: 'Restricted',
      restriction: `仅限${src.groupName}内部使用 / For members of ${src.groupName} only`,
      info,
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(doc);
}
