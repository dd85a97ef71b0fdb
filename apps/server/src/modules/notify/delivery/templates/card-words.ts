import type { Language } from '@thunderwatch/shared/languages';
import type { WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import type { CardFacts } from './message-words.js';
import { siteName } from './template-kit.js';

/** The labels every kind's chat card may use, in each language (a kind's own words live with the kind). */
export const CARD_WORDS = {
  'zh-Hans': {
    site: '站点',
    level: '等级',
    time: '时间',
    open: '打开预警看板',
    levels: { 0: '无预警', 1: '黄色', 2: '橙色', 3: '红色' },
    distance_km: (d: string) => `${d} 公里`,
  },
  en: {
    site: 'Site',
    level: 'Level',
    time: 'Time',
    open: 'Open the warning board',
    levels: { 0: 'Clear', 1: 'Yellow', 2: 'Orange', 3: 'Red' },
    distance_km: (d: string) => `${d} km`,
  },
} as const satisfies Record<Language, unknown>;

/** The CMA signal colours as #rrggbb, for the bands of cards and e-mails (official and disaster warnings). */
export const CMA_COLOURS: Record<WeatherWarningLevel, string> = {
  blue: '#1e6fd9',
  yellow: '#f5c400',
  orange: '#f28c00',
  red: '#d7191c',
};

/** A lightning level's colour name as a title says it: Yellow … Red (English), 黄色 … 红色. */
export const LEVEL_NAMES = {
  'zh-Hans': { 1: '黄色', 2: '橙色', 3: '红色' },
  en: { 1: 'Yellow', 2: 'Orange', 3: 'Red' },
} as const satisfies Record<Language, Record<1 | 2 | 3, string>>;

/**
 * The card of a site's alarm on the lightning scale: its site, level, the kind's own facts and time, in the
 * level's colour, with the message's body as its text.
 */
export function siteAlarmCard(
  language: Language,
  alarm: { location_name: string; location_name_en?: string | null; level: 1 | 2 | 3 },
  time: string,
  body: string,
  facts: { label: string; value: string }[] = [],
): CardFacts {
  const w = CARD_WORDS[language];
  return {
    tone: alarm.level,
    colour: LEVEL_COLOURS[alarm.level],
    fields: [
      { label: w.site, value: siteName(alarm, language) },
      { label: w.level, value: w.levels[alarm.level] },
      ...facts,
      { label: w.time, value: time },
    ],
    text: body,
  };
}
