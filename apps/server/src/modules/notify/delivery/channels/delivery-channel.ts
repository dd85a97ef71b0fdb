import type { Language } from '@thunderwatch/shared/languages';
import type { Channel, NotificationEvent, RecipientKind } from '@thunderwatch/shared/notifications';
import type { TyphoonGrade } from '@thunderwatch/shared/schemas/typhoon';
import type { Approach, PredictedBy } from '@thunderwatch/shared/schemas/warnings';
import type { WeatherWarningKind, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { MessageWords } from '../templates/message-words.js';

/** An alarm as its messages tell it, frozen when the alarm was raised. */
export interface AlarmFacts {
  alarm_id: number;
  alert_id: number;
  location_id: number;
  location_name: string;
  /** The location's English name, where it has one (absent in messages written before it could). */
  location_name_en?: string | null;
  level: RingLevel;
  previous_level: Level;
  /** When the alarm was raised (ISO). */
  at: string;
  nearest_km: number | null;
  bearing_deg: number | null;
  approach: Approach | null;
  /** A predicted alarm's jumping cell (null or absent: a ring's alarm; absent in messages queued before). */
  predicted_by?: PredictedBy | null;
  /** A field-mill (efm) alarm's latest |E|, kV/m (null or absent: not from the field mills). */
  efm_kvm?: number | null;
  /** The wall board, for the "open" link. */
  board_url: string;
}

export interface ConfirmationFacts {
  at: string;
  by: string;
  note: string | null;
}

export interface DailySummaryFacts {
  /** The local day summarised, YYYY-MM-DD. */
  date: string;
  alarms: number;
  red: number;
  /** `name_en`: the English name, where the site has one (absent in summaries written before it could). */
  locations: { id: number; name: string; name_en?: string | null; alarms: number; peak_level: number }[];
  board_url: string;
}

/** A typhoon alarm as its messages tell it, frozen when it was raised. */
export interface TyphoonAlarmFacts {
  typhoon_alarm_id: number;
  storm_id: string;
  storm_name_en: string | null;
  storm_name_zh: string | null;
  grade: TyphoonGrade;
  location_id: number;
  location_name: string;
  /** The location's English name, where it has one (absent in messages written before it could). */
  location_name_en?: string | null;
  /** 3: inside the 34-kt radius; 2: the path passes within the alert distance. */
  level: 2 | 3;
  inside_gale: boolean;
  distance_km: number;
  /** When the centre passes closest (ISO). */
  closest_at: string;
  /** When the alarm was raised (ISO). */
  at: string;
  board_url: string;
}

/** A wave alarm as its messages tell it, frozen when it was raised. */
export interface WaveAlarmFacts {
  wave_alarm_id: number;
  station_id: string;
  station_name: string;
  /** The station's English name, where it has one (absent in messages written before it had). */
  station_name_en?: string | null;
  location_id: number;
  location_name: string;
  /** The location's English name, where it has one (absent in messages written before it could). */
  location_name_en?: string | null;
  /** 3: the height reached 1.5 times the threshold; 2: the threshold. */
  level: 2 | 3;
  /** Significant wave height and its threshold (m). */
  height_m: number;
  threshold_m: number;
  /** From the station to the location. */
  distance_km: number;
  /** Time of the reading (ISO). */
  reading_at: string;
  /** When the alarm was raised (ISO). */
  at: string;
  board_url: string;
}

/** An official weather warning covering a location, as its messages tell it, frozen when it was raised. */
export interface WeatherWarningAlarmFacts {
  weather_warning_alarm_id: number;
  warning_id: number;
  kind: WeatherWarningKind;
  colour: WeatherWarningLevel;
  /** The warning's own event and headline (its preferred language). */
  event: string;
  headline: string | null;
  sender: string;
  location_id: number;
  location_name: string;
  /** The location's English name, where it has one (absent in messages written before it could). */
  location_name_en?: string | null;
  /** 1 blue or yellow, 2 orange, 3 red (the lists' minimum level applies). */
  level: 1 | 2 | 3;
  expires: string | null;
  /** Set when a later message of the same warning raised its colour from this one (absent: first raised). */
  previous_colour?: WeatherWarningLevel | null;
  at: string;
  board_url: string;
}

/** A lightning disaster warning of a city, as its messages to one location's people tell it. */
export interface DisasterWarningFacts {
  disaster_warning_id: number;
  region_code: string;
  region_name_zh: string;
  region_name_en: string;
  /** 1 blue … 4 red (packages/domain disaster-risk.ts). */
  level: 1 | 2 | 3 | 4;
  /** 0 when the warning was just issued; else the level it rose from. */
  previous_level: 0 | 1 | 2 | 3;
  reasons: string[];
  cg_flashes_1h: number;
  max_abs_ka: number;
  location_id: number;
  location_name: string;
  /** The location's English name, where it has one (absent in messages written before it could). */
  location_name_en?: string | null;
  /** When the warning was issued or raised (ISO). */
  at: string;
  board_url: string;
}

/** A device went offline or came back, as its messages tell it. */
export interface DeviceEventFacts {
  /** The status history row of the change. */
  device_event_id: number;
  change: 'offline' | 'back_online';
  device_id: string;
  device_name: string;
  /** The device's English name, where it has one (absent in messages written before it could). */
  device_name_en?: string | null;
  device_kind: 'station' | 'field_sensor';
  model: string;
  /** The latest heartbeat before the change (ISO), if any. */
  last_heartbeat_at: string | null;
  /** No heartbeat for this long made it offline (DEVICE_OFFLINE_MIN). */
  offline_min: number;
  /** When the status changed (ISO). */
  at: string;
  /** Always 2: the lists' minimum level applies as to orange alarms. */
  level: 2;
  board_url: string;
}

/** An aircraft entered a storm cell near an airport at level 2 or more, as its messages tell it. */
export interface FlightAlarmFacts {
  flight_alarm_id: number;
  icao24: string;
  /** Null when the aircraft sent none: messages name it by its ICAO address. */
  callsign: string | null;
  location_id: number;
  location_name: string;
  /** The location's English name, where it has one (absent in messages written before it could). */
  location_name_en?: string | null;
  airport_icao: string | null;
  /** The airport's warning level when the aircraft entered the cell. */
  level: 2 | 3;
  /** From the airport (km). */
  distance_km: number;
  altitude_m: number | null;
  cell_id: string | null;
  /** When the alarm was raised (ISO). */
  at: string;
  board_url: string;
  /** When the airport's episode began (ISO): one message per airport and episode (absent before). */
  episode?: string;
  /**
   * Every aircraft that entered a cell in the episode so far, the first as above; the in-app message gains
   * each one that enters later (absent on messages from before episodes: the one aircraft above).
   */
  aircraft?: { icao24: string; callsign: string | null; distance_km: number; altitude_m: number | null }[];
}

/** A scheduled insight report is ready, as its messages tell it (with a link to open it). */
export interface ReportReadyFacts {
  report_id: number;
  title: string;
  /** The month the report covers (YYYY-MM). */
  period: string;
  has_pdf: boolean;
  /** The insight screen, where the report opens (signed in). */
  report_url: string;
  at: string;
}

/** What a digest counts by: the event kinds, field-mill alarms apart from other lightning alarms. */
export type DigestKind = Exclude<NotificationEvent, 'digest'> | 'efm';

/** One folded message as a digest lists it. */
export interface DigestItem {
  kind: DigestKind;
  /** When it happened (ISO). */
  at: string;
  location_name: string | null;
  location_name_en?: string | null;
  level: number | null;
}

/** The messages over a recipient's budget in one window, told in one message when the window ends. */
export interface DigestFacts {
  /** The first folded message's time (ISO). */
  since: string;
  /** When the window ends and the digest goes (ISO). */
  until: string;
  /** How many were folded. */
  count: number;
  by_kind: Partial<Record<DigestKind, number>>;
  /** The first ones folded, oldest first (at most DIGEST_ITEMS). */
  items: DigestItem[];
  /** The budget: at most `budget` messages per `window_min`. */
  budget: number;
  window_min: number;
  board_url: string;
}

/** What a message says; rendered per channel and language when it is sent. */
export type NotificationPayload =
  | { event: 'alarm'; alarm: AlarmFacts }
  | { event: 'alarm_confirmed'; alarm: AlarmFacts; confirmation: ConfirmationFacts }
  | { event: 'daily_summary'; summary: DailySummaryFacts }
  | { event: 'test'; at: string; board_url: string }
  | { event: 'typhoon'; typhoon: TyphoonAlarmFacts }
  | { event: 'wave'; wave: WaveAlarmFacts }
  | { event: 'weather_warning'; weather_warning: WeatherWarningAlarmFacts }
  | { event: 'disaster'; disaster: DisasterWarningFacts }
  | { event: 'device'; device: DeviceEventFacts }
  | { event: 'flight'; flight: FlightAlarmFacts }
  | { event: 'report'; report: ReportReadyFacts }
  | { event: 'digest'; digest: DigestFacts };

/** Per-recipient settings of a channel (stored with the delivery, never returned by the API). */
export interface ChannelOptions {
  /** Webhooks: the body format, JSON (default) or CAP 1.2 XML. */
  format?: 'json' | 'cap';
  /** Webhooks: the HMAC-SHA256 signing secret. */
  secret?: string;
}

/** One message to one address through one channel. */
export interface OutgoingMessage {
  deliveryId: number;
  /** Stable across retries and resends: receivers use it to drop duplicates. */
  idempotencyKey: string;
  event: NotificationEvent;
  groupId: number;
  /** The user it is for (in-app needs it; other channels to a user recipient carry it too). */
  userId: number | null;
  channel: Channel;
  recipientKind: RecipientKind;
  /** E-mail address, phone number, URL, WeChat openid, or the user id for in-app. */
  address: string;
  language: Language;
  /** IANA time zone the recipient reads times in. */
  timeZone: string;
  options: ChannelOptions;
  payload: NotificationPayload;
  /** What it says, by its kind, read in `timeZone`: channels word it only through these. */
  words: MessageWords;
}

/**
 * A failed send. `permanent` ones (a refused address, a channel that is not configured) are not retried;
 * the others (timeouts, 5xx, connection refused) are retried with backoff.
 */
export class ChannelError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** A way to deliver messages. `send` resolves when the receiver accepted it, or throws a ChannelError. */
export interface DeliveryChannel {
  readonly name: Channel;
  /** Null when the channel can send; otherwise why not (e.g. "SMTP_URL is not set"). */
  readonly unavailable: string | null;
  send(message: OutgoingMessage): Promise<void>;
}
