import { localDateTime } from '@thunderwatch/domain/common/local-time';
import { nameFor } from '@thunderwatch/shared/names';
import { LEVEL_NAMES, siteAlarmCard } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { km, siteName } from '../../notify/delivery/templates/template-kit.js';

/** A buoy or station near a site measured waves over the site's threshold. */
export const WAVE_MESSAGES: ToldKind<'wave'> = {
  text: {
    en: ({ wave: v }, tz) => {
      const site = siteName(v, 'en');
      const station = nameFor('en', v.station_name, v.station_name_en);
      return {
        title: `${LEVEL_NAMES.en[v.level]} sea-wave warning · ${site}`,
        body:
          `Significant wave height ${v.height_m.toFixed(1)} m at ${station} (${v.station_id}), ` +
          `${km(v.distance_km)} km from ${site}, reached the ${v.threshold_m.toFixed(1)} m threshold. ` +
          `Reading of ${localDateTime(v.reading_at, tz)}.`,
        link: v.board_url,
      };
    },
    'zh-Hans': ({ wave: v }, tz) => {
      const site = siteName(v, 'zh-Hans');
      const station = nameFor('zh-Hans', v.station_name, v.station_name_en);
      return {
        title: `海浪${LEVEL_NAMES['zh-Hans'][v.level]}预警 · ${site}`,
        body:
          `距${site} ${km(v.distance_km)} 公里的${station}（${v.station_id}）有效波高 ` +
          `${v.height_m.toFixed(1)} 米，已达 ${v.threshold_m.toFixed(1)} 米的阈值。观测时间 ${localDateTime(v.reading_at, tz)}。`,
        link: v.board_url,
      };
    },
  },
  card: ({ wave: v }, language, tz, message) =>
    siteAlarmCard(language, v, localDateTime(v.reading_at, tz), message.body),
  time: ({ wave }, tz) => localDateTime(wave.at, tz),
  about: ({ wave }) => ({ alarmId: null, locationId: wave.location_id, level: wave.level }),
  names: { en: ['sea-wave alarm', 'sea-wave alarms'], 'zh-Hans': '海浪预警' },
  told: ({ wave: w }) => ({
    locationId: w.location_id,
    level: w.level,
    alarmId: null,
    key: `alarm:${w.wave_alarm_id}`,
    escalates: false,
  }),
};
