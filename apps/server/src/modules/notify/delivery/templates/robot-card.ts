import { localDateTime } from '@thunderwatch/domain/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import { LEVEL_COLOURS, type Level } from '@thunderwatch/shared/warnings';
import type { AlarmFacts, NotificationPayload } from '../channels/delivery-channel.js';
import { DISASTER_COLOUR_NAMES, DISASTER_LEVEL_NAMES, disasterDeliveryLevel } from './disaster-words.js';
import { renderMessage } from './render-message.js';
import { compassPoint, km, nextArrival, threatReason } from './template-kit.js';
import { CMA_COLOURS, warningTitle } from './weather-warning-words.js';

/**
 * A message as a chat card: a title band in the level's colour, labelled facts (site, level, nearest
 * stroke, the storm's approach, time), an optional line of text, and a button to the board. Each robot
 * channel lays it out in its vendor's format; the wording is in the recipient's language.
 */
export interface RobotCard {
  /** What the band's colour says: an alarm's level, 0 for a confirmation (the all-clear green), null otherwise. */
  tone: Level | null;
  /** The band's colour as #rrggbb. */
  colour: string;
  title: string;
  fields: { label: string; value: string }[];
  text: string | null;
  link: string;
  linkLabel: string;
}

/** Summaries and tests carry no level: the neutral blue of the e-mails. */
export const NEUTRAL_COLOUR = '#1f4e79';

const WORDS = {
  'zh-Hans': {
    site: '站点',
    device: '设备',
    aircraft: '航班',
    fieldMill: '电场仪',
    fromAirport: '距机场',
    distance_km: (d: string) => `${d} 公里`,
    level: '等级',
    nearest: '最近落雷',
    storm: '雷暴动向',
    time: '时间',
    confirmedBy: '确认人',
    date: '日期',
    alarms: '预警次数',
    open: '打开预警看板',
    levels: { 0: '无预警', 1: '黄色', 2: '橙色', 3: '红色' },
    was: (level: string) => `（此前${level}）`,
    predicted: { jump: '（预测：闪电跃增）', nowcast: '（预测：单体临近外推）' },
    threatCell: { jump: '跃增单体', nowcast: '临近单体' },
    distance: (d: string, dir: string) => `${d} 公里${dir ? `，${dir}方` : ''}`,
    approaching: (min: number, ring: string) => `逼近中，约 ${min} 分钟到达 ${ring} 公里圈`,
    movingAway: '正在远离',
    stationary: '移动缓慢',
    unknown: '暂无法判断',
    alarmCount: (n: number, red: number) => `${n} 次（红色 ${red} 次）`,
  },
  en: {
    site: 'Site',
    device: 'Device',
    aircraft: 'Aircraft',
    fieldMill: 'Field mill',
    fromAirport: 'From the airport',
    distance_km: (d: string) => `${d} km`,
    level: 'Level',
    nearest: 'Nearest stroke',
    storm: 'Storm',
    time: 'Time',
    confirmedBy: 'Confirmed by',
    date: 'Date',
    alarms: 'Alarms',
    open: 'Open the warning board',
    levels: { 0: 'Clear', 1: 'Yellow', 2: 'Orange', 3: 'Red' },
    was: (level: string) => ` (was ${level.toLowerCase()})`,
    predicted: { jump: ' (predicted: lightning jump)', nowcast: ' (predicted: cell nowcast)' },
    threatCell: { jump: 'Jumping cell', nowcast: 'Approaching cell' },
    distance: (d: string, dir: string) => `${d} km${dir ? ` ${dir}` : ''}`,
    approaching: (min: number, ring: string) => `Approaching, about ${min} min to the ${ring} km ring`,
    movingAway: 'Moving away',
    stationary: 'Hardly moving',
    unknown: 'Not known yet',
    alarmCount: (n: number, red: number) => `${n} (${red} red)`,
  },
} as const;

type Words = (typeof WORDS)[Language];

function stormLine(a: AlarmFacts, w: Words): string {
  const eta = nextArrival(a.approach);
  if (eta) return w.approaching(Math.round(eta.eta_min), km(eta.radius_km));
  switch (a.approach?.status) {
    case 'moving_away':
      return w.movingAway;
    case 'stationary':
      return w.stationary;
    default:
      return w.unknown;
  }
}

function alarmFields(a: AlarmFacts, w: Words, language: Language, timeZone: string) {
  const nearest =
    a.nearest_km === null
      ? '—'
      : w.distance(km(a.nearest_km), a.bearing_deg === null ? '' : compassPoint(a.bearing_deg, language));
  return [
    { label: w.site, value: a.location_name },
    {
      label: w.level,
      value: `${w.levels[a.level]}${a.predicted_by ? w.predicted[threatReason(a.predicted_by)] : ''}${w.was(w.levels[a.previous_level])}`,
    },
    a.efm_kvm != null
      ? { label: w.fieldMill, value: `${a.efm_kvm.toFixed(1)} kV/m` }
      : a.predicted_by
        ? {
            label: w.threatCell[threatReason(a.predicted_by)],
            value: `${a.predicted_by.cell_id} · ${w.distance(km(a.predicted_by.distance_km), compassPoint(a.predicted_by.bearing_deg, language))}`,
          }
        : { label: w.nearest, value: nearest },
    { label: w.storm, value: stormLine(a, w) },
    { label: w.time, value: localDateTime(a.at, timeZone) },
  ];
}

