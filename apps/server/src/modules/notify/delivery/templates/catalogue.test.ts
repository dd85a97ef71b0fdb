import { SUPPORTED_LANGUAGES } from '@thunderwatch/shared/languages';
import { NOTIFICATION_EVENTS } from '@thunderwatch/shared/notifications';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../message-catalogue.js';
import type { DigestKind, NotificationPayload } from '../channels/delivery-channel.js';

const AT = '2026-07-12T06:30:00.000Z';
const BOARD = 'https://tw.example/realtimealert';
const SITE = { location_id: 7, location_name: 'Apron', board_url: BOARD };
const ALARM = {
  ...SITE,
  alarm_id: 41,
  alert_id: 17,
  level: 3 as const,
  previous_level: 2 as const,
  at: AT,
  nearest_km: 4.2,
  bearing_deg: 45,
  approach: null,
};

/** One message of every kind, with names a reader would not translate. */
const SAMPLES: Record<NotificationPayload['event'], NotificationPayload> = {
  alarm: { event: 'alarm', alarm: ALARM },
  alarm_confirmed: {
    event: 'alarm_confirmed',
    alarm: ALARM,
    confirmation: { at: AT, by: 'duty', note: null },
  },
  daily_summary: {
    event: 'daily_summary',
    summary: {
      date: '2026-07-12',
      alarms: 2,
      red: 1,
      locations: [{ id: 7, name: 'Apron', alarms: 2, peak_level: 3 }],
      board_url: BOARD,
    },
  },
  test: { event: 'test', at: AT, board_url: BOARD },
  typhoon: {
    event: 'typhoon',
    typhoon: {
      ...SITE,
      typhoon_alarm_id: 1,
      storm_id: 'wp092026',
      storm_name_en: 'Koinu',
      storm_name_zh: null,
      grade: 'TY',
      level: 3,
      inside_gale: true,
      distance_km: 40,
      closest_at: AT,
      at: AT,
    },
  },
  wave: {
    event: 'wave',
    wave: {
      ...SITE,
      wave_alarm_id: 1,
      station_id: 'B1',
      station_name: 'Buoy',
      level: 2,
      height_m: 3.1,
      threshold_m: 3,
      distance_km: 12,
      reading_at: AT,
      at: AT,
    },
  },
  weather_warning: {
    event: 'weather_warning',
    weather_warning: {
      ...SITE,
      weather_warning_alarm_id: 1,
      warning_id: 9,
      kind: 'gale',
      colour: 'orange',
      event: 'Gale',
      headline: null,
      sender: 'CMA',
      level: 2,
      expires: null,
      at: AT,
    },
  },
  disaster: {
    event: 'disaster',
    disaster: {
      ...SITE,
      disaster_warning_id: 1,
      region_code: '440100',
      region_name_zh: 'Guangzhou',
      region_name_en: 'Guangzhou',
      level: 3,
      previous_level: 0,
      reasons: ['density_1h'],
      cg_flashes_1h: 40,
      max_abs_ka: 80,
      at: AT,
    },
  },
  device: {
    event: 'device',
    device: {
      device_event_id: 1,
      change: 'offline',
      device_id: 'S1',
      device_name: 'S1',
      device_kind: 'station',
      model: 'ADTD',
      last_heartbeat_at: AT,
      offline_min: 10,
      at: AT,
      level: 2,
      board_url: BOARD,
    },
  },
  flight: {
    event: 'flight',
    flight: {
      ...SITE,
      flight_alarm_id: 1,
      icao24: '780a1b',
      callsign: 'CES123',
      airport_icao: 'ZSPD',
      level: 3,
      distance_km: 8,
      altitude_m: 900,
      cell_id: 'C1',
      at: AT,
    },
  },
  report: {
    event: 'report',
    report: { report_id: 1, title: 'July', period: '2026-07', has_pdf: true, report_url: BOARD, at: AT },
  },
  digest: {
    event: 'digest',
    digest: {
      since: AT,
      until: AT,
      count: 3,
      by_kind: { efm: 1, flight: 2 },
      items: [{ kind: 'efm', at: AT, location_name: 'Apron', level: 2 }],
      budget: 20,
      window_min: 15,
      board_url: BOARD,
    },
  },
};

const HAN = /\p{Script=Han}/u;

