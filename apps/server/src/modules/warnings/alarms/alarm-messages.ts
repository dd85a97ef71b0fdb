import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import type { AlarmFacts } from '../../notify/delivery/channels/delivery-channel.js';
import { CARD_WORDS, LEVEL_NAMES } from '../../notify/delivery/templates/card-words.js';
import type { MessageKind, RenderedMessage, ToldKind } from '../../notify/delivery/templates/message-kind.js';
import {
  compassPoint,
  km,
  nextArrival,
  predictedCell,
  siteName,
  threatReason,
} from '../../notify/delivery/templates/template-kit.js';

/** A lightning alarm's messages: raised at a ring, predicted from a cell, or from the field mills. */

const WAS = {
  'zh-Hans': { 0: '无预警', 1: '黄色', 2: '橙色', 3: '红色' },
  en: { 0: 'clear', 1: 'yellow', 2: 'orange', 3: 'red' },
} as const;

function alarmEn(a: AlarmFacts, tz: string): RenderedMessage {
  const site = siteName(a, 'en');
  const cell = predictedCell(a.predicted_by, 'en');
  const efm = a.efm_kvm ?? null;
  const kind = efm !== null ? 'Field-mill ' : cell ? 'Predicted ' : '';
  const level = LEVEL_NAMES.en[a.level];
  const parts = [`${kind}${level} lightning warning at ${site} (was ${WAS.en[a.previous_level]}).`];
  if (efm !== null) {
    parts.push(`Field mill ${efm.toFixed(1)} kV/m: the air above the site is electrified before lightning.`);
  } else if (cell) {
    const moving = cell.to
      ? `, moving towards ${cell.to}${cell.speed === null ? '' : ` at ${cell.speed} km/h`}`
      : '';
    const why =
      cell.reason === 'jump'
        ? `lightning jump in cell ${cell.id}`
        : `cell ${cell.id} expected here within 30 min`;
    parts.push(`Predicted: ${why}, ${cell.km} km ${cell.from}${moving}.`);
  } else if (a.nearest_km !== null) {
    const dir = a.bearing_deg === null ? '' : ` ${compassPoint(a.bearing_deg, 'en')}`;
    parts.push(`Nearest stroke ${km(a.nearest_km)} km${dir}.`);
  }
  const eta = nextArrival(a.approach);
  if (eta)
    parts.push(
      `Storm approaching, about ${Math.round(eta.eta_min)} min to the ${km(eta.radius_km)} km ring.`,
    );
  else if (a.approach?.status === 'moving_away') parts.push('Storm moving away.');
  parts.push(`${localDateTime(a.at, tz)}.`);
  return { title: `${kind}${level} warning · ${site}`, body: parts.join(' '), link: a.board_url };
}

function alarmZh(a: AlarmFacts, tz: string): RenderedMessage {
  const site = siteName(a, 'zh-Hans');
  const cell = predictedCell(a.predicted_by, 'zh-Hans');
  const efm = a.efm_kvm ?? null;
  const kind = efm !== null ? '电场仪' : cell ? '预测' : '';
  const level = LEVEL_NAMES['zh-Hans'][a.level];
  const parts = [`${site}发布雷电${level}${kind}预警（此前${WAS['zh-Hans'][a.previous_level]}）。`];
  if (efm !== null) {
    parts.push(`电场仪 ${efm.toFixed(1)} kV/m：站点上空大气电场增强，雷电可能即将发生。`);
  } else if (cell) {
    const moving = cell.to
      ? `，正向${cell.to}移动${cell.speed === null ? '' : `（约 ${cell.speed} 公里/小时）`}`
      : '';
    const why =
      cell.reason === 'jump' ? `雷暴单体 ${cell.id} 闪电跃增` : `雷暴单体 ${cell.id} 预计 30 分钟内到达`;
    parts.push(`预测依据：${why}，距离 ${cell.km} 公里，方位${cell.from}${moving}。`);
  } else if (a.nearest_km !== null) {
    const dir = a.bearing_deg === null ? '' : `，方位${compassPoint(a.bearing_deg, 'zh-Hans')}`;
    parts.push(`最近落雷 ${km(a.nearest_km)} 公里${dir}。`);
  }
  const eta = nextArrival(a.approach);
  if (eta) parts.push(`雷暴正在逼近，约 ${Math.round(eta.eta_min)} 分钟到达 ${km(eta.radius_km)} 公里圈。`);
  else if (a.approach?.status === 'moving_away') parts.push('雷暴正在远离。');
  parts.push(`时间 ${localDateTime(a.at, tz)}。`);
  return { title: `【雷电${level}${kind}预警】${site}`, body: parts.join(''), link: a.board_url };
}

