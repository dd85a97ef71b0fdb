import type { Language } from '@thunderwatch/shared/languages';
import type { DisasterWarningFacts } from '../channels/delivery-channel.js';

/**
 * Disaster warning levels in the colours of China's meteorological disaster warnings (GB/T 27962): blue,
 * yellow, orange, red for 1..4.
 */
export const DISASTER_LEVEL_NAMES: Record<Language, Record<1 | 2 | 3 | 4, string>> = {
  'zh-Hans': { 1: '蓝色', 2: '黄色', 3: '橙色', 4: '红色' },
  en: { 1: 'Blue', 2: 'Yellow', 3: 'Orange', 4: 'Red' },
};

/** The CMA colour of each level, for the chat cards' colour band. */
export const DISASTER_COLOUR_NAMES = { 1: 'blue', 2: 'yellow', 3: 'orange', 4: 'red' } as const;

/**
 * The level on the lightning scale (1 yellow, 2 orange, 3 red) that distribution lists' minimum level and
 * the inbox compare: the same colour; blue (1) is 0, below every list: shown and listed, never sent.
 */
export const disasterDeliveryLevel = (level: 1 | 2 | 3 | 4): 0 | 1 | 2 | 3 => (level - 1) as 0 | 1 | 2 | 3;

const REASONS: Record<Language, Record<string, string>> = {
  'zh-Hans': {
    density_1h: '近 1 小时地闪密度高',
    density_3h: '近 3 小时地闪密度高',
    peak_current: '强雷电流',
    nowcast_30: '雷暴单体预计 30 分钟内到达',
    nowcast_60: '雷暴单体预计 60 分钟内到达',
  },
  en: {
    density_1h: 'dense cloud-to-ground lightning in the last hour',
    density_3h: 'dense cloud-to-ground lightning in the last 3 hours',
    peak_current: 'strong peak currents',
    nowcast_30: 'a storm cell expected within 30 min',
    nowcast_60: 'a storm cell expected within 60 min',
  },
};

export const disasterReasons = (d: DisasterWarningFacts, language: Language) =>
  d.reasons.map((r) => REASONS[language][r] ?? r).join(language === 'en' ? ', ' : '，');

export const regionName = (d: DisasterWarningFacts, language: Language) =>
  language === 'en' ? d.region_name_en : d.region_name_zh;
