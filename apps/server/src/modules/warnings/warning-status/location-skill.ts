import { shapeBounds } from '@thunderwatch/domain/geo/shape-bounds';
import { distanceToShape } from '@thunderwatch/domain/geo/shape-distance';
import {
  computeWarningSkill,
  scoredWindow,
  type WarningPeriod,
  type WarningSkillScores,
  warningPeriodsOf,
} from '@thunderwatch/domain/warnings/warning-skill';
import type { LocationDto, Ring } from '@thunderwatch/shared/schemas/locations';

type LocationShape = LocationDto['shape'];

import { microIso, type StrokeRow } from '../../lightning/strokes/stroke-row.js';
import type { StrokesRepo } from '../../lightning/strokes/strokes-repo.js';
import type { WarningEventsRepo } from './warning-events-repo.js';

const DAY_MS = 86_400_000;
/** How far before the window a warning's true start is looked for, and after it a warning's end. */
const WARNING_REACH_MS = DAY_MS;
const PAGE = 50_000;
/** Sites scored at once for a sheet: each reads its own strokes and level changes. */
const SITES_AT_ONCE = 4;

/** What scoring a site needs to know of it. */
export interface ScoredSite {
  id: number;
  shape: LocationShape;
  rings: readonly Ring[];
  /** When it was made: it is scored from then. */
  createdMs: number;
}

export interface SiteSkill {
  /** The window scored, after the window rule (`scoredWindow`). */
  fromMs: number;
  toMs: number;
  scores: WarningSkillScores;
}

/**
 * The warning skill of a site's live warnings over a window: the one reading behind every screen that shows it
 * (GET /api/warning/skill for the location screen, the board and statistics; the data sheets and the reports
 * that sum them). Events are the strokes inside the innermost ring, warnings the periods at level ≥ 2 the
 * engine recorded; scores by `computeWarningSkill`, window by `scoredWindow` (packages/domain).
 */
export class LocationSkill {
  constructor(
    private readonly d: {
      events: Pick<WarningEventsRepo, 'periods'>;
      strokes: Pick<StrokesRepo, 'list'>;
      now: () => Date;
    },
  ) {}

  /** null: the site has no rings, so nothing to score. */
  async of(site: ScoredSite, from: Date, to: Date): Promise<SiteSkill | null> {
    const inner = [...site.rings].sort((a, b) => a.radius_km - b.radius_km)[0];
    if (!inner) return null;
    const now = this.d.now().getTime();
    const { fromMs, toMs } = scoredWindow({
      fromMs: from.getTime(),
      toMs: to.getTime(),
      createdMs: site.createdMs,
      nowMs: now,
    });
    // Warnings with their true starts, and followed past the window to their ends.
    const seenFrom = new Date(fromMs - WARNING_REACH_MS);
    const seenUntil = new Date(Math.min(now, toMs + WARNING_REACH_MS));
    const changes = await this.d.events.periods(site.id, seenFrom, seenUntil);
    const warnings = storedWarningPeriods(changes, seenFrom, seenUntil);
    // Strokes from one all-clear time before the window (an event begun earlier is seen to) until the end of
    // the last warning that began in it (so that warning can be judged).
    const gapMs = inner.all_clear_min * 60_000;
    const judgedUntil = Math.max(
      toMs,
      ...warnings.filter((w) => w.startMs >= fromMs && w.startMs < toMs).map((w) => w.endMs),
    );
    const strokes =
      toMs > fromMs
        ? await this.innerStrokeTimes(site.shape, inner, new Date(fromMs - gapMs), new Date(judgedUntil))
        : [];
    const scores = computeWarningSkill({
      eventStrokesMs: strokes,
      warnings,
      fromMs,
      toMs,
      eventGapMs: gapMs,
    });
    return { fromMs, toMs, scores };
  }

  /** Several sites over one window (a few at a time), by site id; sites without rings are left out. */
  async ofEach(sites: readonly ScoredSite[], from: Date, to: Date): Promise<Map<number, WarningSkillScores>> {
    const out = new Map<number, WarningSkillScores>();
    for (let i = 0; i < sites.length; i += SITES_AT_ONCE) {
      const batch = sites.slice(i, i + SITES_AT_ONCE);
      const skills = await Promise.all(batch.map((s) => this.of(s, from, to)));
      batch.forEach((s, k) => {
        const skill = skills[k];
        if (skill) out.set(s.id, skill.scores);
      });
    }
    return out;
  }

  private async innerStrokeTimes(shape: LocationShape, ring: Ring, from: Date, to: Date): Promise<number[]> {
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
