import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import { WaveSiteIndex, waveAlarmStep } from '@thunderwatch/domain/weather/wave-alarms';
import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { Holding, SiteAlarmRules } from '../../warnings/alarms/site-alarm-evaluation.js';
import type { OpenSiteAlarm } from '../../warnings/alarms/site-alarms-repo.js';
import type { StationHeight, WaveAlarmsRepo, WaveLocationRow } from './wave-alarms-repo.js';

/** How often open alarms are looked at besides after each ingest (a station that went quiet clears them). */
export const WAVE_EVAL_MS = 10 * 60_000;
/** A station's height counts as current for this long (as `/api/wave_data?latest=1`). */
export const WAVE_HEIGHT_MAX_AGE_MS = 6 * 3_600_000;

export interface WaveRead {
  ids: string[];
  byStation: Map<string, StationHeight>;
  locations: Map<number, WaveLocationRow & { lat: number; lon: number; thresholdM: number }>;
  sites: WaveSiteIndex;
}

/**
 * Wave alarms: after an ingest, the stations it named (the hint) and the stations of open alarms against every
 * enabled location within `radiusKm`, each with its own threshold or the portal's, prefiltered by an R-tree
 * (`WaveSiteIndex`): the work follows the stations heard from, not all of them. A location whose station
 * reaches the threshold gets one alarm per station while it holds (down to 90 % of the threshold,
 * `waveAlarmStep`), told through the lists and subscriptions as the `wave` event.
 */
export class WaveAlarmRules implements SiteAlarmRules<'wave', WaveRead, readonly string[]> {
  readonly kind = 'wave';
  readonly everyMs = WAVE_EVAL_MS;

  constructor(
    private readonly d: {
      waves: WaveAlarmsRepo;
      /** The portal's threshold; a location's own replaces it. */
      thresholdM: number;
      radiusKm: number;
    },
  ) {}

  async read(
    now: Date,
    open: readonly OpenSiteAlarm<'wave'>[],
    stationIds: readonly string[] = [],
  ): Promise<WaveRead | null> {
    const ids = [...new Set([...stationIds, ...open.map((a) => a.facts.station_id)])];
    if (ids.length === 0) return null;
    const heights = await this.d.waves.latestHeights(
      ids,
      new Date(now.getTime() - WAVE_HEIGHT_MAX_AGE_MS),
      now,
    );
    const locations = new Map(
      (await this.d.waves.locations()).map((l) => [
        l.id,
        {
          ...l,
          ...sitePoint(l.shape),
          thresholdM: l.wave_alert_cm === null ? this.d.thresholdM : l.wave_alert_cm / 100,
        },
      ]),
    );
    const byStation = new Map(heights.map((h) => [h.id, h]));
    return { ids, byStation, locations, sites: new WaveSiteIndex([...locations.values()]) };
  }

  judge(r: WaveRead, open: readonly OpenSiteAlarm<'wave'>[], now: Date): Holding<'wave'>[] {
    const step = waveAlarmStep({
      stations: r.ids.map((id) => {
        const h = r.byStation.get(id);
        return h
          ? { id, lat: h.lat, lon: h.lon, heightM: h.height_m }
          : { id, lat: 0, lon: 0, heightM: null };
      }),
      sites: r.sites,
      open: open.map((a) => ({ stationId: a.facts.station_id, locationId: a.location_id })),
      radiusKm: this.d.radiusKm,
    });
    const openOf = new Map(open.map((a) => [`${a.facts.station_id}\u0000${a.location_id}`, a]));
    return [...step.hold, ...step.raise].map((e) => {
      const held = openOf.get(`${e.stationId}\u0000${e.locationId}`);
      const station = r.byStation.get(e.stationId) as StationHeight;
      const location = r.locations.get(e.locationId);
      const facts: SiteAlarmFacts['wave'] = {
        station_id: e.stationId,
        distance_km: e.distanceKm,
        threshold_m: e.thresholdM,
        height_m: e.heightM,
        max_height_m: Math.max(held?.facts.max_height_m ?? e.heightM, e.heightM),
        reading_at: station.time.toISOString(),
      };
      return {
        subject: `station:${e.stationId}`,
        locationId: e.locationId,
        groupId: held?.group_id ?? (location?.group_id as number),
        // An open alarm follows the sea (no new message); its level stays the one it was raised with.
        level: held?.level ?? e.level,
        facts,
        message: (id: number) => ({
          wave_alarm_id: id,
          station_id: station.id,
          station_name: station.name,
          station_name_en: station.name_en,
          location_id: e.locationId,
          location_name: location?.name ?? '',
          location_name_en: location?.name_en ?? null,
          level: e.level,
          height_m: Math.round(e.heightM * 100) / 100,
          threshold_m: Math.round(e.thresholdM * 100) / 100,
          distance_km: Math.round(e.distanceKm * 10) / 10,
          reading_at: facts.reading_at,
          at: now.toISOString(),
        }),
      };
    });
  }
}