/** The card's words of a lightning alarm, beside the labels every card has. */
const WORDS = {
  'zh-Hans': {
    fieldMill: '电场仪',
    nearest: '最近落雷',
    storm: '雷暴动向',
    confirmedBy: '确认人',
    was: (level: string) => `（此前${level}）`,
    predicted: { jump: '（预测：闪电跃增）', nowcast: '（预测：单体临近外推）' },
    threatCell: { jump: '跃增单体', nowcast: '临近单体' },
    distance: (d: string, dir: string) => `${d} 公里${dir ? `，${dir}方` : ''}`,
    approaching: (min: number, ring: string) => `逼近中，约 ${min} 分钟到达 ${ring} 公里圈`,
    movingAway: '正在远离',
    stationary: '移动缓慢',
    unknown: '暂无法判断',
  },
  en: {
    fieldMill: 'Field mill',
    nearest: 'Nearest stroke',
    storm: 'Storm',
    confirmedBy: 'Confirmed by',
    was: (level: string) => ` (was ${level.toLowerCase()})`,
    predicted: { jump: ' (predicted: lightning jump)', nowcast: ' (predicted: cell nowcast)' },
    threatCell: { jump: 'Jumping cell', nowcast: 'Approaching cell' },
    distance: (d: string, dir: string) => `${d} km${dir ? ` ${dir}` : ''}`,
    approaching: (min: number, ring: string) => `Approaching, about ${min} min to the ${ring} km ring`,
    movingAway: 'Moving away',
    stationary: 'Hardly moving',
    unknown: 'Not known yet',
  },
} as const;

function stormLine(a: AlarmFacts, language: Language): string {
  const w = WORDS[language];
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

function alarmFields(a: AlarmFacts, language: Language, timeZone: string) {
  const w = WORDS[language];
  const c = CARD_WORDS[language];
  const nearest =
    a.nearest_km === null
      ? '—'
      : w.distance(km(a.nearest_km), a.bearing_deg === null ? '' : compassPoint(a.bearing_deg, language));
  const predicted = a.predicted_by ? w.predicted[threatReason(a.predicted_by)] : '';
  return [
    { label: c.site, value: siteName(a, language) },
    { label: c.level, value: `${c.levels[a.level]}${predicted}${w.was(c.levels[a.previous_level])}` },
    a.efm_kvm != null
      ? { label: w.fieldMill, value: `${a.efm_kvm.toFixed(1)} kV/m` }
      : a.predicted_by
        ? {
            label: w.threatCell[threatReason(a.predicted_by)],
            value: `${a.predicted_by.cell_id} · ${w.distance(km(a.predicted_by.distance_km), compassPoint(a.predicted_by.bearing_deg, language))}`,
          }
        : { label: w.nearest, value: nearest },
    { label: w.storm, value: stormLine(a, language) },
    { label: c.time, value: localDateTime(a.at, timeZone) },
  ];
}

const aboutAlarm = (a: AlarmFacts) => ({ alarmId: a.alarm_id, locationId: a.location_id, level: a.level });

export const ALARM_MESSAGES: ToldKind<'alarm'> = {
  text: { en: ({ alarm }, tz) => alarmEn(alarm, tz), 'zh-Hans': ({ alarm }, tz) => alarmZh(alarm, tz) },
  card: ({ alarm }, language, tz) => ({
    tone: alarm.level,
    colour: LEVEL_COLOURS[alarm.level],
    fields: alarmFields(alarm, language, tz),
    text: null,
  }),
  time: ({ alarm }, tz) => localDateTime(alarm.at, tz),
  about: ({ alarm }) => aboutAlarm(alarm),
  names: { en: ['lightning alarm', 'lightning alarms'], 'zh-Hans': '雷电预警' },
  variants: { efm: { en: ['field-mill alarm', 'field-mill alarms'], 'zh-Hans': '电场预警' } },
  // The one kind that escalates: someone confirms it, which stops the escalation.
  told: ({ alarm: a }) => ({
    locationId: a.location_id,
    level: a.level,
    alarmId: a.alarm_id,
    key: `alarm:${a.alarm_id}`,
    escalates: true,
  }),
};

export const ALARM_CONFIRMED_MESSAGES: MessageKind<'alarm_confirmed'> = {
  text: {
    en: ({ alarm: a, confirmation: c }, tz) => ({
      title: `Confirmed · ${siteName(a, 'en')}`,
      body: `${c.by} confirmed the ${LEVEL_NAMES.en[a.level].toLowerCase()} warning at ${siteName(a, 'en')} at ${localDateTime(c.at, tz)}.${c.note ? ` Note: ${c.note}` : ''}`,
      link: a.board_url,
    }),
    'zh-Hans': ({ alarm: a, confirmation: c }, tz) => ({
      title: `【已确认】${siteName(a, 'zh-Hans')}`,
      body: `${c.by} 已于 ${localDateTime(c.at, tz)} 确认${siteName(a, 'zh-Hans')}的雷电${LEVEL_NAMES['zh-Hans'][a.level]}预警。${c.note ? `备注：${c.note}` : ''}`,
      link: a.board_url,
    }),
  },
  // Someone has it in hand: the all-clear green.
  card: ({ alarm: a, confirmation: c }, language, tz, message) => ({
    tone: 0,
    colour: LEVEL_COLOURS[0],
    fields: [
      { label: CARD_WORDS[language].site, value: siteName(a, language) },
      { label: CARD_WORDS[language].level, value: CARD_WORDS[language].levels[a.level] },
      { label: WORDS[language].confirmedBy, value: c.by },
      { label: CARD_WORDS[language].time, value: localDateTime(c.at, tz) },
    ],
    text: message.body,
  }),
  time: ({ confirmation }, tz) => localDateTime(confirmation.at, tz),
  about: ({ alarm }) => aboutAlarm(alarm),
  names: { en: ['alarm confirmation', 'alarm confirmations'], 'zh-Hans': '告警确认' },
};
