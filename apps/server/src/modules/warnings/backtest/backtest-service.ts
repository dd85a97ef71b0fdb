import { CELL_STEP_DELAY_MS } from '@thunderwatch/domain/cells/cell-tracker';
import { shapeBounds } from '@thunderwatch/domain/geo/shape-bounds';
import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import { isValidShape, validateShape } from '@thunderwatch/domain/geo/zone-validation';
import {
  type BacktestSite,
  type EventDefinition,
  siteWarmupMs,
} from '@thunderwatch/domain/warnings/backtest';
import type { SitePrediction } from '@thunderwatch/domain/warnings/backtest-predicted';
import { predictAllClearMs } from '@thunderwatch/domain/warnings/predicted-warning';
import { ringRulesOf } from '@thunderwatch/domain/warnings/ring-rules';
import { areValidRings, sortRings, validateRings } from '@thunderwatch/domain/warnings/ring-validation';
import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { ErrorCode } from '@thunderwatch/shared/error-codes';
import {
  BACKTEST_MAX_DAYS,
  type BacktestInput,
  type BacktestResult,
} from '@thunderwatch/shared/schemas/backtest';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto, Ring } from '@thunderwatch/shared/schemas/locations';
import { PREDICT_LIMITS, type RingLevel } from '@thunderwatch/shared/warnings';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import type { StrokeFilter } from '../../lightning/strokes/strokes-repo.js';
import { backtestDto } from './backtest-dto.js';
import { type BacktestRunner, backtestRunner } from './backtest-runner.js';

const DAY_MS = 86_400_000;
/** How far past the window a warning begun in it is followed to its all-clear (as warning skill does). */
const FOLLOW_MS = DAY_MS;
/** Strokes read and replayed per step: the replay of a page takes a few milliseconds of the thread. */
export const BACKTEST_PAGE = 10_000;
/** Slack around the outer ring's reach for the box strokes are read from (the rules measure exactly). */
const MARGIN_KM = 1;
/**
 * With predictions, strokes are read this much farther than the prediction's range: a cell is outlined
 * from all its flashes, and one whose edge (or nowcast) comes within range has its centre and far side
 * beyond it.
 */
const CELL_MARGIN_KM = 100;

/** A location's prediction setting, once predicted warnings are a location setting; absent before. */
type WithPredict = { predict?: { range_km: number; level: number | null } | null };

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/**
 * Backtest of one location's (or one shape's) warning rings over stored strokes: validation and the
 * caller's right to see the location here, the replay in packages/domain/src/warnings/backtest.ts (on a worker
 * thread: `backtestRunner`). Strokes are read a page at a time in time order from the box the outer ring
 * reaches (with `predicted`, the box the prediction's range reaches plus 100 km, every type: the cell
 * tracker outlines cells from all flashes), and each page is replayed before the next is read, so memory
 * stays bounded however many strokes the range holds.
 */
export class BacktestService {
  constructor(
    private readonly d: {
      locations: { get(user: AuthUser, id: number): Promise<LocationDto> };
      strokes: Pick<EngineStrokesRepo, 'page'>;
      now: () => Date;
      page?: number;
      /** Where the replay runs (default: a worker thread per backtest). */
      runner?: typeof backtestRunner;
    },
  ) {}

  /**
   * `options.events`: judge against this event definition instead of the innermost ring's (the rules
   * advisor scores every set of a site against one; not offered over HTTP).
   */
  async run(
    user: AuthUser,
    input: BacktestInput,
    options: { events?: EventDefinition } = {},
  ): Promise<BacktestResult> {
    requirePermission(user, 'location.read');
    if (input.predict && !input.predicted) throw invalid('predict', 'needs predicted: true');
    const { fromMs, toMs } = replayWindow(input, this.d.now().getTime(), {
      days: BACKTEST_MAX_DAYS,
      code: 'backtest.window_too_large',
      message: `A backtest covers at most ${BACKTEST_MAX_DAYS} days`,
    });
    if ((input.location_id === undefined) === (input.shape === undefined)) {
      throw new AppError('backtest.invalid_target', 400, 'Give exactly one of location_id and shape', [
        {
          field: input.shape ? 'shape' : 'location_id',
          message: 'give exactly one of location_id and shape',
        },
      ]);
    }
    const location =
      input.location_id === undefined ? null : await this.d.locations.get(user, input.location_id);
    const shape = location?.shape ?? checkedShape(input.shape);
    const rings = checkedRings(input.rings ?? location?.rings ?? [...DEFAULT_RINGS]);
    const rules = ringRulesOf(rings);
    const predict = input.predicted
      ? predictionOf(input, location as WithPredict | null, shape, rings)
      : null;
    const site: BacktestSite = {
      id: location?.id ?? 0,
      shape,
      rules,
      predict,
      events: options.events ?? null,
    };
    const runner = (this.d.runner ?? backtestRunner)({
      sites: [site],
      window: { fromMs, toMs },
      stepDelayMs: CELL_STEP_DELAY_MS,
    });
    try {
      const endMs = Math.min(this.d.now().getTime(), toMs + FOLLOW_MS);
      const replayed = await this.replay(runner, site, fromMs - siteWarmupMs(site), toMs, endMs);
      const untilMs = replayed.following ? endMs : Math.max(toMs, replayed.nowMs);
      const [result] = (await runner.finish(untilMs)).results;
      if (!result) throw new Error('the backtest lost its location');
      return backtestDto(result, {
        locationId: location?.id ?? null,
        fromMs,
        toMs,
        untilMs,
        rings,
        predict,
        strokes: replayed.count,
      });
    } finally {
      await runner.close();
    }
  }

