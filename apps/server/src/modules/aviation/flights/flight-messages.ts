import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import { CARD_WORDS, LEVEL_NAMES, siteAlarmCard } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { km } from '../../notify/delivery/templates/template-kit.js';

const WORDS: Record<Language, { aircraft: string; fromAirport: string }> = {
  'zh-Hans': { aircraft: '航班', fromAirport: '距机场' },
  en: { aircraft: 'Aircraft', fromAirport: 'From the airport' },
};

/** An aircraft entered a storm cell near an airport at orange or red. */
export const FLIGHT_MESSAGES: ToldKind<'flight'> = {
  text: {
    en: ({ flight: f }, tz) => {
      const aircraft = f.callsign ? `${f.callsign} (${f.icao24})` : `Aircraft ${f.icao24}`;
      const airport = f.airport_icao ? `${f.location_name} (${f.airport_icao})` : f.location_name;
      const altitude = f.altitude_m === null ? '' : ` at ${Math.round(f.altitude_m).toLocaleString('en')} m`;
      return {
        title: `Flight in a storm cell · ${f.callsign ?? f.icao24} · ${f.location_name}`,
        body:
          `${aircraft} entered a storm cell${altitude}, ${km(f.distance_km)} km from ${airport}, ` +
          `which is at ${LEVEL_NAMES.en[f.level].toLowerCase()} lightning warning. ${localDateTime(f.at, tz)}.`,
        link: f.board_url,
      };
    },
    'zh-Hans': ({ flight: f }, tz) => {
      const aircraft = f.callsign ? `航班 ${f.callsign}（${f.icao24}）` : `航空器 ${f.icao24}`;
      const airport = f.airport_icao ? `${f.location_name}（${f.airport_icao}）` : f.location_name;
      const altitude = f.altitude_m === null ? '' : `，高度 ${Math.round(f.altitude_m)} 米`;
      return {
        title: `航班进入雷暴单体 · ${f.callsign ?? f.icao24} · ${f.location_name}`,
        body:
          `${aircraft}在距${airport} ${km(f.distance_km)} 公里处进入雷暴单体${altitude}；` +
          `机场当前为雷电${LEVEL_NAMES['zh-Hans'][f.level]}预警。时间 ${localDateTime(f.at, tz)}。`,
        link: f.board_url,
      };
    },
  },
  card: ({ flight: f }, language, tz, message) =>
    siteAlarmCard(language, f, localDateTime(f.at, tz), message.body, [
      { label: WORDS[language].aircraft, value: f.callsign ? `${f.callsign} (${f.icao24})` : f.icao24 },
      { label: WORDS[language].fromAirport, value: CARD_WORDS[language].distance_km(km(f.distance_km)) },
    ]),
  time: ({ flight }, tz) => localDateTime(flight.at, tz),
  about: ({ flight }) => ({ alarmId: null, locationId: flight.location_id, level: flight.level }),
  names: { en: ['flight in a storm cell', 'flights in storm cells'], 'zh-Hans': '航班进入雷暴单体' },
  told: ({ flight: f }) => ({
    locationId: f.location_id,
    level: f.level,
    alarmId: null,
    key: `alarm:${f.flight_alarm_id}`,
    escalates: false,
  }),
};
