import { localDateTime } from '@thunderwatch/domain/local-time';
import { digestEn } from './digest-words.js';
import { DISASTER_LEVEL_NAMES, disasterReasons, regionName } from './disaster-words.js';
import type { EventTemplates } from './template-kit.js';
import { compassPoint, km, nextArrival, predictedCell } from './template-kit.js';
import { gradeName, stormName } from './typhoon-words.js';
import { raisedFrom, warningTitle } from './weather-warning-words.js';

const LEVEL = { 1: 'Yellow', 2: 'Orange', 3: 'Red' } as const;
const LEVEL_OR_CLEAR = { 0: 'clear', 1: 'yellow', 2: 'orange', 3: 'red' } as const;

export const EN_TEMPLATES: EventTemplates = {
  alarm: ({ alarm: a }, tz) => {
    const cell = predictedCell(a.predicted_by, 'en');
    const efm = a.efm_kvm ?? null;
    const kind = efm !== null ? 'Field-mill ' : cell ? 'Predicted ' : '';
    const parts = [
      `${kind}${LEVEL[a.level]} lightning warning at ${a.location_name} (was ${LEVEL_OR_CLEAR[a.previous_level]}).`,
    ];
    if (efm !== null) {
      parts.push(
        `Field mill ${efm.toFixed(1)} kV/m: the air above the site is electrified before lightning.`,
      );
    } else if (cell) {
      const moving = cell.to
        ? `, moving towards ${cell.to}${cell.speed === null ? '' : ` at ${cell.speed} km/h`}`
        : '';
      const why =
        cell.reason === 'jump'
          ? `lightning jump in cell ${cell.id}`
          : `cell ${cell.id} expected here within 30 min`;
      parts.push(`Predicted: ${why}, ${cell.km} km ${cell.from}${moving}.`);
    } else if (a.nearest_km !== null) {
      const dir = a.bearing_deg === null ? '' : ` ${compassPoint(a.bearing_deg, 'en')}`;
      parts.push(`Nearest stroke ${km(a.nearest_km)} km${dir}.`);
    }
    const eta = nextArrival(a.approach);
    if (eta)
      parts.push(
        `Storm approaching, about ${Math.round(eta.eta_min)} min to the ${km(eta.radius_km)} km ring.`,
      );
    else if (a.approach?.status === 'moving_away') parts.push('Storm moving away.');
    parts.push(`${localDateTime(a.at, tz)}.`);
    return {
      title: `${kind}${LEVEL[a.level]} warning · ${a.location_name}`,
      body: parts.join(' '),
      link: a.board_url,
    };
  },
  alarm_confirmed: ({ alarm: a, confirmation: c }, tz) => ({
    title: `Confirmed · ${a.location_name}`,
    body: `${c.by} confirmed the ${LEVEL[a.level].toLowerCase()} warning at ${a.location_name} at ${localDateTime(c.at, tz)}.${c.note ? ` Note: ${c.note}` : ''}`,
    link: a.board_url,
  }),
  daily_summary: ({ summary: s }) => {
    const top = s.locations
      .slice(0, 5)
      .map((l) => `${l.name} ${l.alarms}`)
      .join(', ');
    return {
      title: `Lightning summary · ${s.date}`,
      body:
        s.alarms === 0
          ? `No alarms on ${s.date}.`
          : `${s.alarms} alarms on ${s.date} (${s.red} red). ${top}.`,
      link: s.board_url,
    };
  },
  typhoon: ({ typhoon: t }, tz) => {
    const name = stormName(t, 'en');
    const where = t.inside_gale
      ? `${t.location_name} is inside its gale (34-kt) wind radius`
      : `its track passes ${km(t.distance_km)} km from ${t.location_name}`;
    return {
      title: `Typhoon warning · ${name} · ${t.location_name}`,
      body:
        `${gradeName(t.grade, 'en')} ${name}: ${where}, closest around ${localDateTime(t.closest_at, tz)}. ` +
        `${localDateTime(t.at, tz)}.`,
      link: t.board_url,
    };
  },
  wave: ({ wave: v }, tz) => ({
    title: `${LEVEL[v.level]} sea-wave warning · ${v.location_name}`,
    body:
      `Significant wave height ${v.height_m.toFixed(1)} m at ${v.station_name} (${v.station_id}), ` +
      `${km(v.distance_km)} km from ${v.location_name}, reached the ${v.threshold_m.toFixed(1)} m threshold. ` +
      `Reading of ${localDateTime(v.reading_at, tz)}.`,
    link: v.board_url,
  }),
  weather_warning: ({ weather_warning: w }, tz) => ({
    title: `${warningTitle(w, 'en')} · ${w.location_name}`,
    body:
      `${w.sender}: ${w.headline ?? w.event}${raisedFrom(w, 'en')}. ${w.location_name} is inside the warning area` +
      `${w.expires ? `, until ${localDateTime(w.expires, tz)}` : ''}. ${localDateTime(w.at, tz)}.`,
    link: w.board_url,
  }),
  disaster: ({ disaster: d }, tz) => {
    const level = DISASTER_LEVEL_NAMES.en[d.level];
    const region = regionName(d, 'en');
    const raised =
      d.previous_level > 0 ? ` (raised from ${DISASTER_LEVEL_NAMES.en[d.previous_level as 1]})` : '';
    return {
      title: `${level} lightning disaster warning · ${region} · ${d.location_name}`,
      body:
        `${level} lightning disaster warning for ${region}${raised}, where ${d.location_name} lies: ` +
        `${disasterReasons(d, 'en')}; ${d.cg_flashes_1h} CG flashes in the last hour` +
        `${d.max_abs_ka > 0 ? `, strongest ${Math.round(d.max_abs_ka)} kA` : ''}. ${localDateTime(d.at, tz)}.`,
      link: d.board_url,
    };
  },
  flight: ({ flight: f }, tz) => {
    const aircraft = f.callsign ? `${f.callsign} (${f.icao24})` : `Aircraft ${f.icao24}`;
    const airport = f.airport_icao ? `${f.location_name} (${f.airport_icao})` : f.location_name;
    const altitude = f.altitude_m === null ? '' : ` at ${Math.round(f.altitude_m).toLocaleString('en')} m`;
    return {
      title: `Flight in a storm cell · ${f.callsign ?? f.icao24} · ${f.location_name}`,
      body:
        `${aircraft} entered a storm cell${altitude}, ${km(f.distance_km)} km from ${airport}, ` +
        `which is at ${LEVEL[f.level].toLowerCase()} lightning warning. ${localDateTime(f.at, tz)}.`,
      link: f.board_url,
    };
  },
  device: ({ device: d }, tz) => {
    const kind = d.device_kind === 'station' ? 'Detection station' : 'Field sensor';
    const heard = d.last_heartbeat_at
      ? `last heartbeat ${localDateTime(d.last_heartbeat_at, tz)}`
      : 'never heard from';
    return d.change === 'offline'
      ? {
          title: `Device offline · ${d.device_name}`,
          body:
            `${kind} ${d.device_name} (${d.device_id}, ${d.model || 'unknown model'}) sent no heartbeat for ` +
            `${d.offline_min} min (${heard}). ${localDateTime(d.at, tz)}.`,
          link: d.board_url,
        }
      : {
          title: `Device back online · ${d.device_name}`,
          body: `${kind} ${d.device_name} (${d.device_id}) is sending heartbeats again. ${localDateTime(d.at, tz)}.`,
          link: d.board_url,
        };
  },
  test: ({ at, board_url }, tz) => ({
    title: 'Thunderwatch test message',
    body: `This is a test message sent at ${localDateTime(at, tz)}. This channel works.`,
    link: board_url,
  }),
  report: ({ report: r }, tz) => ({
    title: `Report ready · ${r.title}`,
    body: `The scheduled report "${r.title}" (${r.period}) is ready${r.has_pdf ? ' as a web page and a PDF' : ''}. Open it in the insight screen. ${localDateTime(r.at, tz)}.`,
    link: r.report_url,
  }),
  digest: ({ digest }, tz) => digestEn(digest, tz),
};
