import { shapeBounds } from '@thunderwatch/domain/geo/shape-bounds';
import { distanceToShape } from '@thunderwatch/domain/geo/shape-distance';
import {
  computeWarningSkill,
  type WarningPeriod,
  warningPeriodsOf,
} from '@thunderwatch/domain/warnings/warning-skill';
import type { LocationDto, Ring } from '@thunderwatch/shared/schemas/locations';
import { SKILL_DEFINITION, type WarningSkill } from '@thunderwatch/shared/schemas/warnings';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { microIso, type StrokeRow } from '../../lightning/strokes/stroke-row.js';
import type { StrokesRepo } from '../../lightning/strokes/strokes-repo.js';
import type { WarningEventsRepo } from './warning-events-repo.js';

/** The longest window asked for at once: a quarter, so the location screen can show the last 90 days. */
export const SKILL_MAX_DAYS = 92;
const DAY_MS = 86_400_000;
/** How far before the window a warning's true start is looked for, and after it a warning's end. */
const WARNING_REACH_MS = DAY_MS;
const PAGE = 50_000;

/**
 * Warning skill of one location (definitions in packages/domain/src/warnings/warning-skill.ts and docs/api.md):
 * events are strokes inside the innermost ring, warnings the periods at level ≥ 2 the engine recorded.
 */
export class WarningSkillService {
  constructor(
    private readonly d: {
      events: Pick<WarningEventsRepo, 'periods'>;
      locations: { get(user: AuthUser, id: number): Promise<LocationDto> };
      strokes: StrokesRepo;
      now: () => Date;
    },
  ) {}

  async skill(
    user: AuthUser,
    q: { location_id: number; from: Date; to: Date; source?: 'rings' },
  ): Promise<WarningSkill> {
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
    const now = this.d.now().getTime();
    // A site is scored from when it was made: storms before it existed were never its to warn of (a backtest
    // replays earlier days, and says so).
    const fromMs = Math.max(q.from.getTime(), Date.parse(location.created_at));
    const toMs = Math.min(q.to.getTime(), now);
    // Warnings with their true starts, and followed past the window to their ends.
    const seenFrom = new Date(fromMs - WARNING_REACH_MS);
    const seenUntil = new Date(Math.min(now, toMs + WARNING_REACH_MS));
    const changes = await this.d.events.periods(location.id, seenFrom, seenUntil);
    const warnings = storedWarningPeriods(changes, seenFrom, seenUntil);
    // Strokes from one all-clear time before the window (an event begun earlier is seen to) until the end of
    // the last warning that began in it (so that warning can be judged).
    const gapMs = inner.all_clear_min * 60_000;
    const judgedUntil = Math.max(
      toMs,
      ...warnings.filter((w) => w.startMs >= fromMs && w.startMs < toMs).map((w) => w.endMs),
    );
    const strokes = await this.innerStrokeTimes(
      location,
      inner,
      new Date(fromMs - gapMs),
      new Date(judgedUntil),
    );
    const scores = computeWarningSkill({
      eventStrokesMs: strokes,
      warnings,
      fromMs,
      toMs,
      eventGapMs: gapMs,
    });
    return {
      location_id: location.id,
      from: new Date(Math.min(fromMs, toMs)).toISOString(),
      to: new Date(toMs).toISOString(),
      ...scores,
      source: q.source ?? 'rings',
      definition: SKILL_DEFINITION,
    };
  }

  private async innerStrokeTimes(location: LocationDto, ring: Ring, from: Date, to: Date): Promise<number[]> {
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

/** The warnings (level ≥ 2) from the stored level changes, clipped to [from, to). */
export function storedWarningPeriods(
  changes: readonly { at: Date; to_level: number }[],
  from: Date,
  to: Date,
): WarningPeriod[] {
  const timeline = changes.map((c) => ({
    atMs: Math.max(c.at.getTime(), from.getTime()),
    level: c.to_level,
  }));
  return warningPeriodsOf(timeline, to.getTime());
}
