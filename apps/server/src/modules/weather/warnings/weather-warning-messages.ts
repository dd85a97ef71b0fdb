import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import type { WeatherWarningKind, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { WeatherWarningAlarmFacts } from '../../notify/delivery/channels/delivery-channel.js';
import { CARD_WORDS, CMA_COLOURS } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { siteName } from '../../notify/delivery/templates/template-kit.js';

const KINDS: Record<Language, Record<WeatherWarningKind, string>> = {
  'zh-Hans': {
    typhoon: '台风',
    rainstorm: '暴雨',
    snowstorm: '暴雪',
    cold_wave: '寒潮',
    gale: '大风',
    sandstorm: '沙尘暴',
    heat: '高温',
    drought: '干旱',
    lightning: '雷电',
    hail: '冰雹',
    frost: '霜冻',
    fog: '大雾',
    haze: '霾',
    road_icing: '道路结冰',
    other: '气象',
  },
  en: {
    typhoon: 'Typhoon',
    rainstorm: 'Rainstorm',
    snowstorm: 'Snowstorm',
    cold_wave: 'Cold wave',
    gale: 'Gale',
    sandstorm: 'Sandstorm',
    heat: 'Heat',
    drought: 'Drought',
    lightning: 'Lightning',
    hail: 'Hail',
    frost: 'Frost',
    fog: 'Fog',
    haze: 'Haze',
    road_icing: 'Road icing',
    other: 'Weather',
  },
};

const COLOURS: Record<Language, Record<WeatherWarningLevel, string>> = {
  'zh-Hans': { blue: '蓝色', yellow: '黄色', orange: '橙色', red: '红色' },
  en: { blue: 'blue', yellow: 'yellow', orange: 'orange', red: 'red' },
};

/** 暴雨橙色预警 / Rainstorm orange warning. */
export function warningTitle(
  w: Pick<WeatherWarningAlarmFacts, 'kind' | 'colour'>,
  language: Language,
): string {
  const kind = KINDS[language][w.kind];
  const colour = COLOURS[language][w.colour];
  return language === 'zh-Hans' ? `${kind}${colour}预警` : `${kind} ${colour} warning`;
}

/** ` (raised from yellow)` / `（由黄色升级）` when a later message raised the colour; empty otherwise. */
export function raisedFrom(w: Pick<WeatherWarningAlarmFacts, 'previous_colour'>, language: Language): string {
  if (!w.previous_colour) return '';
  const colour = COLOURS[language][w.previous_colour];
  return language === 'zh-Hans' ? `（由${colour}升级）` : ` (raised from ${colour})`;
}

/** An official weather warning (CAP) whose area covers a site. */
export const WEATHER_WARNING_MESSAGES: ToldKind<'weather_warning'> = {
  text: {
    en: ({ weather_warning: w }, tz) => ({
      title: `${warningTitle(w, 'en')} · ${siteName(w, 'en')}`,
      body:
        `${w.sender}: ${w.headline ?? w.event}${raisedFrom(w, 'en')}. ${siteName(w, 'en')} is inside the warning area` +
        `${w.expires ? `, until ${localDateTime(w.expires, tz)}` : ''}. ${localDateTime(w.at, tz)}.`,
      link: w.board_url,
    }),
    'zh-Hans': ({ weather_warning: w }, tz) => ({
      title: `${warningTitle(w, 'zh-Hans')} · ${siteName(w, 'zh-Hans')}`,
      body:
        `${w.sender}：${w.headline ?? w.event}${raisedFrom(w, 'zh-Hans')}。${siteName(w, 'zh-Hans')}位于预警区域内` +
        `${w.expires ? `，有效至 ${localDateTime(w.expires, tz)}` : ''}。时间 ${localDateTime(w.at, tz)}。`,
      link: w.board_url,
    }),
  },
  // Blue is below the lightning scale: its band is blue, with no tone.
  card: ({ weather_warning: w }, language, tz, message) => ({
    tone: w.colour === 'blue' ? null : w.level,
    colour: CMA_COLOURS[w.colour],
    fields: [
      { label: CARD_WORDS[language].site, value: siteName(w, language) },
      { label: CARD_WORDS[language].level, value: warningTitle(w, language) },
      { label: CARD_WORDS[language].time, value: localDateTime(w.at, tz) },
    ],
    text: message.body,
  }),
  time: ({ weather_warning }, tz) => localDateTime(weather_warning.at, tz),
  about: ({ weather_warning: w }) => ({ alarmId: null, locationId: w.location_id, level: w.level }),
  names: { en: ['weather warning', 'weather warnings'], 'zh-Hans': '气象灾害预警' },
  // A raise to a higher colour of the same alarm is its own event.
  told: ({ weather_warning: w }) => ({
    locationId: w.location_id,
    level: w.level,
    alarmId: null,
    key: `alarm:${w.weather_warning_alarm_id}${w.previous_colour ? `:${w.colour}` : ''}`,
    escalates: false,
  }),
};
