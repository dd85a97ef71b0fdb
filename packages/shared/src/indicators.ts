/**
 * The portal's key performance indicators: what `/api/indicator` answers and the overview dashboard shows.
 * Each has one definition, in both languages, so the dashboard, the API and external monitoring agree.
 */
export const INDICATOR_IDS = [
  'strokes_today',
  'strokes_climatology',
  'cg_today',
  'active_warnings',
  'red_warnings',
  'unconfirmed_alarms',
  'devices_online',
  'delivery_success_rate',
  'delivery_latency_p95',
] as const;
export type IndicatorId = (typeof INDICATOR_IDS)[number];

export type IndicatorUnit = 'strokes' | 'locations' | 'alarms' | 'devices' | '%' | 'ms';

export interface IndicatorDefinition {
  unit: IndicatorUnit;
  /** Whether a rise is good news (delivery success), bad news (warnings) or neither (strokes). */
  better: 'higher' | 'lower' | 'neither';
  name: { en: string; 'zh-Hans': string };
  definition: { en: string; 'zh-Hans': string };
}

export const INDICATORS: Record<IndicatorId, IndicatorDefinition> = {
  strokes_today: {
    unit: 'strokes',
    better: 'neither',
    name: { en: 'Strokes today', 'zh-Hans': '今日闪电' },
    definition: {
      en: 'Strokes located since local midnight, everywhere the network sees. Compared with yesterday up to the same local time.',
      'zh-Hans': '自当地零点起定位到的回击数（全网）。与昨日同一时刻之前的数量比较。',
    },
  },
  strokes_climatology: {
    unit: 'strokes',
    better: 'neither',
    name: { en: 'Usual for this date', 'zh-Hans': '同期平均' },
    definition: {
      en: 'Mean number of strokes on this calendar date over the previous five years, counting only years with stored data within 15 days of the date; null where no year has data.',
      'zh-Hans': '前五年同一日期回击数的平均值，只计入该日期前后 15 天内有存储数据的年份；无数据时为空。',
    },
  },
  cg_today: {
    unit: 'strokes',
    better: 'neither',
    name: { en: 'Cloud-to-ground today', 'zh-Hans': '今日地闪' },
    definition: {
      en: 'Cloud-to-ground strokes located since local midnight. Compared with yesterday up to the same local time.',
      'zh-Hans': '自当地零点起定位到的地闪回击数。与昨日同一时刻之前的数量比较。',
    },
  },
  active_warnings: {
    unit: 'locations',
    better: 'lower',
    name: { en: 'Locations under warning', 'zh-Hans': '预警中的地点' },
    definition: {
      en: 'Monitored locations of the group whose warning level is yellow (1) or higher now, from rings, prediction or field mills.',
      'zh-Hans': '本组监测地点中当前预警等级为黄色（1）及以上的数量（含雷电环、预测与电场仪）。',
    },
  },
  red_warnings: {
    unit: 'locations',
    better: 'lower',
    name: { en: 'Red warnings', 'zh-Hans': '红色预警' },
    definition: {
      en: 'Monitored locations of the group at red (level 3) now.',
      'zh-Hans': '本组当前处于红色（3 级）预警的监测地点数。',
    },
  },
  unconfirmed_alarms: {
    unit: 'alarms',
    better: 'lower',
    name: { en: 'Unconfirmed alarms', 'zh-Hans': '未确认告警' },
    definition: {
      en: 'Warning alarms of the group nobody has confirmed yet.',
      'zh-Hans': '本组尚无人确认的预警告警数。',
    },
  },
  devices_online: {
    unit: '%',
    better: 'higher',
    name: { en: 'Devices online', 'zh-Hans': '设备在线率' },
    definition: {
      en: 'Share of the group’s registered devices whose status is online (degraded and offline count against it); null without devices.',
      'zh-Hans': '本组已登记设备中状态为在线的比例（降级和离线不计）；无设备时为空。',
    },
  },
  delivery_success_rate: {
    unit: '%',
    better: 'higher',
    name: { en: 'Delivery success', 'zh-Hans': '通知送达率' },
    definition: {
      en: 'Of the group’s notifications that finished in the last 24 h, the share sent (sent ÷ (sent + failed)); suppressed and cancelled ones are left out. Compared with the 24 h before.',
      'zh-Hans':
        '本组最近 24 小时内结束的通知中成功发送的比例（成功 ÷（成功 + 失败）），不计被抑制和取消的。与之前 24 小时比较。',
    },
  },
  delivery_latency_p95: {
    unit: 'ms',
    better: 'lower',
    name: { en: 'Delivery latency p95', 'zh-Hans': '通知时延 P95' },
    definition: {
      en: '95th percentile of the time from the event to the notification being sent, over the group’s notifications sent in the last 24 h. Compared with the 24 h before.',
      'zh-Hans': '本组最近 24 小时内发送的通知从事件到发出时间的第 95 百分位。与之前 24 小时比较。',
    },
  },
};
