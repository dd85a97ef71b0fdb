import type { SheetId, SheetInfo } from '@thunderwatch/shared/schemas/sheets';
import { sheetColumn } from '../../../lib/xlsx.js';

const col = sheetColumn;

/** What each sheet holds: its columns with both-language headers, and the order it comes in by default. */
const LIGHTNING_COLUMNS = [
  col('strokes', 'integer', 'Strokes', '回击数'),
  col('cg', 'integer', 'CG', '地闪'),
  col('ic', 'integer', 'IC', '云闪'),
  col('cg_pos', 'integer', 'CG positive', '正地闪'),
  col('cg_neg', 'integer', 'CG negative', '负地闪'),
  col('ic_pos', 'integer', 'IC positive', '正云闪'),
  col('ic_neg', 'integer', 'IC negative', '负云闪'),
  col('cg_flashes', 'integer', 'CG flashes', '地闪次数'),
  col('max_abs_ka', 'number', 'Max |kA|', '最大电流强度（kA）'),
  col('first_time', 'datetime', 'First stroke', '首次闪电'),
  col('last_time', 'datetime', 'Last stroke', '末次闪电'),
];

export const SHEETS: Record<SheetId, SheetInfo> = {
  lightning_daily: {
    id: 'lightning_daily',
    name: { en: 'Daily lightning per province', 'zh-Hans': '分省逐日闪电表' },
    description: {
      en: 'Each province with lightning on each local day of the period (in the time zone asked, by default the portal’s), from the hourly rollups: counts by type and polarity, CG flashes, the largest |kA|, the first and last stroke.',
      'zh-Hans':
        '统计期内每个当地日（按所选时区，默认为平台时区）有闪电的省份（取自逐小时统计）：按类型和极性的回击数、地闪次数、最大电流强度、首末次闪电时间。',
    },
    columns: [
      col('day', 'date', 'Day (local)', '日期（当地）'),
      col('code', 'text', 'Province code', '省份代码'),
      col('name_zh', 'text', 'Province', '省份'),
      col('name_en', 'text', 'Province (English)', '省份（英文）'),
      ...LIGHTNING_COLUMNS,
    ],
    default_sort: 'day',
  },
  lightning_monthly: {
    id: 'lightning_monthly',
    name: { en: 'Monthly lightning per province', 'zh-Hans': '分省逐月闪电表' },
    description: {
      en: 'Each province with lightning in each local month of the period (in the time zone asked, by default the portal’s), from the hourly rollups, with the days that had cloud-to-ground strokes.',
      'zh-Hans':
        '统计期内每个当地月份（按所选时区，默认为平台时区）有闪电的省份（取自逐小时统计），含出现地闪的天数。',
    },
    columns: [
      col('month', 'text', 'Month (local)', '月份（当地）'),
      col('code', 'text', 'Province code', '省份代码'),
      col('name_zh', 'text', 'Province', '省份'),
      col('name_en', 'text', 'Province (English)', '省份（英文）'),
      col('cg_days', 'integer', 'Days with CG', '地闪日数'),
      ...LIGHTNING_COLUMNS,
    ],
    default_sort: 'month',
  },
  alerts: {
    id: 'alerts',
    name: { en: 'Alerts per location', 'zh-Hans': '地点预警表' },
    description: {
      en: 'Each location of the group with the warning episodes that began in the period (how many, the highest level, how long) and its warning skill over the period, as every screen counts it from when the site was made: storms that reached the innermost ring, those warned before their first stroke there, and the median lead time.',
      'zh-Hans':
        '本组每个地点在统计期内开始的预警过程（次数、最高等级、时长），以及与各界面一致的预警成效（自地点建立起统计）：到达内环的雷暴、在其内环第一次闪电前已预警的次数和提前量中位数。',
    },
    columns: [
      col('location_id', 'integer', 'Location ID', '地点编号'),
      col('location_name', 'text', 'Location', '地点'),
      col('location_name_en', 'text', 'Location (English)', '地点（英文）'),
      col('episodes', 'integer', 'Episodes', '预警次数'),
      col('peak_level', 'integer', 'Highest level', '最高等级'),
      col('red_episodes', 'integer', 'Red episodes', '红色预警次数'),
      col('total_min', 'number', 'Total duration (min)', '累计时长（分钟）'),
      col('median_duration_min', 'number', 'Median duration (min)', '时长中位数（分钟）'),
      col('inner_strikes', 'integer', 'Storms at the inner ring', '到达内环的雷暴'),
      col('warned_before', 'integer', 'Warned before', '提前预警次数'),
      col('median_lead_min', 'number', 'Median lead time (min)', '提前量中位数（分钟）'),
      col('predicted', 'integer', 'Began as predicted', '预测预警次数'),
    ],
    default_sort: 'location_name',
  },
  device_uptime: {
    id: 'device_uptime',
    name: { en: 'Device uptime', 'zh-Hans': '设备在线率表' },
    description: {
      en: 'Each device of the group over the period: the share of observed time online or degraded, how often it went offline and for how long, and its status now.',
      'zh-Hans':
        '本组每台设备在统计期内的在线率（在线或降级占观测时间的比例）、离线次数与时长，以及当前状态。',
    },
    columns: [
      col('device_id', 'text', 'Device ID', '设备编号'),
      col('name', 'text', 'Name', '名称'),
      col('name_en', 'text', 'Name (English)', '名称（英文）'),
      col('kind', 'text', 'Kind', '类型'),
      col('status', 'text', 'Status now', '当前状态'),
      col('uptime_pct', 'percent', 'Uptime (%)', '在线率（%）'),
      col('outages', 'integer', 'Outages', '离线次数'),
      col('offline_min', 'number', 'Offline (min)', '离线时长（分钟）'),
      col('last_heartbeat_at', 'datetime', 'Last heartbeat', '最后心跳'),
    ],
    default_sort: 'device_id',
  },
};