  private replay(
    runner: BacktestRunner,
    site: BacktestSite,
    startMs: number,
    toMs: number,
    endMs: number,
  ): Promise<{ count: number; nowMs: number; following: boolean }> {
    return replayStrokes(this.d.strokes, runner, {
      shape: site.shape,
      ...replayReach([site]),
      startMs,
      toMs,
      endMs,
      page: this.d.page ?? BACKTEST_PAGE,
    });
  }
}

/**
 * Feeds the strokes of [startMs, endMs) within `reachKm` of the shape (CG only unless `allTypes`) to a
 * replay, a page at a time in time order, and stops past `toMs` as soon as no warning begun before it is on.
 * Returns how many strokes were replayed and where the replay stands; `onPage` hears where it stands after
 * each page. The backtest and the rules advisor read their strokes through it.
 */
export async function replayStrokes(
  strokes: Pick<EngineStrokesRepo, 'page'>,
  runner: BacktestRunner,
  o: {
    shape: LocationShape;
    reachKm: number;
    allTypes: boolean;
    startMs: number;
    toMs: number;
    endMs: number;
    page: number;
    onPage?: (at: { count: number; nowMs: number }) => Promise<void>;
  },
): Promise<{ count: number; nowMs: number; following: boolean }> {
  const filter: StrokeFilter = {
    from: new Date(o.startMs),
    to: new Date(o.endMs),
    bbox: boxOf(shapeBounds(o.shape, o.reachKm)),
    ...(o.allTypes ? {} : { type: 'CG' as const }),
  };
  let count = 0;
  let progress = { nowMs: Number.NEGATIVE_INFINITY, following: false };
  let reading = strokes.page(filter, o.page);
  for (;;) {
    const page = await reading;
    const more = Boolean(page.last) && page.strokes.length >= o.page;
    // The next page is read while this one is replayed: the database and the replay's worker each take a
    // core, and neither waits for the other; the replay hears of it as soon as it is read (its cell tracker
    // starts on it). A page read past where the replay stops (or after a failure) is dropped: marked handled
    // here, awaited below when it is used.
    if (more) {
      reading = strokes.page(filter, o.page, page.last ?? undefined);
      reading.then((next) => runner.ahead?.(next.strokes)).catch(() => {});
    }
    progress = await runner.feed(page.strokes);
    count += page.strokes.length;
    await o.onPage?.({ count, nowMs: progress.nowMs });
    if (!more) return { count, ...progress };
    if (progress.nowMs >= o.toMs && !progress.following) return { count, ...progress };
  }
}

/**
 * The strokes a replay of `sites` (one shape) reads: from within the outermost ring (or event radius) plus a
 * kilometre, or, with predictions, the prediction's range plus 100 km; every type when a ring, an event
 * definition or a prediction counts intra-cloud strokes, else cloud-to-ground only.
 */
export function replayReach(sites: readonly BacktestSite[]): { reachKm: number; allTypes: boolean } {
  const ringKm = Math.max(
    ...sites.flatMap((s) => [...s.rules.map((r) => r.radiusKm), s.events?.radiusKm ?? 0]),
  );
  const cellKm = Math.max(0, ...sites.map((s) => s.predict?.setting.rangeKm ?? 0));
  const predicting = sites.some((s) => s.predict);
  return {
    reachKm: predicting ? Math.max(ringKm, cellKm + CELL_MARGIN_KM) : ringKm + MARGIN_KM,
    allTypes:
      predicting || sites.some((s) => s.rules.some((r) => r.includeIc) || s.events?.includeIc === true),
  };
}

