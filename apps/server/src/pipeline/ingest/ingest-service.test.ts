import type { LineOutcome, ParsedStroke } from '@thunderwatch/domain/lightning/stroke';
import { describe, expect, it } from 'vitest';
import type { StrokeRow } from '../../modules/lightning/strokes/stroke-row.js';
import type { StrokesRepo } from '../../modules/lightning/strokes/strokes-repo.js';
import { turnsWhile } from '../../test/loop-turns.js';
import { StrokeBus } from '../stroke-bus.js';
import { FlashAssigner } from './flash-ids.js';
import { IngestService, WRITE_BATCH } from './ingest-service.js';

const NOW = Date.parse('2026-07-12T08:00:00Z');

function stroke(agoMs: number, lat = 23): ParsedStroke {
  return {
    epochMs: NOW - agoMs,
    ns: ((NOW - agoMs) % 1000) * 1e6,
    lat,
    lon: 113,
    peakKa: -20,
    type: 'CG',
    sensors: 5,
    multiplicity: null,
    majorKm: null,
    minorKm: null,
    ellipseDeg: null,
  };
}

/** A repository that stores in memory and can hold a write open until released. */
function fakeRepo() {
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const stored: (ParsedStroke & { flashId: number | null; source: string })[] = [];
  const repo = {
    hold() {
      gate = new Promise((r) => {
        release = r;
      });
    },
    release: () => release(),
    stored,
    async insert(
      source: string,
      strokes: readonly ParsedStroke[],
      flashIds: readonly (number | null)[],
    ): Promise<StrokeRow[]> {
      if (gate) await gate;
      const rows = strokes.map((s, i) => ({ ...s, flashId: flashIds[i] ?? null, source }));
      stored.push(...rows);
      return rows.map((r, i) => ({
        id: stored.length - rows.length + i + 1,
        time: new Date(r.epochMs),
        ns: r.ns,
        lat: r.lat,
        lon: r.lon,
        peak_ka: r.peakKa,
        is_ic: r.type === 'IC',
        sensors: r.sensors,
        multiplicity: r.multiplicity,
        flash_id: r.flashId,
        source: r.source,
      }));
    },
    async flashIdBlock() {
      return 1;
    },
  };
  return repo;
}

function service(repo: ReturnType<typeof fakeRepo>, bus = new StrokeBus(), maxInFlight = 1000) {
  return new IngestService({
    strokes: repo as unknown as StrokesRepo,
    flashes: new FlashAssigner(() => repo.flashIdBlock()),
    bus,
    limits: { retentionDays: 400, lateAfterMs: 10 * 60_000, maxInFlight },
    now: () => new Date(NOW),
  });
}

const outcomes = (strokes: ParsedStroke[]): LineOutcome[] =>
  strokes.map((s, i) => ({ line: i + 1, stroke: s }));

describe('IngestService', () => {
  it('stores late strokes but pushes only fresh ones live', async () => {
    const repo = fakeRepo();
    const bus = new StrokeBus();
    const live: number[] = [];
    bus.subscribe((rows) => live.push(...rows.map((r) => r.time.getTime())));
    const result = await service(repo, bus).ingest('net', outcomes([stroke(60_000), stroke(11 * 60_000)]));
    expect(result.accepted).toBe(2);
    expect(repo.stored).toHaveLength(2);
    expect(live).toEqual([NOW - 60_000]);
  });

  it('answers 503 with Retry-After instead of queueing without bound', async () => {
    const repo = fakeRepo();
    const svc = service(repo, new StrokeBus(), 10);
    repo.hold();
    const first = svc.ingest('net', outcomes(Array.from({ length: 8 }, (_, i) => stroke(1000 + i))));
    await expect(
      svc.ingest('net', outcomes([stroke(5000), stroke(6000), stroke(7000)])),
    ).rejects.toMatchObject({
      code: 'ingest.overloaded',
      statusCode: 503,
      retryAfterSec: 1,
    });
    repo.release();
    expect((await first).accepted).toBe(8);
    // Nothing accepted was lost, and the feed's retry goes through once the load is gone.
    expect((await svc.ingest('net', outcomes([stroke(5000)]))).accepted).toBe(1);
    expect(repo.stored).toHaveLength(9);
  });

  it('gives the strokes of one flash the same flash id and others their own', async () => {
    const repo = fakeRepo();
    await service(repo).ingest('net', outcomes([stroke(2000), stroke(1900), stroke(1000, 25)]));
    const [a, b, c] = repo.stored.map((s) => s.flashId);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('lists at most 1000 rejected lines but counts them all', async () => {
    const bad: LineOutcome[] = Array.from({ length: 1500 }, (_, i) => ({ line: i + 1, error: 'bad' }));
    const result = await service(fakeRepo(), new StrokeBus(), 10_000).ingest('net', bad);
    expect(result.rejected).toHaveLength(1000);
    expect(result.rejected_total).toBe(1500);
  });

  it('writes a large batch in time-ordered parts with loop turns between them, grouped as in one go', async () => {
    const repo = fakeRepo();
    const blocks = () => {
      let next = 1;
      return async () => {
        next += 1000;
        return next - 1000;
      };
    };
    const svc = new IngestService({
      strokes: repo as unknown as StrokesRepo,
      flashes: new FlashAssigner(blocks()),
      bus: new StrokeBus(),
      limits: { retentionDays: 400, lateAfterMs: 10 * 60_000, maxInFlight: 100_000 },
      now: () => new Date(NOW),
    });
    const sizes: number[] = [];
    const insert = repo.insert.bind(repo);
    repo.insert = (source, strokes, flashIds) => {
      sizes.push(strokes.length);
      return insert(source, strokes, flashIds);
    };
    // 10,500 strokes 40 ms apart in bursts over two places, given in reverse order: flashes span the parts.
    const strokes = Array.from({ length: 10_500 }, (_, i) =>
      stroke(600_000 - i * 40, 23 + (i % 7 === 0 ? 2 : 0)),
    );
    // The fake repository answers without I/O: a write done in one go lets no turn come before the answer.
    const { result, turns } = await turnsWhile(() => svc.ingest('net', outcomes([...strokes].reverse())));
    expect(result).toMatchObject({ accepted: 10_500, duplicates: 0, rejected_total: 0 });
    expect(Math.max(...sizes)).toBeLessThanOrEqual(WRITE_BATCH);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(10_500 / WRITE_BATCH) - 1);
    // The same flash ids as one assigner given the whole sorted batch at once.
    const whole = await new FlashAssigner(blocks()).assign('net', strokes);
    expect(repo.stored.map((s) => s.flashId)).toEqual(whole);
    expect(repo.stored.map((s) => s.epochMs)).toEqual(strokes.map((s) => s.epochMs));
  });
});