describe('the message catalogue', () => {
  it.each(NOTIFICATION_EVENTS.map((event) => [event]))(
    'words a %s message in each language, on a card and with its time, and names it in digests',
    (event) => {
      const words = MESSAGES.wordsOf(SAMPLES[event], 'Asia/Shanghai');
      for (const language of SUPPORTED_LANGUAGES) {
        const m = words.text(language);
        expect(m.title.length).toBeGreaterThan(0);
        expect(m.body.length).toBeGreaterThan(m.title.length / 2);
        // Chinese words in Chinese, none in English (the samples' names are Latin).
        expect(HAN.test(`${m.title}${m.body}`)).toBe(language === 'zh-Hans');
        const card = words.card(language);
        expect(card.title).toBe(m.title);
        expect(HAN.test(card.linkLabel)).toBe(language === 'zh-Hans');
        expect(card.colour).toMatch(/^#[0-9a-f]{6}$/);
        expect(words.line(language)).toContain(m.link);
      }
      // Times are the reader's: 06:30 UTC is 14:30 in Beijing.
      if (event !== 'daily_summary') expect(words.time).toContain('14:30');
      if (event !== 'digest') {
        expect(MESSAGES.names(event as DigestKind).en[0].length).toBeGreaterThan(0);
        expect(HAN.test(MESSAGES.names(event as DigestKind)['zh-Hans'])).toBe(true);
      }
    },
  );

  /** The samples with sites and devices named by their groups in Chinese, each with its English name. */
  const twoNames = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(twoNames);
    if (typeof value !== 'object' || value === null) return value;
    const o = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, twoNames(v)]));
    if (o.location_name === 'Apron') Object.assign(o, { location_name: '停机坪', location_name_en: 'Apron' });
    if (o.name === 'Apron') Object.assign(o, { name: '停机坪', name_en: 'Apron' });
    if (o.device_name === 'S1') Object.assign(o, { device_name: '从化站', device_name_en: 'Conghua' });
    return o;
  };

  it.each(NOTIFICATION_EVENTS.map((event) => [event]))(
    'names the sites and devices of a %s message in the reader’s language, the own name in Chinese',
    (event) => {
      const payload = twoNames(SAMPLES[event]) as NotificationPayload;
      const named = JSON.stringify(payload).includes('停机坪') || JSON.stringify(payload).includes('从化站');
      const words = MESSAGES.wordsOf(payload, 'Asia/Shanghai');
      const en = `${words.line('en')} ${words
        .card('en')
        .fields.map((f) => f.value)
        .join(' ')}`;
      expect(en).not.toMatch(HAN);
      if (named) expect(en).toMatch(/Apron|Conghua/);
      const zh = `${words.line('zh-Hans')} ${words
        .card('zh-Hans')
        .fields.map((f) => f.value)
        .join(' ')}`;
      if (named) expect(zh).toMatch(/停机坪|从化站/);
      expect(zh).not.toMatch(/Apron|Conghua/);
    },
  );

  it('names a site by its one name in every language where it has no English one', () => {
    const payload = { event: 'alarm', alarm: { ...ALARM, location_name: '停机坪' } } as const;
    expect(MESSAGES.text(payload, 'en', 'UTC').title).toBe('Red warning · 停机坪');
  });

  it('names a field-mill alarm apart from other lightning alarms in a digest', () => {
    expect(MESSAGES.names('efm')).toEqual({
      en: ['field-mill alarm', 'field-mill alarms'],
      'zh-Hans': '电场预警',
    });
    expect(MESSAGES.text(SAMPLES.digest, 'en', 'UTC').body).toContain(
      '2 flights in storm cells, 1 field-mill alarm',
    );
  });

  it.each([
    ['alarm', { locationId: 7, level: 3, alarmId: 41, key: 'alarm:41', escalates: true }],
    ['typhoon', { locationId: 7, level: 3, alarmId: null, key: 'alarm:1:l3', escalates: false }],
    ['wave', { locationId: 7, level: 2, alarmId: null, key: 'alarm:1', escalates: false }],
    ['flight', { locationId: 7, level: 3, alarmId: null, key: 'alarm:1', escalates: false }],
    ['weather_warning', { locationId: 7, level: 2, alarmId: null, key: 'alarm:1', escalates: false }],
    // Orange (3 of 4) is the lists' 2; one event per warning, level and site.
    ['disaster', { locationId: 7, level: 2, alarmId: null, key: 'disaster:1:l3:7', escalates: false }],
    ['device', { locationId: null, level: 2, alarmId: null, key: 'device:1', escalates: false }],
    ['report', { locationId: null, level: 1, alarmId: null, key: 'report:1', escalates: false }],
  ] as const)(
    'tells a %s to its site at its level under its key; only lightning escalates',
    (event, telling) => {
      expect(MESSAGES.told(SAMPLES[event] as never)).toEqual(telling);
    },
  );

  it('files a message in the inbox under its site and level on the lists’ scale', () => {
    expect(MESSAGES.wordsOf(SAMPLES.alarm, 'UTC').about).toEqual({ alarmId: 41, locationId: 7, level: 3 });
    expect(MESSAGES.wordsOf(SAMPLES.typhoon, 'UTC').about).toEqual({
      alarmId: null,
      locationId: 7,
      level: 3,
    });
    // Disaster levels run to 4; orange (3) is the lists' 2.
    expect(MESSAGES.wordsOf(SAMPLES.disaster, 'UTC').about).toEqual({
      alarmId: null,
      locationId: 7,
      level: 2,
    });
    expect(MESSAGES.wordsOf(SAMPLES.device, 'UTC').about).toEqual({
      alarmId: null,
      locationId: null,
      level: 2,
    });
    expect(MESSAGES.wordsOf(SAMPLES.report, 'UTC').about).toEqual({
      alarmId: null,
      locationId: null,
      level: null,
    });
  });
});
