import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import type { FlightAlarmFacts } from '../../notify/delivery/channels/delivery-channel.js';
import { CARD_WORDS, LEVEL_NAMES, siteAlarmCard } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { km, siteName } from '../../notify/delivery/templates/template-kit.js';

const WORDS: Record<Language, { aircraft: string; fromAirport: string }> = {
  'zh-Hans': { aircraft: '航班', fromAirport: '距机场' },
  en: { aircraft: 'Aircraft', fromAirport: 'From the airport' },
};

type Flight = FlightAlarmFacts;
type Listed = NonNullable<Flight['aircraft']>[number];

/** The episode's aircraft so far: the list, or on a message from before episodes the one aircraft. */
const aircraftOf = (f: Flight): Listed[] =>
  f.aircraft && f.aircraft.length > 0
    ? f.aircraft
    : [{ icao24: f.icao24, callsign: f.callsign, distance_km: f.distance_km, altitude_m: f.altitude_m }];

const nameOf = (a: Listed) => a.callsign ?? a.icao24;

/**
 * Aircraft entered storm cells near an airport at orange or red: one message per airport and episode,
 * listing every aircraft so far (the in-app message gains those that enter later; see flight-episodes.ts).
 */
export const FLIGHT_MESSAGES: ToldKind<'flight'> = {
  text: {
    en: ({ flight: f }, tz) => {
      const all = aircraftOf(f);
      const site = siteName(f, 'en');
      const airport = f.airport_icao ? `${site} (${f.airport_icao})` : site;
      const line = (a: Listed) =>
        `${a.callsign ? `${a.callsign} (${a.icao24})` : `aircraft ${a.icao24}`}, ${km(a.distance_km)} km out` +
        (a.altitude_m === null ? '' : ` at ${Math.round(a.altitude_m).toLocaleString('en')} m`);
      const who = all.length === 1 ? nameOf(all[0] as Listed) : `${all.length} aircraft`;
      return {
        title: `Flight in a storm cell · ${who} · ${site}`,
        body:
          `${all.length === 1 ? 'An aircraft' : `${all.length} aircraft`} entered storm cells near ${airport}, ` +
          `which is at ${LEVEL_NAMES.en[f.level].toLowerCase()} lightning warning: ${all.map(line).join('; ')}. ` +
          `${localDateTime(f.at, tz)}.`,
        link: f.board_url,
      };
    },
    'zh-Hans': ({ flight: f }, tz) => {
      const all = aircraftOf(f);
      const site = siteName(f, 'zh-Hans');
      const airport = f.airport_icao ? `${site}（${f.airport_icao}）` : site;
      const line = (a: Listed) =>
        `${a.callsign ? `航班 ${a.callsign}（${a.icao24}）` : `航空器 ${a.icao24}`}距机场 ${km(a.distance_km)} 公里` +
        (a.altitude_m === null ? '' : `，高度 ${Math.round(a.altitude_m)} 米`);
      const who = all.length === 1 ? nameOf(all[0] as Listed) : `${all.length} 架`;
      return {
        title: `航班进入雷暴单体 · ${who} · ${site}`,
        body:
          `${all.length === 1 ? '1 架航空器' : `${all.length} 架航空器`}在${airport}附近进入雷暴单体，` +
          `机场当前为雷电${LEVEL_NAMES['zh-Hans'][f.level]}预警：${all.map(line).join('；')}。` +
          `时间 ${localDateTime(f.at, tz)}。`,
        link: f.board_url,
      };
    },
  },
  card: ({ flight: f }, language, tz, message) =>
    siteAlarmCard(language, f, localDateTime(f.at, tz), message.body, [
      { label: WORDS[language].aircraft, value: aircraftOf(f).map(nameOf).join(', ') },
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
