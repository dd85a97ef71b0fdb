import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import { nameFor } from '@thunderwatch/shared/names';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import type { DeviceEventFacts } from '../notify/delivery/channels/delivery-channel.js';
import { CARD_WORDS } from '../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../notify/delivery/templates/message-kind.js';

const DEVICE = { 'zh-Hans': '设备', en: 'Device' } as const;

/** The device in its reader's language (messages written before devices had English names have none). */
const deviceName = (d: DeviceEventFacts, language: Language) =>
  nameFor(language, d.device_name, d.device_name_en);

/** A detection station or field sensor went offline or came back. */
export const DEVICE_MESSAGES: ToldKind<'device'> = {
  text: {
    en: ({ device: d }, tz) => {
      const kind = d.device_kind === 'station' ? 'Detection station' : 'Field sensor';
      const name = deviceName(d, 'en');
      const heard = d.last_heartbeat_at
        ? `last heartbeat ${localDateTime(d.last_heartbeat_at, tz)}`
        : 'never heard from';
      return d.change === 'offline'
        ? {
            title: `Device offline · ${name}`,
            body:
              `${kind} ${name} (${d.device_id}, ${d.model || 'unknown model'}) sent no heartbeat for ` +
              `${d.offline_min} min (${heard}). ${localDateTime(d.at, tz)}.`,
            link: d.board_url,
          }
        : {
            title: `Device back online · ${name}`,
            body: `${kind} ${name} (${d.device_id}) is sending heartbeats again. ${localDateTime(d.at, tz)}.`,
            link: d.board_url,
          };
    },
    'zh-Hans': ({ device: d }, tz) => {
      const kind = d.device_kind === 'station' ? '探测站' : '现场传感器';
      const name = deviceName(d, 'zh-Hans');
      const heard = d.last_heartbeat_at
        ? `最后心跳 ${localDateTime(d.last_heartbeat_at, tz)}`
        : '从未收到心跳';
      return d.change === 'offline'
        ? {
            title: `设备离线 · ${name}`,
            body:
              `${kind}${name}（${d.device_id}，${d.model || '型号未知'}）已 ${d.offline_min} 分钟无心跳` +
              `（${heard}）。时间 ${localDateTime(d.at, tz)}。`,
            link: d.board_url,
          }
        : {
            title: `设备恢复在线 · ${name}`,
            body: `${kind}${name}（${d.device_id}）已恢复心跳。时间 ${localDateTime(d.at, tz)}。`,
            link: d.board_url,
          };
    },
  },
  // Offline is orange; back online the all-clear green.
  card: ({ device: v }, language, tz, message) => ({
    tone: v.change === 'offline' ? 2 : 0,
    colour: v.change === 'offline' ? LEVEL_COLOURS[2] : LEVEL_COLOURS[0],
    fields: [
      { label: DEVICE[language], value: `${deviceName(v, language)} (${v.device_id})` },
      { label: CARD_WORDS[language].time, value: localDateTime(v.at, tz) },
    ],
    text: message.body,
  }),
  time: ({ device }, tz) => localDateTime(device.at, tz),
  about: ({ device }) => ({ alarmId: null, locationId: null, level: device.level }),
  names: { en: ['device status change', 'device status changes'], 'zh-Hans': '设备状态' },
  // A device serves the group, not one site: every list of the group whose minimum is at most orange.
  told: ({ device: d }) => ({
    locationId: null,
    level: d.level,
    alarmId: null,
    key: `device:${d.device_event_id}`,
    escalates: false,
  }),
};
