import { shapeBounds } from '@thunderwatch/domain/shape-bounds';
import { distanceToShape } from '@thunderwatch/domain/shape-distance';
import { computeWarningSkill, type WarningPeriod } from '@thunderwatch/domain/warning-skill';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type {
  AlarmConfirmInput,
  AlarmDto,
  WarningItem,
  WarningSkill,
} from '@thunderwatch/shared/schemas/warnings';
import type { Queryable } from '../../../db/database.js';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import type { WarningEngineSeat } from '../../../pipeline/warning-engine/warning-engine-seat.js';
import type { WarningStore } from '../../../pipeline/warning-engine/warning-store.js';
import { microIso, type StrokeRow } from '../../lightning/strokes/stroke-row.js';
import type { StrokesRepo } from '../../lightning/strokes/strokes-repo.js';

export const SKILL_MAX_DAYS = 31;
const DAY_MS = 86_400_000;
const PAGE = 50_000;

/** The warning endpoints' rules: who may read warnings, confirm alarms and score a location's warnings. */
export class WarningService {
  constructor(
    private readonly d: {
      engine: Pick<WarningEngineSeat, 'warnings' | 'alarmConfirmed'>;
      store: WarningStore;
      alarms: { findById(id: number, groupId: number | null): Promise<AlarmDto | null> };
      locations: { get(user: AuthUser, id: number): Promise<LocationDto> };
      strokes: StrokesRepo;
      now: () => Date;
      /** Stops the alarm's escalation and tells everyone it went to, in the confirmation's transaction. */
      outbox?: {
        confirmed(tx: Queryable, alarmId: number, at: Date): Promise<void>;
        committed(): void;
      };
    },
  ) {}

  async list(user: AuthUser, groupId?: number): Promise<{ items: WarningItem[] }> {
    requirePermission(user, 'location.read');
    return { items: await this.d.engine.warnings(readScope(user, groupId)) };
  }

  /** Confirms once; confirming again is harmless and answers the first confirmation. */
  async confirm(user: AuthUser, input: AlarmConfirmInput): Promise<AlarmDto> {
    requirePermission(user, 'alarm.confirm');
    const scope = groupScope(user);
    const found = await this.d.alarms.findById(input.id, scope);
    if (!found) throw new AppError('alarm.not_found', 404, 'No such alarm');
    const note = input.note?.trim() ? input.note.trim() : null;
    const at = this.d.now();
    const changed = await this.d.store.transaction(async (tx) => {
      if (!(await this.d.store.confirmAlarm(input.id, user.id, note, at, tx))) return false;
      await this.d.outbox?.confirmed(tx, input.id, at);
      return true;
    });
    const alarm = (await this.d.alarms.findById(input.id, scope)) as AlarmDto;
    if (changed) {
      this.d.outbox?.committed();
      await this.d.engine.alarmConfirmed(alarm);
    }
    return alarm;
  }

  /**
   * Warning skill of one location (definitions in docs/api.md): events are strokes inside the innermost
   * ring, warnings are the periods at level ≥ 2 recorded by the engine.
   */
  async skill(user: AuthUser, q: { location_id: number; from: Date; to: Date }): Promise<WarningSkill> {
    requirePermission(user, 'location.read');
    const location = await this.d.locations.get(user, q.location_id);
    if (q.to <= q.from) {
      throw new AppError('validation.failed', 400, 'to must be after from', [
        { field: 'to', message: 'must be after from' },
      ]);
    }
    if (q.to.getTime() - q.from.getTime() > SKILL_MAX_DAYS * DAY_MS) {
      throw new AppError('warning.window_too_large', 400, `At most ${SKILL_MAX_DAYS} days`);
    }
    const inner = [...location.rings].sort((a, b) => a.radius_km - b.radius_km)[0];
    if (!inner) throw new AppError('location.invalid_rings', 400, 'The location has no rings');
    const to = new Date(Math.min(q.to.getTime(), this.d.now().getTime()));
    const events = await this.innerStrokeTimes(location, inner, q.from, to);
    const warnings = periodsAtOrAbove(
      2,
      await this.d.store.warningPeriods(location.id, q.from, to),
      q.from,
      to,
    );
    const scores = computeWarningSkill({
      eventStrokesMs: events,
      warnings,
      fromMs: q.from.getTime(),
      toMs: to.getTime(),
      eventGapMs: inner.all_clear_min * 60_000,
    });
    return { location_id: location.id, from: q.from.toISOString(), to: to.toISOString(), ...scores };
  }

  private async innerStrokeTimes(
    location: LocationDto,
    ring: { radius_km: number; include_ic: boolean },
    from: Date,
    to: Date,
  ): Promise<number[]> {
    const shape = location.shape;
    const times: number[] = [];
    for (const [west, south, east, north] of shapeBounds(shape, ring.radius_km)) {
      let after: { time: string; id: number } | undefined;
      for (;;) {
        const rows: StrokeRow[] = await this.d.strokes.list(
          {
            from,
            to,
            bbox: { west, south, east, north },
            ...(ring.include_ic ? {} : { type: 'CG' as const }),
          },
          PAGE,
          after,
        );
        for (const r of rows) {
          if (distanceToShape(shape, r.lat, r.lon).km <= ring.radius_km) times.push(r.time.getTime());
        }
        const last = rows[rows.length - 1];
        if (!last || rows.length < PAGE) break;
        after = { time: microIso(last.time.getTime(), last.ns), id: last.id };
      }
    }
    return times.sort((a, b) => a - b);
  }
}

/** Periods at or above `level` from the level changes (the first one may start before the window). */
export function periodsAtOrAbove(
  level: number,
  changes: readonly { at: Date; from_level: number; to_level: number }[],
  from: Date,
  to: Date,
): WarningPeriod[] {
  const out: WarningPeriod[] = [];
  let start: number | null = null;
  for (const c of changes) {
    const at = Math.max(c.at.getTime(), from.getTime());
    if (start === null && c.to_level >= level) start = at;
    else if (start !== null && c.to_level < level) {
      out.push({ startMs: start, endMs: at });
      start = null;
    }
  }
  if (start !== null) out.push({ startMs: start, endMs: to.getTime() });
  return out.filter((p) => p.endMs > p.startMs);
}
