import { localDateTime } from '@thunderwatch/domain/local-time';
import { digestZh } from './digest-words.js';
import { DISASTER_LEVEL_NAMES, disasterReasons, regionName } from './disaster-words.js';
import type { EventTemplates } from './template-kit.js';
import { compassPoint, km, nextArrival, predictedCell } from './template-kit.js';
import { gradeName, stormName } from './typhoon-words.js';
import { raisedFrom, warningTitle } from './weather-warning-words.js';

const LEVEL = { 1: '黄色', 2: '橙色', 3: '红色' } as const;
const LEVEL_OR_CLEAR = { 0: '无预警', 1: '黄色', 2: '橙色', 3: '红色' } as const;

export const ZH_TEMPLATES: EventTemplates = {
  alarm: ({ alarm: a }, tz) => {
    const cell = predictedCell(a.predicted_by, 'zh-Hans');
    const efm = a.efm_kvm ?? null;
    const kind = efm !== null ? '电场仪' : cell ? '预测' : '';
    const parts = [
      `${a.location_name}发布雷电${LEVEL[a.level]}${kind}预警（此前${LEVEL_OR_CLEAR[a.previous_level]}）。`,
    ];
    if (efm !== null) {
      parts.push(`电场仪 ${efm.toFixed(1)} kV/m：站点上空大气电场增强，雷电可能即将发生。`);
    } else if (cell) {
      const moving = cell.to
        ? `，正向${cell.to}移动${cell.speed === null ? '' : `（约 ${cell.speed} 公里/小时）`}`
        : '';
      const why =
        cell.reason === 'jump' ? `雷暴单体 ${cell.id} 闪电跃增` : `雷暴单体 ${cell.id} 预计 30 分钟内到达`;
      parts.push(`预测依据：${why}，距离 ${cell.km} 公里，方位${cell.from}${moving}。`);
    } else if (a.nearest_km !== null) {
      const dir = a.bearing_deg === null ? '' : `，方位${compassPoint(a.bearing_deg, 'zh-Hans')}`;
      parts.push(`最近落雷 ${km(a.nearest_km)} 公里${dir}。`);
    }
    const eta = nextArrival(a.approach);
    if (eta) parts.push(`雷暴正在逼近，约 ${Math.round(eta.eta_min)} 分钟到达 ${km(eta.radius_km)} 公里圈。`);
    else if (a.approach?.status === 'moving_away') parts.push('雷暴正在远离。');
    parts.push(`时间 ${localDateTime(a.at, tz)}。`);
    return {
      title: `【雷电${LEVEL[a.level]}${kind}预警】${a.location_name}`,
      body: parts.join(''),
      link: a.board_url,
    };
  },
  alarm_confirmed: ({ alarm: a, confirmation: c }, tz) => ({
    title: `【已确认】${a.location_name}`,
    body: `${c.by} 已于 ${localDateTime(c.at, tz)} 确认${a.location_name}的雷电${LEVEL[a.level]}预警。${c.note ? `备注：${c.note}` : ''}`,
    link: a.board_url,
  }),
  daily_summary: ({ summary: s }) => {
    const top = s.locations
      .slice(0, 5)
      .map((l) => `${l.name} ${l.alarms} 次`)
      .join('，');
    return {
      title: `雷电日报 · ${s.date}`,
      body:
        s.alarms === 0
          ? `${s.date} 无预警。`
          : `${s.date} 共 ${s.alarms} 次预警（红色 ${s.red} 次）。${top}。`,
      link: s.board_url,
    };
  },
  typhoon: ({ typhoon: t }, tz) => {
    const name = stormName(t, 'zh-Hans');
    const where = t.inside_gale
      ? `${t.location_name}已处于其 7 级风圈（34 节）内`
      : `其路径距${t.location_name}最近 ${km(t.distance_km)} 公里`;
    return {
      title: `台风预警 · ${name} · ${t.location_name}`,
      body:
        `${gradeName(t.grade, 'zh-Hans')}${name}：${where}，预计最近时刻 ${localDateTime(t.closest_at, tz)}。` +
        `时间 ${localDateTime(t.at, tz)}。`,
      link: t.board_url,
    };
  },
  wave: ({ wave: v }, tz) => ({
    title: `海浪${LEVEL[v.level]}预警 · ${v.location_name}`,
    body:
      `距${v.location_name} ${km(v.distance_km)} 公里的${v.station_name}（${v.station_id}）有效波高 ` +
      `${v.height_m.toFixed(1)} 米，已达 ${v.threshold_m.toFixed(1)} 米的阈值。观测时间 ${localDateTime(v.reading_at, tz)}。`,
    link: v.board_url,
  }),
  weather_warning: ({ weather_warning: w }, tz) => ({
    title: `${warningTitle(w, 'zh-Hans')} · ${w.location_name}`,
    body:
      `${w.sender}：${w.headline ?? w.event}${raisedFrom(w, 'zh-Hans')}。${w.location_name}位于预警区域内` +
      `${w.expires ? `，有效至 ${localDateTime(w.expires, tz)}` : ''}。时间 ${localDateTime(w.at, tz)}。`,
    link: w.board_url,
  }),
  disaster: ({ disaster: d }, tz) => {
    const level = DISASTER_LEVEL_NAMES['zh-Hans'][d.level];
    const region = regionName(d, 'zh-Hans');
    const raised =
      d.previous_level > 0 ? `（由${DISASTER_LEVEL_NAMES['zh-Hans'][d.previous_level as 1]}升级）` : '';
    return {
      title: `雷电灾害${level}预警 · ${region} · ${d.location_name}`,
      body:
        `${region}发布雷电灾害${level}预警${raised}，${d.location_name}位于该区域：` +
        `${disasterReasons(d, 'zh-Hans')}；近 1 小时地闪 ${d.cg_flashes_1h} 次` +
        `${d.max_abs_ka > 0 ? `，最强 ${Math.round(d.max_abs_ka)} kA` : ''}。时间 ${localDateTime(d.at, tz)}。`,
      link: d.board_url,
    };
  },
  flight: ({ flight: f }, tz) => {
    const aircraft = f.callsign ? `航班 ${f.callsign}（${f.icao24}）` : `航空器 ${f.icao24}`;
    const airport = f.airport_icao ? `${f.location_name}（${f.airport_icao}）` : f.location_name;
    const altitude = f.altitude_m === null ? '' : `，高度 ${Math.round(f.altitude_m)} 米`;
    return {
      title: `航班进入雷暴单体 · ${f.callsign ?? f.icao24} · ${f.location_name}`,
      body:
        `${aircraft}在距${airport} ${km(f.distance_km)} 公里处进入雷暴单体${altitude}；` +
        `机场当前为雷电${LEVEL[f.level]}预警。时间 ${localDateTime(f.at, tz)}。`,
      link: f.board_url,
    };
  },
  device: ({ device: d }, tz) => {
    const kind = d.device_kind === 'station' ? '探测站' : '现场传感器';
    const heard = d.last_heartbeat_at ? `最后心跳 ${localDateTime(d.last_heartbeat_at, tz)}` : '从未收到心跳';
    return d.change === 'offline'
      ? {
          title: `设备离线 · ${d.device_name}`,
          body:
            `${kind}${d.device_name}（${d.device_id}，${d.model || '型号未知'}）已 ${d.offline_min} 分钟无心跳` +
            `（${heard}）。时间 ${localDateTime(d.at, tz)}。`,
          link: d.board_url,
        }
      : {
          title: `设备恢复在线 · ${d.device_name}`,
          body: `${kind}${d.device_name}（${d.device_id}）已恢复心跳。时间 ${localDateTime(d.at, tz)}。`,
          link: d.board_url,
        };
  },
  test: ({ at, board_url }, tz) => ({
    title: '雷电监测预警平台测试消息',
    body: `这是一条测试消息，发送于 ${localDateTime(at, tz)}。此通道工作正常。`,
    link: board_url,
  }),
  report: ({ report: r }, tz) => ({
    title: `报告已生成 · ${r.title}`,
    body: `定期报告《${r.title}》（${r.period}）已生成${r.has_pdf ? '（网页与 PDF）' : ''}，请在分析报告页面查看。${localDateTime(r.at, tz)}。`,
    link: r.report_url,
  }),
  digest: ({ digest }, tz) => digestZh(digest, tz),
};
