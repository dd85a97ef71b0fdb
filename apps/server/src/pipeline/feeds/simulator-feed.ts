import {
  createLightningSimulator,
  type SimCell,
  type SimStroke,
} from '@thunderwatch/domain/lightning/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { SIMULATOR_SOURCE } from '../../modules/lightning/strokes/stroke-row.js';
import { type RadarSink, SIM_RADAR_EVERY_MS } from '../../modules/weather/radar/simulator-radar.js';
import type { IngestService } from '../ingest/ingest-service.js';

export interface SimulatorFeedOptions {
  seed: number;
  /** Minutes of history generated at start, so the map is not empty. */
  backfillMin: number;
  tickMs?: number;
  /** Places storms should cross (the demo group's sites). */
  hotspots?: readonly { lat: number; lon: number }[];
  /** Where radar frames of the same world go, every SIM_RADAR_EVERY_MS (backfill included). */
  radar?: RadarSink;
  /** Given the cells after each tick (the field mills of the demo sites read them). */
  mills?: (timeMs: number, cells: readonly SimCell[]) => Promise<void>;
  /**
   * The newest simulated stroke already stored within [from, now) (ms), or null: a restart ingests only what
   * comes after it, so the hours before it are not filled a second time by a world anchored elsewhere.
   */
  storedUntil?: (fromMs: number, toMs: number) => Promise<number | null>;
}

/**
 * Where the world of a feed started at `nowMs` is anchored: the whole hour at or before its backfill's start
 * (so the backfill covers at least `backfillMin` minutes, and the world's storms are under way by then).
 */
export function simulatorWorldStart(nowMs: number, backfillMin: number): number {
  return Math.floor((nowMs - backfillMin * 60_000) / 3_600_000) * 3_600_000;
}

/**
 * The demo world's lightning, fed through the same ingest as real data, labelled source `simulator`. The
 * storms that visit the demo sites (`hotspots`) keep a schedule set from the feed's start: one is over the
 * first site then, so a newcomer's first red alarm comes in the first minute.
 * Restarts resume without duplicates: strokes older than the newest one stored are not ingested again (a
 * restart anchors another world, another hour's and with its own schedule of visits, whose backfill would
 * double the last hours), and the ingest drops exact repeats.
 */
export function startSimulatorFeed(
  ingest: IngestService,
  log: FastifyBaseLogger,
  options: SimulatorFeedOptions,
  now: () => number = Date.now,
): () => void {
  const tickMs = options.tickMs ?? 1000;
  const startedMs = now();
  const start = simulatorWorldStart(startedMs, options.backfillMin);
  // A storm over the first demo site now: the newcomer's first red alarm comes in the first minute.
  const sim = createLightningSimulator({
    seed: options.seed,
    startMs: start,
    hotspots: options.hotspots,
    redAtMs: startedMs,
  });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  // Radar frames fall on whole 6-minute marks; the world is advanced to each one to take its cells there
  // (slicing `advance` does not change the world).
  let nextFrame = Math.ceil(start / SIM_RADAR_EVERY_MS) * SIM_RADAR_EVERY_MS;
  // Strokes before this are already stored (null: none yet); read once, before the first tick ingests.
  let resumeAtMs: number | null = null;

  const tick = async () => {
    const target = now();
    let strokes: SimStroke[] = [];
    const frames: { timeMs: number; cells: SimCell[] }[] = [];
    while (options.radar && nextFrame <= target) {
      strokes = strokes.concat(sim.advance(nextFrame));
      frames.push({ timeMs: nextFrame, cells: sim.cells() });
      nextFrame += SIM_RADAR_EVERY_MS;
    }
    await ingestStrokes(strokes.concat(sim.advance(target)));
    if (!stopped) await options.mills?.(target, sim.cells());
    // Newest first: a map opened while the backfill's hours of frames are stored shows the present's radar,
    // which came last and took tens of seconds on a busy machine.
    for (const f of frames.reverse()) if (!stopped) await options.radar?.(f.timeMs, f.cells);
  };
  const ingestStrokes = async (all: SimStroke[]) => {
    const from = resumeAtMs;
    const strokes = from === null ? all : all.filter((s) => s.epochMs >= from);
    if (strokes.length === 0) return;
    // Large backfills go in slices: one batch stays well under the ingest's in-flight limit.
    for (let i = 0; i < strokes.length && !stopped; i += 20_000) {
      const slice = strokes.slice(i, i + 20_000).map((stroke, j) => ({ line: i + j, stroke }));
      try {
        await ingest.ingest(SIMULATOR_SOURCE, slice);
      } catch (error) {
        log.warn({ err: error }, 'simulator batch not ingested');
      }
    }
  };
  const resume = async () => {
    try {
      resumeAtMs = (await options.storedUntil?.(start, now())) ?? null;
    } catch (error) {
      log.warn({ err: error }, 'simulator: the strokes already stored could not be read; backfilling all');
    }
  };
  running = resume().then(tick);
  const timer = setInterval(() => {
    running = running.then(tick);
  }, tickMs);
  log.info({ seed: options.seed, backfillMin: options.backfillMin }, 'lightning simulator feeding demo data');
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
