import { Backtest, type BacktestSite, warmupMs } from '@thunderwatch/domain/backtest';
import { areValidRings, sortRings, validateRings } from '@thunderwatch/domain/ring-validation';
import { shapeBounds } from '@thunderwatch/domain/shape-bounds';
import { isValidShape, validateShape } from '@thunderwatch/domain/zone-validation';
import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import {
  BACKTEST_MAX_DAYS,
  type BacktestInput,
  type BacktestResult,
} from '@thunderwatch/shared/schemas/backtest';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto, Ring } from '@thunderwatch/shared/schemas/locations';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { ringRules } from '../../../pipeline/warning-engine/watched-location.js';
import type { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import type { StrokeFilter } from '../../lightning/strokes/strokes-repo.js';
import { backtestDto } from './backtest-dto.js';

const DAY_MS = 86_400_000;
/** How far past the window a warning begun in it is followed to its all-clear (as warning skill does). */
const FOLLOW_MS = DAY_MS;
/** Strokes read and replayed per step: the replay of a page takes a few milliseconds of the thread. */
export const BACKTEST_PAGE = 10_000;
/** Slack around the outer ring's reach for the box strokes are read from (the rules measure exactly). */
const MARGIN_KM = 1;

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/**
 * Backtest of one location's (or one shape's) warning rings over stored strokes: validation and the
 * caller's right to see the location here, the replay in packages/domain/src/backtest.ts. Strokes are read
 * a page at a time in time order from the box the outer ring reaches, and each page is replayed before the
 * next is read, so memory and each step's CPU stay bounded however many strokes the range holds.
 */
export class BacktestService {
  constructor(
    private readonly d: {
      locations: { get(user: AuthUser, id: number): Promise<LocationDto> };
      strokes: Pick<EngineStrokesRepo, 'page'>;
      now: () => Date;
      page?: number;
    },
  ) {}

  async run(user: AuthUser, input: BacktestInput): Promise<BacktestResult> {
    requirePermission(user, 'location.read');
    if (input.predicted) {
      throw new AppError(
        'backtest.predicted_unavailable',
        400,
        'Predicted warnings cannot be backtested yet: leave predicted out or false',
        [{ field: 'predicted', message: 'is not available yet' }],
      );
    }
    const { fromMs, toMs } = this.windowOf(input);
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
    const site: BacktestSite = { id: location?.id ?? 0, shape, rules: ringRules(rings) };
    const run = new Backtest([site], { fromMs, toMs });
    const endMs = Math.min(this.d.now().getTime(), toMs + FOLLOW_MS);
    const strokes = await this.replay(run, site, rings, fromMs - warmupMs(site.rules), toMs, endMs);
    const untilMs = run.following ? endMs : Math.max(toMs, run.nowMs);
    const [result] = run.finish(untilMs);
    if (!result) throw new Error('the backtest lost its location');
    return backtestDto(result, { locationId: location?.id ?? null, fromMs, toMs, untilMs, rings, strokes });
  }

  /** The window asked for, its end capped at now (as warning skill caps it). */
  private windowOf(input: BacktestInput): { fromMs: number; toMs: number } {
    const fromMs = Date.parse(input.from);
    const askedToMs = Date.parse(input.to);
    if (!(askedToMs > fromMs)) throw invalid('to', 'must be after from');
    if (askedToMs - fromMs > BACKTEST_MAX_DAYS * DAY_MS) {
      throw new AppError(
        'backtest.window_too_large',
        400,
        `A backtest covers at most ${BACKTEST_MAX_DAYS} days`,
        [{ field: 'to', message: `must be at most ${BACKTEST_MAX_DAYS} days after from` }],
      );
    }
    const nowMs = this.d.now().getTime();
    if (fromMs >= nowMs) throw invalid('from', 'must be in the past');
    return { fromMs, toMs: Math.min(askedToMs, nowMs) };
  }

  /**
   * Feeds the strokes of [startMs, endMs) within reach to the replay, a page at a time, and stops past
   * `toMs` as soon as no warning begun before it is on. Returns how many strokes were replayed.
   */
  private async replay(
    run: Backtest,
    site: BacktestSite,
    rings: readonly Ring[],
    startMs: number,
    toMs: number,
    endMs: number,
  ): Promise<number> {
    const page = this.d.page ?? BACKTEST_PAGE;
    const reachKm = Math.max(...rings.map((r) => r.radius_km)) + MARGIN_KM;
    const filter: StrokeFilter = {
      from: new Date(startMs),
      to: new Date(endMs),
      bbox: boxOf(shapeBounds(site.shape, reachKm)),
      ...(rings.some((r) => r.include_ic) ? {} : { type: 'CG' as const }),
    };
    let after: { time: string; id: number } | undefined;
    let count = 0;
    for (;;) {
      const { strokes, last } = await this.d.strokes.page(filter, page, after);
      run.feed(strokes);
      count += strokes.length;
      if (!last || strokes.length < page) return count;
      if (run.nowMs >= toMs && !run.following) return count;
      after = last;
    }
  }
}

function checkedShape(shape: BacktestInput['shape']): LocationShape {
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
