import type { Language } from '@thunderwatch/shared/languages';
import type { WeatherWarningKind, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { WeatherWarningAlarmFacts } from '../channels/delivery-channel.js';

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

/** The CMA signal colours as #rrggbb, for cards. */
export const CMA_COLOURS: Record<WeatherWarningLevel, string> = {
  blue: '#1e6fd9',
  yellow: '#f5c400',
  orange: '#f28c00',
  red: '#d7191c',
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