/** How far past the window a replay follows a warning begun in it (as warning skill does). */
export const BACKTEST_FOLLOW_MS = FOLLOW_MS;

/**
 * The prediction a backtest replays: the request's `predict`, else the location's setting (its range and
 * level, whether or not it is on live), else 40 km at the outermost ring's level; it holds for the
 * all-clear time of the outermost ring of its level.
 */
export function predictionOf(
  input: Pick<BacktestInput, 'predict'>,
  location: WithPredict | null,
  shape: LocationShape,
  rings: readonly Ring[],
): SitePrediction {
  const { minRangeKm, maxRangeKm, defaultRangeKm } = PREDICT_LIMITS;
  const asked = input.predict ?? {};
  const range = asked.range_km;
  if (range !== undefined && !(Number.isFinite(range) && range >= minRangeKm && range <= maxRangeKm)) {
    throw invalid('predict/range_km', `must be between ${minRangeKm} and ${maxRangeKm}`);
  }
  const level = asked.level;
  if (level !== undefined && !(Number.isInteger(level) && level >= 1 && level <= 3)) {
    throw invalid('predict/level', 'must be 1, 2 or 3');
  }
  const own = location?.predict ?? null;
  const setting = {
    enabled: true,
    rangeKm: range ?? own?.range_km ?? defaultRangeKm,
    level: (level ?? own?.level ?? (rings.at(-1) as Ring).level) as RingLevel,
  };
  return {
    site: sitePoint(shape),
    setting,
    allClearMs: predictAllClearMs(ringRulesOf(rings), setting.level),
  };
}

/**
 * The window a replay (backtest, rules advisor) is asked for: both ends date-times, from < to, at most
 * `limit.days` apart (else 400 `limit.code`), from in the past; `to` capped at now (as warning skill caps it).
 */
export function replayWindow(
  input: { from: string; to: string },
  nowMs: number,
  limit: { days: number; code: ErrorCode; message: string },
): { fromMs: number; toMs: number } {
  const fromMs = Date.parse(input.from);
  const askedToMs = Date.parse(input.to);
  if (!Number.isFinite(fromMs)) throw invalid('from', 'must be a date-time');
  if (!Number.isFinite(askedToMs)) throw invalid('to', 'must be a date-time');
  if (!(askedToMs > fromMs)) throw invalid('to', 'must be after from');
  if (askedToMs - fromMs > limit.days * DAY_MS) {
    throw new AppError(limit.code, 400, limit.message, [
      { field: 'to', message: `must be at most ${limit.days} days after from` },
    ]);
  }
  if (fromMs >= nowMs) throw invalid('from', 'must be in the past');
  return { fromMs, toMs: Math.min(askedToMs, nowMs) };
}

export function checkedShape(shape: BacktestInput['shape']): LocationShape {
  if (!shape || !isValidShape(shape)) {
    const details = validateShape(shape).map((i) => ({ field: `shape/${i.path}`, message: i.message }));
    throw new AppError(
      'location.invalid_shape',
      400,
      details.map((i) => `${i.field} ${i.message}`).join('; '),
      details,
    );
  }
  return shape;
}

function checkedRings(rings: NonNullable<BacktestInput['rings']>): Ring[] {
  if (!areValidRings(rings)) {
    const issues = validateRings(rings);
    throw new AppError(
      'location.invalid_rings',
      400,
      issues.map((i) => `${i.field} ${i.message}`).join('; '),
      issues,
    );
  }
  return sortRings(rings);
}

/**
 * The one box the repository reads from: a reach split at ±180° (two boxes) becomes one box with west >
 * east, which the strokes filter reads across the antimeridian.
 */
function boxOf(boxes: readonly [number, number, number, number][]): NonNullable<StrokeFilter['bbox']> {
  const south = Math.min(...boxes.map((b) => b[1]));
  const north = Math.max(...boxes.map((b) => b[3]));
  if (boxes.length === 1) {
    const [west, , east] = boxes[0] as [number, number, number, number];
    return { west, south, east, north };
  }
  const eastern = boxes.find((b) => b[2] === 180) ?? boxes[0];
  const western = boxes.find((b) => b[0] === -180) ?? boxes[1];
  return { west: (eastern as number[])[0] as number, south, east: (western as number[])[2] as number, north };
}
