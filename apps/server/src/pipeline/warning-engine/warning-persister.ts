import { type PredictThreat, shownLevel } from '@thunderwatch/domain/warnings/predicted-warning';
import type { RaisedAlarm } from '@thunderwatch/domain/warnings/raised-alarm';
import { cloneWarningState, type WarningState } from '@thunderwatch/domain/warnings/ring-rules';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import type { AlertStroke } from '@thunderwatch/shared/schemas/alerts';
import type { PredictedBy } from '@thunderwatch/shared/schemas/warnings';
import type { RingLevel } from '@thunderwatch/shared/warnings';
import type { Queryable } from '../../db/database.js';
import type {
  AlertChange,
  EpisodesRepo,
  EventRow,
  NewAlert,
  RingTally,
  TimelineEntry,
} from './episodes-repo.js';
import type { EarlyState, EngineUpdate } from './predicted-warnings.js';
import type { StoredState, WarningStore } from './warning-store.js';
import type { WatchedMeta } from './watched-location.js';

/** What a batch wrote; `committed` applies it to the persister's view once its transaction commits. */
export interface WrittenBatch {
  alarms: RaisedAlarm[];
  openAfter: ReadonlyMap<number, { id: number } | null>;
  updates: readonly EngineUpdate[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Writes a batch of engine updates in one transaction: the new states, and for every change of level its
 * event, the alert episode it opens, steps or closes, and the alarm of a rise. Each kind of row is written
 * with one statement for the whole batch (a storm front raises hundreds of locations at once). The
 * in-memory view of open alerts and stored states changes only after the commit.
 */
export class WarningPersister {
  /** Open episode per location. */
  readonly openAlerts = new Map<number, number>();
  /** The state last written per location (what a crash would resume from). */
  readonly stored = new Map<number, WarningState>();

  constructor(
    private readonly store: WarningStore,
    private readonly episodes: EpisodesRepo,
  ) {}

  /** Writes the batch with `tx`; call `committed` with the answer once the transaction has committed. */
  async write(
    tx: Queryable,
    updates: readonly EngineUpdate[],
    metaOf: (id: number) => WatchedMeta | undefined,
    watermark: number | null,
    now: Date,
  ): Promise<WrittenBatch> {
    const plan = this.plan(updates, metaOf, now);
    const alertIds = await this.episodes.nextAlertIds(tx, plan.newAlerts.length);
    plan.newAlerts.forEach((a, i) => {
      a.id = alertIds[i] as number;
    });
    const alarmIds = await this.episodes.nextAlarmIds(tx, plan.alarms.length);
    plan.alarms.forEach((a, i) => {
      a.id = alarmIds[i] as number;
    });
    // Existing episodes first: one that closes frees its location for a new one of the same batch.
    await this.episodes.changeAlerts(tx, [...plan.changes.values()]);
    await this.episodes.insertAlerts(tx, plan.newAlerts);
    const alarms: RaisedAlarm[] = plan.alarms.map(({ alert, ...a }) => ({ ...a, alertId: alert.id }));
    await this.episodes.insertAlarms(tx, alarms);
    await this.episodes.insertEvents(
      tx,
      plan.events.map((e) => ({ ...e, alertId: e.alert?.id ?? null })),
    );
    await this.store.saveStates(tx, [...plan.states.values()]);
    if (watermark) await this.store.setWatermark(tx, watermark);
    return { alarms, openAfter: plan.openAfter, updates };
  }

  committed(batch: WrittenBatch): void {
    for (const [locationId, alert] of batch.openAfter) {
      if (alert === null) this.openAlerts.delete(locationId);
      else this.openAlerts.set(locationId, alert.id);
    }
    // The engine keeps changing its live states in place: keep copies of what was written.
    for (const u of batch.updates) this.stored.set(u.id, cloneWarningState(u.state));
  }

  /** Works out every row to write, in memory, with references to alerts whose ids come later. */
  private plan(updates: readonly EngineUpdate[], metaOf: (id: number) => WatchedMeta | undefined, now: Date) {
    const newAlerts: NewAlert[] = [];
    const changes = new Map<number, AlertChange>();
    const alarms: (Omit<RaisedAlarm, 'alertId'> & { alert: AlertRef })[] = [];
    const events: (Omit<EventRow, 'alertId'> & { alert: AlertRef | null })[] = [];
    const states = new Map<number, StoredState>();
    const openAfter = new Map<number, AlertRef | null>();
    for (const u of updates) {
      const meta = metaOf(u.id);
      if (!meta) continue;
      let alert: AlertRef | null = openAfter.has(u.id)
        ? (openAfter.get(u.id) ?? null)
        : existing(this.openAlerts.get(u.id));
      const before = this.stored.get(u.id);
      let rise = 0;
      for (const c of u.shown) {
        const at = new Date(c.atMs);
        const ring = c.ring;
        // The rings' rises, in order, each have their trigger, whether or not the level shown rises.
        const trigger = ring && ring.to > ring.from ? (u.triggers[rise++] ?? null) : null;
        const entry: TimelineEntry = c.predicted
          ? { at: at.toISOString(), level: c.to, predicted: true }
          : { at: at.toISOString(), level: c.to };
        const { from, to } = c;
        // A rise. It ends on a ring level and starts below the top one: the last two tests tell the types so.
        if (to > from && to !== 0 && from !== 3) {
          const near = c.predicted
            ? u.threat && { km: u.threat.km, bearingDeg: u.threat.bearingDeg }
            : (trigger ??
              (u.state.nearest && { km: u.state.nearest.km, bearingDeg: u.state.nearest.bearingDeg }));
          if (alert === null) {
            const created: NewAlert = {
              id: 0,
              locationId: u.id,
              groupId: meta.groupId,
              startedAt: at,
              peakLevel: to,
              firstStroke: trigger && !c.predicted ? alertStroke(trigger) : null,
              nearestKm: near ? round2(near.km) : null,
              timeline: [entry],
              endedAt: null,
              rings: c.predicted ? tallyOf(meta, u.state).rings : null,
              predicted: c.predicted,
              ringAt: c.predicted ? null : at,
            };
            newAlerts.push(created);
            alert = created;
          } else {
            const change = changeOf(alert, changes, newAlerts);
            change.timeline.push(entry);
            change.peakLevel = Math.max(change.peakLevel ?? 0, to) as RingLevel;
          }
          alarms.push({
            id: 0,
            alert,
            locationId: u.id,
            locationName: meta.name,
            locationNameEn: meta.nameEn,
            groupId: meta.groupId,
            level: to,
            previousLevel: from,
            at: now,
            nearestKm: near ? round2(near.km) : null,
            bearingDeg: near ? round1(near.bearingDeg) : null,
            predictedBy: c.predicted ? predictedByOf(u.threat) : null,
            efmKvm: c.predicted ? efmKvmOf(u.predicted as EarlyState) : null,
          });
        } else if (alert !== null && (from !== to || c.predicted !== c.fromPredicted)) {
          const change = changeOf(alert, changes, newAlerts);
          change.timeline.push(entry);
          // The episode's final tallies are those of the state before its last ring cleared (a prediction
          // that lapses after the rings cleared keeps those written then).
          if (to === 0 && ring) {
            const tally = tallyOf(meta, before?.level ? before : u.state);
            change.endedAt = at;
            change.rings = tally.rings;
            change.nearestKm = tally.nearestKm;
          } else if (to === 0) change.endedAt = at;
        }
        // The first ring to fire in an episode a prediction began: the lead the prediction gained ends here.
        if (alert !== null && ring && ring.from === 0 && ring.to > 0) {
          const change = changeOf(alert, changes, newAlerts);
          change.ringAt ??= at;
        }
        if (ring) {
          events.push({ locationId: u.id, groupId: meta.groupId, alert, at, from: ring.from, to: ring.to });
        }
        if (to === 0) alert = null;
      }
      openAfter.set(u.id, alert);
      if (alert !== null && u.state.level > 0) {
        const tally = tallyOf(meta, u.state);
        const change = changeOf(alert, changes, newAlerts);
        change.rings = tally.rings;
        change.nearestKm = tally.nearestKm;
      }
      states.set(u.id, {
        locationId: u.id,
        groupId: meta.groupId,
        level: shownLevel(u.state.level, u.predicted).level,
        state: u.state,
        predicted: u.predicted.level > 0 ? u.predicted : null,
      });
    }
    return { newAlerts, changes, alarms, events, states, openAfter };
  }
}

/** An alert of the batch: an existing row (its id known) or a new one (its id assigned at write time). */
type AlertRef = { id: number };

/** The field mills' latest |E| (kV/m) when they, not the cells, set the early warning. */
function efmKvmOf(p: EarlyState): number | null {
  return p.source === 'efm' && p.efm?.lastKvm != null ? round1(p.efm.lastKvm) : null;
}

function predictedByOf(t: PredictThreat | null): PredictedBy | null {
  if (!t) return null;
  return {
    cell_id: t.cellId,
    reason: t.reason,
    distance_km: round2(t.km),
    bearing_deg: round1(t.bearingDeg),
    direction_deg: t.motion ? round1(t.motion.directionDeg) : null,
    speed_kmh: t.motion ? round1(t.motion.speedKmh) : null,
  };
}

function existing(id: number | undefined): AlertRef | null {
  return id === undefined ? null : { id };
}

/** The change to an alert: a new alert of the batch is changed in place, an existing one collects a change. */
function changeOf(
  alert: AlertRef,
  changes: Map<number, AlertChange>,
  newAlerts: NewAlert[],
): AlertChange | NewAlert {
  const created = newAlerts.find((a) => a === alert);
  if (created) return created;
  let change = changes.get(alert.id);
  if (!change) {
    change = {
      id: alert.id,
      timeline: [],
      peakLevel: null,
      endedAt: null,
      rings: null,
      nearestKm: null,
      ringAt: null,
    };
    changes.set(alert.id, change);
  }
  return change;
}

function tallyOf(meta: WatchedMeta, state: WarningState): { rings: RingTally[]; nearestKm: number | null } {
  return {
    rings: meta.rings.map((r, i) => ({
      radius_km: r.radius_km,
      level: r.level,
      strokes: state.rings[i]?.episode ?? 0,
      ...(state.rings[i]?.firstMs
        ? { first_at: new Date(state.rings[i]?.firstMs as number).toISOString() }
        : {}),
    })),
    nearestKm: state.nearest ? round2(state.nearest.km) : null,
  };
}

function alertStroke(t: { stroke: EngineStroke; km: number }): AlertStroke {
  const s = t.stroke;
  return {
    time: new Date(Math.floor(s.timeMs)).toISOString(),
    lat: s.lat,
    lon: s.lon,
    peak_ka: round1(s.peakKa),
    type: s.isIc ? 'IC' : 'CG',
    distance_km: round2(t.km),
  };
}