/** The card of an event in a language, times in the reader's zone. */
export function robotCard(payload: NotificationPayload, language: Language, timeZone: string): RobotCard {
  const w = WORDS[language];
  const m = renderMessage(payload, language, timeZone);
  const base = { title: m.title, link: m.link, linkLabel: w.open };
  switch (payload.event) {
    case 'alarm':
      return {
        ...base,
        tone: payload.alarm.level,
        colour: LEVEL_COLOURS[payload.alarm.level],
        fields: alarmFields(payload.alarm, w, language, timeZone),
        text: null,
      };
    case 'alarm_confirmed': {
      const { alarm: a, confirmation: c } = payload;
      return {
        ...base,
        tone: 0,
        colour: LEVEL_COLOURS[0],
        fields: [
          { label: w.site, value: a.location_name },
          { label: w.level, value: w.levels[a.level] },
          { label: w.confirmedBy, value: c.by },
          { label: w.time, value: localDateTime(c.at, timeZone) },
        ],
        text: m.body,
      };
    }
    case 'daily_summary': {
      const s = payload.summary;
      return {
        ...base,
        tone: null,
        colour: NEUTRAL_COLOUR,
        fields: [
          { label: w.date, value: s.date },
          { label: w.alarms, value: w.alarmCount(s.alarms, s.red) },
        ],
        text: m.body,
      };
    }
    case 'test':
    case 'digest':
      return { ...base, tone: null, colour: NEUTRAL_COLOUR, fields: [], text: m.body };
    case 'report':
      return {
        ...base,
        tone: null,
        colour: NEUTRAL_COLOUR,
        fields: [{ label: w.time, value: localDateTime(payload.report.at, timeZone) }],
        text: m.body,
      };
    case 'weather_warning': {
      const ww = payload.weather_warning;
      return {
        ...base,
        tone: ww.colour === 'blue' ? null : ww.level,
        colour: CMA_COLOURS[ww.colour],
        fields: [
          { label: w.site, value: ww.location_name },
          { label: w.level, value: warningTitle(ww, language) },
          { label: w.time, value: localDateTime(ww.at, timeZone) },
        ],
        text: m.body,
      };
    }
    case 'typhoon': {
      const t = payload.typhoon;
      return {
        ...base,
        tone: t.level,
        colour: LEVEL_COLOURS[t.level],
        fields: [
          { label: w.site, value: t.location_name },
          { label: w.level, value: w.levels[t.level] },
          { label: w.time, value: localDateTime(t.at, timeZone) },
        ],
        text: m.body,
      };
    }
    case 'disaster': {
      const d = payload.disaster;
      return {
        ...base,
        tone: d.level === 1 ? null : disasterDeliveryLevel(d.level),
        colour: CMA_COLOURS[DISASTER_COLOUR_NAMES[d.level]],
        fields: [
          { label: w.site, value: d.location_name },
          { label: w.level, value: DISASTER_LEVEL_NAMES[language][d.level] },
          { label: w.time, value: localDateTime(d.at, timeZone) },
        ],
        text: m.body,
      };
    }
    case 'device': {
      const v = payload.device;
      return {
        ...base,
        tone: v.change === 'offline' ? 2 : 0,
        colour: v.change === 'offline' ? LEVEL_COLOURS[2] : LEVEL_COLOURS[0],
        fields: [
          { label: w.device, value: `${v.device_name} (${v.device_id})` },
          { label: w.time, value: localDateTime(v.at, timeZone) },
        ],
        text: m.body,
      };
    }
    case 'flight': {
      const f = payload.flight;
      return {
        ...base,
        tone: f.level,
        colour: LEVEL_COLOURS[f.level],
        fields: [
          { label: w.site, value: f.location_name },
          { label: w.aircraft, value: f.callsign ? `${f.callsign} (${f.icao24})` : f.icao24 },
          { label: w.level, value: w.levels[f.level] },
          { label: w.fromAirport, value: w.distance_km(km(f.distance_km)) },
          { label: w.time, value: localDateTime(f.at, timeZone) },
        ],
        text: m.body,
      };
    }
    case 'wave': {
      const v = payload.wave;
      return {
        ...base,
        tone: v.level,
        colour: LEVEL_COLOURS[v.level],
        fields: [
          { label: w.site, value: v.location_name },
          { label: w.level, value: w.levels[v.level] },
          { label: w.time, value: localDateTime(v.reading_at, timeZone) },
        ],
        text: m.body,
      };
    }
  }
}

/** A coloured mark before the title, for chat apps whose markdown has few or no colours. */
export function toneMark(tone: Level | null): string {
  switch (tone) {
    case 3:
      return '🔴';
    case 2:
      return '🟠';
    case 1:
      return '🟡';
    case 0:
      return '🟢';
    default:
      return '🔵';
  }
}

/**
 * Text typed by users (site names, notes) inside chat markdown: emphasis, link and code characters are
 * escaped with a backslash, and angle brackets become their full-width forms, so that a name cannot open
 * a tag (DingTalk and WeCom render `<font>`) or a link.
 */
export const markdownText = (s: string) =>
  s
    .replace(/[\\`*_[\]]/g, (c) => `\\${c}`)
    .replace(/</g, '＜')
    .replace(/>/g, '＞');
