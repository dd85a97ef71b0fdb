import { sitePoint } from '@thunderwatch/domain/typhoon-approach';
import { WaveSiteIndex, waveAlarmStep } from '@thunderwatch/domain/wave-alarms';
import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { WaveAlarmList, WaveAlarmQuery } from '@thunderwatch/shared/schemas/wave-alarms';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { readScope } from '../../../lib/group-scope.js';
import { queryFlag } from '../../../lib/query-flag.js';
import { SerialRuns } from '../../../lib/serial-runs.js';
import type { AlarmOutbox, EventFacts, SiteEvent } from '../../notify/delivery/alarm-outbox.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { StationHeight, WaveAlarmsRepo } from './wave-alarms-repo.js';

/** How often open alarms are looked at besides after each ingest (a station that went quiet clears them). */
export const WAVE_EVAL_MS = 10 * 60_000;
/** A station's height counts as current for this long (as `/api/wave_data?latest=1`). */
export const WAVE_HEIGHT_MAX_AGE_MS = 6 * 3_600_000;

type Raised = SiteEvent<EventFacts['wave']>;

/**
 * Wave alarms: after an ingest, the stations it named (and the stations of open alarms) against every
 * enabled location within `radiusKm`, each with its own threshold or the portal's, prefiltered by an R-tree (`WaveSiteIndex`): the work follows the
 * stations heard from, not all of them. A location whose station reaches the threshold gets one alarm per
 * station while it holds (down to 90 % of the threshold, `waveAlarmStep`), delivered through the lists and
 * subscriptions as the `wave` event. The open alarm per station and location is unique in the database, and
 * only the evaluation that opened it writes its messages.
 */
export class WaveAlerts {
  private readonly runs: SerialRuns;

  constructor(
    private readonly d: {
      db: Database;
      waves: WaveAlarmsRepo;
      alarms: SiteAlarmsRepo;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
      /** The portal's threshold; a location's own replaces it. */
      thresholdM: number;
      radiusKm: number;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.runs = new SerialRuns({
      everyMs: WAVE_EVAL_MS,
      due: () => this.evaluateNow([]),
      what: 'wave alarm evaluation',
      log: d.log,
    });
  }

  start(): void {
    this.runs.start();
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  async list(user: AuthUser, q: WaveAlarmQuery): Promise<WaveAlarmList> {
    requirePermission(user, 'location.read');
    const active = queryFlag(q.active);
    return { items: await this.d.waves.list({ groupId: readScope(user, q.group_id), active }) };
  }

  /** One evaluation after the ones under way; a failure is logged (the next ingest tries again). */
  evaluateLogged(stationIds: readonly string[]): Promise<void> {
    return this.runs.logged(() => this.evaluateNow(stationIds));
  }

  /** Raises and clears alarms for the stations given and those with open alarms; returns how many of each. */
  evaluate(stationIds: readonly string[]): Promise<{ raised: number; cleared: number }> {
    return this.runs.run(() => this.evaluateNow(stationIds));
  }

  private async evaluateNow(stationIds: readonly string[]): Promise<{ raised: number; cleared: number }> {
    const now = this.d.now();
    const openBefore = await this.d.alarms.open('wave');
    const ids = [...new Set([...stationIds, ...openBefore.map((a) => a.facts.station_id)])];
    if (ids.length === 0) return { raised: 0, cleared: 0 };
    const heights = await this.d.waves.latestHeights(
      ids,
      new Date(now.getTime() - WAVE_HEIGHT_MAX_AGE_MS),
      now,
    );
    const byStation = new Map(heights.map((h) => [h.id, h]));
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
    const sites = new WaveSiteIndex([...locations.values()]);
    const result = await this.d.db.transaction(async (tx) => {
      const open = await this.d.alarms.open('wave', tx);
      const step = waveAlarmStep({
        stations: ids.map((id) => {
          const h = byStation.get(id);
          return h
            ? { id, lat: h.lat, lon: h.lon, heightM: h.height_m }
            : { id, lat: 0, lon: 0, heightM: null };
        }),
        sites,
        open: open.map((a) => ({ stationId: a.facts.station_id, locationId: a.location_id })),
        radiusKm: this.d.radiusKm,
      });
      const key = (p: { stationId: string; locationId: number }) => `${p.stationId}\u0000${p.locationId}`;
      const openOf = new Map(
        open.map((a) => [key({ stationId: a.facts.station_id, locationId: a.location_id }), a]),
      );
      const cleared = step.clear.map((p) => openOf.get(key(p))?.id).filter((id) => id !== undefined);
      await this.d.alarms.clear(cleared, now, tx);
      const facts = (e: (typeof step.raise)[number], maxHeightM: number): SiteAlarmFacts['wave'] => ({
        station_id: e.stationId,
        distance_km: e.distanceKm,
        threshold_m: e.thresholdM,
        height_m: e.heightM,
        max_height_m: Math.max(maxHeightM, e.heightM),
        reading_at: (byStation.get(e.stationId) as StationHeight).time.toISOString(),
      });
      // An open alarm follows the sea (no new message); its level stays the one it was raised with.
      for (const e of step.hold) {
        const a = openOf.get(key(e));
        if (a) await this.d.alarms.refresh(a.id, a.level, facts(e, a.facts.max_height_m), now, tx);
      }
      const raised: Raised[] = [];
      for (const e of step.raise) {
        const groupId = locations.get(e.locationId)?.group_id as number;
        const f = facts(e, e.heightM);
        const id = await this.d.alarms.raise(
          'wave',
          { subject: `station:${e.stationId}`, locationId: e.locationId, groupId, level: e.level, facts: f },
          now,
          tx,
        );
        if (id === null) continue;
        const station = byStation.get(e.stationId) as StationHeight;
        raised.push({
          groupId,
          at: now,
          facts: {
            wave_alarm_id: id,
            station_id: station.id,
            station_name: station.name,
            location_id: e.locationId,
            location_name: locations.get(e.locationId)?.name ?? '',
            level: e.level,
            height_m: Math.round(e.heightM * 100) / 100,
            threshold_m: Math.round(e.thresholdM * 100) / 100,
            distance_km: Math.round(e.distanceKm * 10) / 10,
            reading_at: f.reading_at,
            at: now.toISOString(),
          },
        });
      }
      const deliveries = await this.d.outbox.enqueueEvents(tx, 'wave', raised);
      return { raised: raised.length, cleared: cleared.length, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    return { raised: result.raised, cleared: result.cleared };
  }
}
