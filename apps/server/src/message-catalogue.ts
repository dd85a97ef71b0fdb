import { REPORT_MESSAGES } from './modules/analytics/insight/report-messages.js';
import { FLIGHT_MESSAGES } from './modules/aviation/flights/flight-messages.js';
import { DEVICE_MESSAGES } from './modules/devices/device-messages.js';
import { DAILY_SUMMARY_MESSAGES } from './modules/notify/daily-summary/daily-summary-messages.js';
import { digestMessages } from './modules/notify/delivery/budget/digest-messages.js';
import { Messages } from './modules/notify/delivery/templates/message-kind.js';
import { TEST_MESSAGES } from './modules/notify/delivery/test-message/test-messages.js';
import { ALARM_CONFIRMED_MESSAGES, ALARM_MESSAGES } from './modules/warnings/alarms/alarm-messages.js';
import { DISASTER_MESSAGES } from './modules/weather/disaster/disaster-messages.js';
import { TYPHOON_MESSAGES } from './modules/weather/typhoon/typhoon-messages.js';
import { WEATHER_WARNING_MESSAGES } from './modules/weather/warnings/weather-warning-messages.js';
import { WAVE_MESSAGES } from './modules/weather/waves/wave-messages.js';

/**
 * Every kind of message with its words, registered from the area it belongs to: notify renders through this
 * catalogue and knows no kind. A new kind is one entry here (the compiler asks for it).
 */
export const MESSAGES: Messages = new Messages({
  alarm: ALARM_MESSAGES,
  alarm_confirmed: ALARM_CONFIRMED_MESSAGES,
  daily_summary: DAILY_SUMMARY_MESSAGES,
  test: TEST_MESSAGES,
  typhoon: TYPHOON_MESSAGES,
  wave: WAVE_MESSAGES,
  weather_warning: WEATHER_WARNING_MESSAGES,
  disaster: DISASTER_MESSAGES,
  device: DEVICE_MESSAGES,
  flight: FLIGHT_MESSAGES,
  report: REPORT_MESSAGES,
  digest: digestMessages((kind) => MESSAGES.names(kind)),
});
