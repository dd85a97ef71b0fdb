import { cloneWarningState, type WarningState } from '@thunderwatch/domain/ring-rules';
import type { LocationUpdate } from '@thunderwatch/domain/warning-engine';
import type { AlarmDto, AlertStroke, Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { StrokeRow } from '../strokes/stroke-row.js';
import type { RingTally, StoredState, WarningStore } from './warning-store.js';
import type { WatchedMeta } from './watched-location.js';

/** A stroke as the engine sees it, carrying its stored row. */
export interface EngineStroke {
  timeMs: number;
  lat: number;
  lon: number;
  isIc: boolean;
  row: StrokeRow;
}

export type EngineUpdate = LocationUpdate<EngineStroke>;

export interface PersistOutcome {
  alarms: AlarmDto[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Writes a batch of engine updates in one transaction: the new states, and for every change of level its
 * event, the alert episode it opens, steps or closes, and the alarm of a rise. The in-memory view of open
 * alerts and stored states changes only after the commit.
 */
export class WarningPersister {
  /** Open episode per location. */
  readonly openAlerts = new Map<number, number>();
  /** The state last written per location (what a crash would resume from). */
  readonly stored = new Map<number, WarningState>();

  constructor(private readonly store: WarningStore) {}

  async write(
    updates: readonly EngineUpdate[],
    metaOf: (id: number) => WatchedMeta | undefined,
    watermark: Date | null,
    now: Date,
  ): Promise<PersistOutcome> {
    const opened = new Map<number, number | null>();
    const alarms: AlarmDto[] = [];
    await this.store.transaction(async (tx) => {
      const tallies: { alertId: number; rings: RingTally[]; nearestKm: number | null }[] = [];
      const states = new Map<number, StoredState>();
      for (const u of updates) {
        const meta = metaOf(u.id);
        if (!meta) continue;
        let alertId = opened.has(u.id) ? (opened.get(u.id) ?? null) : (this.openAlerts.get(u.id) ?? null);
        const before = this.stored.get(u.id);
        for (const e of u.events) {
          const at = new Date(e.atMs);
          if (e.to > e.from) {
            const near =
              u.trigger ??
              (u.state.nearest && { km: u.state.nearest.km, bearingDeg: u.state.nearest.bearingDeg });
            if (alertId === null) {
              alertId = await this.store.openAlert(tx, {
                locationId: u.id,
                groupId: meta.groupId,
                at,
                level: e.to as RingLevel,
                firstStroke: u.trigger ? alertStroke(u.trigger) : null,
                nearestKm: near ? round2(near.km) : null,
              });
            } else {
              await this.store.stepAlert(tx, alertId, at, e.to);
            }
            const id = await this.store.insertAlarm(tx, {
              alertId,
              locationId: u.id,
              groupId: meta.groupId,
              level: e.to as RingLevel,
              previousLevel: e.from,
              at: now,
              nearestKm: near ? round2(near.km) : null,
              bearingDeg: near ? Math.round(near.bearingDeg * 10) / 10 : null,
            });
            alarms.push({
              id,
              alert_id: alertId,
              location_id: u.id,
              location_name: meta.name,
              group_id: meta.groupId,
              level: e.to as RingLevel,
              previous_level: e.from,
              created_at: now.toISOString(),
              nearest_km: near ? round2(near.km) : null,
              bearing_deg: near ? Math.round(near.bearingDeg * 10) / 10 : null,
              confirmed_at: null,
              confirmed_by: null,
              note: null,
            });
          } else if (alertId !== null && e.to > 0) {
            await this.store.stepAlert(tx, alertId, at, e.to);
          } else if (alertId !== null) {
            // The episode's final tallies are those of the state before its last ring cleared.
            await this.store.closeAlert(tx, alertId, at, tallyOf(meta, before?.level ? before : u.state));
          }
          await this.store.insertEvent(tx, {
            locationId: u.id,
            groupId: meta.groupId,
            alertId,
            at,
            from: e.from,
            to: e.to,
          });
          if (e.to === 0) alertId = null;
        }
        opened.set(u.id, alertId);
        if (alertId !== null) tallies.push({ alertId, ...tallyOf(meta, u.state) });
        states.set(u.id, {
          locationId: u.id,
          groupId: meta.groupId,
          level: u.state.level as Level,
          state: u.state,
        });
      }
      await this.store.updateTallies(tx, tallies);
      await this.store.saveStates(tx, [...states.values()]);
      if (watermark) await this.store.setWatermark(tx, watermark);
    });
    for (const [id, alertId] of opened) {
      if (alertId === null) this.openAlerts.delete(id);
      else this.openAlerts.set(id, alertId);
    }
    // The engine keeps changing its live states in place: keep copies of what was written.
    for (const u of updates) this.stored.set(u.id, cloneWarningState(u.state));
    return { alarms };
  }
}

function tallyOf(meta: WatchedMeta, state: WarningState): { rings: RingTally[]; nearestKm: number | null } {
  return {
    rings: meta.rings.map((r, i) => ({
      radius_km: r.radius_km,
      level: r.level,
      strokes: state.rings[i]?.episode ?? 0,
    })),
    nearestKm: state.nearest ? round2(state.nearest.km) : null,
  };
}

function alertStroke(t: { stroke: EngineStroke; km: number }): AlertStroke {
  const r = t.stroke.row;
  return {
    time: r.time.toISOString(),
    lat: r.lat,
    lon: r.lon,
    peak_ka: Math.round(r.peak_ka * 10) / 10,
    type: r.is_ic ? 'IC' : 'CG',
    distance_km: round2(t.km),
  };
}
