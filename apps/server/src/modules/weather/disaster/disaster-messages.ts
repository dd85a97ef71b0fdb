import { localDateTime } from '@thunderwatch/domain/common/local-time';
import { disasterDeliveryLevel } from '@thunderwatch/domain/weather/disaster-risk';
import type { Language } from '@thunderwatch/shared/languages';
import type { DisasterWarningFacts } from '../../notify/delivery/channels/delivery-channel.js';
import { CARD_WORDS, CMA_COLOURS } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { siteName } from '../../notify/delivery/templates/template-kit.js';

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

/** A city's lightning disaster warning, told to the people of each site in it. */
export const DISASTER_MESSAGES: ToldKind<'disaster'> = {
  text: {
    en: ({ disaster: d }, tz) => {
      const level = DISASTER_LEVEL_NAMES.en[d.level];
      const region = regionName(d, 'en');
      const site = siteName(d, 'en');
      const raised =
        d.previous_level > 0 ? ` (raised from ${DISASTER_LEVEL_NAMES.en[d.previous_level as 1]})` : '';
      return {
        title: `${level} lightning disaster warning · ${region} · ${site}`,
        body:
          `${level} lightning disaster warning for ${region}${raised}, where ${site} lies: ` +
          `${disasterReasons(d, 'en')}; ${d.cg_flashes_1h} CG flashes in the last hour` +
          `${d.max_abs_ka > 0 ? `, strongest ${Math.round(d.max_abs_ka)} kA` : ''}. ${localDateTime(d.at, tz)}.`,
        link: d.board_url,
      };
    },
    'zh-Hans': ({ disaster: d }, tz) => {
      const level = DISASTER_LEVEL_NAMES['zh-Hans'][d.level];
      const region = regionName(d, 'zh-Hans');
      const site = siteName(d, 'zh-Hans');
      const raised =
        d.previous_level > 0 ? `（由${DISASTER_LEVEL_NAMES['zh-Hans'][d.previous_level as 1]}升级）` : '';
      return {
        title: `雷电灾害${level}预警 · ${region} · ${site}`,
        body:
          `${region}发布雷电灾害${level}预警${raised}，${site}位于该区域：` +
          `${disasterReasons(d, 'zh-Hans')}；近 1 小时地闪 ${d.cg_flashes_1h} 次` +
          `${d.max_abs_ka > 0 ? `，最强 ${Math.round(d.max_abs_ka)} kA` : ''}。时间 ${localDateTime(d.at, tz)}。`,
        link: d.board_url,
      };
    },
  },
  card: ({ disaster: d }, language, tz, message) => ({
    tone: d.level === 1 ? null : disasterDeliveryLevel(d.level),
    colour: CMA_COLOURS[DISASTER_COLOUR_NAMES[d.level]],
    fields: [
      { label: CARD_WORDS[language].site, value: siteName(d, language) },
      { label: CARD_WORDS[language].level, value: DISASTER_LEVEL_NAMES[language][d.level] },
      { label: CARD_WORDS[language].time, value: localDateTime(d.at, tz) },
    ],
    text: message.body,
  }),
  time: ({ disaster }, tz) => localDateTime(disaster.at, tz),
  // Disaster levels run to 4: the inbox keeps the lists' scale (yellow 1 … red 3), as lists do.
  about: ({ disaster: d }) => ({
    alarmId: null,
    locationId: d.location_id,
    level: disasterDeliveryLevel(d.level),
  }),
  names: { en: ['lightning disaster warning', 'lightning disaster warnings'], 'zh-Hans': '雷电灾害预警' },
  // The lists' minimum level compares the warning's colour (blue is never sent); one event per warning, level
  // and location: a warning raised again is told again.
  told: ({ disaster: d }) => ({
    locationId: d.location_id,
    level: disasterDeliveryLevel(d.level),
    alarmId: null,
    key: `disaster:${d.disaster_warning_id}:l${d.level}:${d.location_id}`,
    escalates: false,
  }),
};
