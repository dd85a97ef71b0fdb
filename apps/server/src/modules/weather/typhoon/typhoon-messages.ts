import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import type { TyphoonGrade } from '@thunderwatch/shared/schemas/typhoon';
import type { TyphoonAlarmFacts } from '../../notify/delivery/channels/delivery-channel.js';
import { siteAlarmCard } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { km, siteName } from '../../notify/delivery/templates/template-kit.js';

/** China's grades (GB/T 19201-2006) by their Chinese and English names. */
const GRADES: Record<Language, Record<TyphoonGrade, string>> = {
  'zh-Hans': {
    LO: '低压区',
    TD: '热带低压',
    TS: '热带风暴',
    STS: '强热带风暴',
    TY: '台风',
    STY: '强台风',
    SuperTY: '超强台风',
    ET: '温带气旋',
  },
  en: {
    LO: 'Low',
    TD: 'Tropical depression',
    TS: 'Tropical storm',
    STS: 'Severe tropical storm',
    TY: 'Typhoon',
    STY: 'Severe typhoon',
    SuperTY: 'Super typhoon',
    ET: 'Extratropical cyclone',
  },
};

export const gradeName = (grade: TyphoonGrade, language: Language) => GRADES[language][grade];

/** The storm's name as readers know it: the Chinese name in Chinese where there is one, else the English. */
export function stormName(t: TyphoonAlarmFacts, language: Language): string {
  const name = language === 'zh-Hans' ? (t.storm_name_zh ?? t.storm_name_en) : t.storm_name_en;
  return name ?? t.storm_id.toUpperCase();
}

/** A typhoon whose gale reaches a site, or whose track passes near it. */
export const TYPHOON_MESSAGES: ToldKind<'typhoon'> = {
  text: {
    en: ({ typhoon: t }, tz) => {
      const name = stormName(t, 'en');
      const site = siteName(t, 'en');
      const where = t.inside_gale
        ? `${site} is inside its gale (34-kt) wind radius`
        : `its track passes ${km(t.distance_km)} km from ${site}`;
      return {
        title: `Typhoon warning · ${name} · ${site}`,
        body:
          `${gradeName(t.grade, 'en')} ${name}: ${where}, closest around ${localDateTime(t.closest_at, tz)}. ` +
          `${localDateTime(t.at, tz)}.`,
        link: t.board_url,
      };
    },
    'zh-Hans': ({ typhoon: t }, tz) => {
      const name = stormName(t, 'zh-Hans');
      const site = siteName(t, 'zh-Hans');
      const where = t.inside_gale
        ? `${site}已处于其 7 级风圈（34 节）内`
        : `其路径距${site}最近 ${km(t.distance_km)} 公里`;
      return {
        title: `台风预警 · ${name} · ${site}`,
        body:
          `${gradeName(t.grade, 'zh-Hans')}${name}：${where}，预计最近时刻 ${localDateTime(t.closest_at, tz)}。` +
          `时间 ${localDateTime(t.at, tz)}。`,
        link: t.board_url,
      };
    },
  },
  card: ({ typhoon: t }, language, tz, message) =>
    siteAlarmCard(language, t, localDateTime(t.at, tz), message.body),
  time: ({ typhoon }, tz) => localDateTime(typhoon.at, tz),
  about: ({ typhoon }) => ({ alarmId: null, locationId: typhoon.location_id, level: typhoon.level }),
  names: { en: ['typhoon alarm', 'typhoon alarms'], 'zh-Hans': '台风预警' },
  // Coming inside the gale radius is news of its own: the level is in the key.
  told: ({ typhoon: t }) => ({
    locationId: t.location_id,
    level: t.level,
    alarmId: null,
    key: `alarm:${t.typhoon_alarm_id}:l${t.level}`,
    escalates: false,
  }),
};
