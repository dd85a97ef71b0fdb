import type { SiteBacktest } from '@thunderwatch/domain/warnings/backtest';
import type {
  BacktestEpisode,
  EpisodeTrigger,
  LevelStep,
} from '@thunderwatch/domain/warnings/backtest-episodes';
import type { SitePrediction } from '@thunderwatch/domain/warnings/backtest-predicted';
import { episodeWarning } from '@thunderwatch/domain/warnings/warning-skill';
import type { AlertStroke } from '@thunderwatch/shared/schemas/alerts';
import type { BacktestAlert, BacktestResult, BacktestStep } from '@thunderwatch/shared/schemas/backtest';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import { SKILL_DEFINITION } from '@thunderwatch/shared/schemas/warnings';

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();

/** The answer of a backtest: numbers rounded as the alert history rounds the stored episodes. */
export function backtestDto(
  r: SiteBacktest,
  q: {
    locationId: number | null;
    fromMs: number;
    toMs: number;
    untilMs: number;
    rings: Ring[];
    predict: SitePrediction | null;
    strokes: number;
  },
): BacktestResult {
  const p = q.predict;
  return {
    location_id: q.locationId,
    from: iso(q.fromMs),
    to: iso(q.toMs),
    until: iso(q.untilMs),
    rings: q.rings,
    predicted: p !== null,
    predict: p && {
      range_km: p.setting.rangeKm,
      level: p.setting.level,
      all_clear_min: round1(p.allClearMs / 60_000),
    },
    strokes: q.strokes,
    level_at_from: r.levelAtFrom,
    timeline: r.steps.map(stepDto),
    alerts: r.episodes.map(alertDto),
    skill: { ...r.skill, definition: SKILL_DEFINITION },
  };
}

function stepDto(s: LevelStep): BacktestStep {
  const step = { time: iso(s.atMs), level: s.level, ring_km: s.ringKm };
  return s.predicted ? { ...step, predicted: true } : step;
}

export function alertDto(e: BacktestEpisode): BacktestAlert {
  const inner = [...e.rings].sort((a, b) => a.radiusKm - b.radiusKm)[0];
  const { warnedBefore, leadMin } = episodeWarning(e.timeline, inner?.firstMs ?? null);
  return {
    started_at: iso(e.startedMs),
    ended_at: e.endedMs === null ? null : iso(e.endedMs),
    peak_level: e.peakLevel,
    first_stroke: e.firstStroke ? alertStroke(e.firstStroke) : null,
    nearest_km: e.nearestKm === null ? null : round2(e.nearestKm),
    ring_counts: e.rings.map((g) => ({
      radius_km: g.radiusKm,
      level: g.level,
      strokes: g.strokes,
      ...(g.firstMs ? { first_at: iso(g.firstMs) } : {}),
    })),
    warned_before_first_inner: warnedBefore,
    lead_time_min: leadMin === null ? null : round1(leadMin),
    predicted: e.predicted,
    ring_at: e.ringAtMs === null ? null : iso(e.ringAtMs),
    predicted_lead_min:
      e.predicted && e.ringAtMs !== null ? round1((e.ringAtMs - e.startedMs) / 60_000) : null,
    timeline: e.timeline.map((s) =>
      s.predicted
        ? { at: iso(s.atMs), level: s.level, predicted: true }
        : { at: iso(s.atMs), level: s.level },
    ),
  };
}

function alertStroke(t: EpisodeTrigger): AlertStroke {
  const s = t.stroke;
  return {
    time: iso(Math.floor(s.timeMs)),
    lat: s.lat,
    lon: s.lon,
    peak_ka: round1(s.peakKa),
    type: s.isIc ? 'IC' : 'CG',
    distance_km: round2(t.km),
  };
}
