import type { ParsedStroke } from '@thunderwatch/domain/lightning/stroke';
import {
  flashStarts,
  mergeRolledUp,
  type RolledUp,
  type RollupStroke,
  rollUp,
} from '@thunderwatch/domain/lightning/stroke-rollup';
import type { Database, Queryable } from '../../../db/database.js';
import type { StrokeRow } from '../../lightning/strokes/stroke-row.js';
import type { RawRollupStroke, RollupSourceRepo, RollupsRepo } from './rollups-repo.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A flash spans less than a second: a chunk's flash ids seen this long before it are not new. */
const FLASH_LOOKBACK_MS = 2_000;

/**
 * Keeps the hourly rollups (per region, per 0.1° cell, per UTC hour) as strokes are stored, and rebuilds them
 * from the raw strokes. The region of each stroke is looked up before the insert's transaction (an R-tree of the full
 * boundaries, then point-in-polygon), so the transaction only adds up and upserts.
 */
export class StrokeRollups {
  constructor(
    private readonly d: {
      db: Database;
      repo: RollupsRepo;
      source: RollupSourceRepo;
      /** The region code at a point (city, else province, else null). */
      codeAt: () => Promise<(lon: number, lat: number) => string | null>;
    },
  ) {}

  /**
   * Rolls the batch up before the insert's transaction (region lookups and sums stay outside the stroke log's
   * lock), and returns what the insert runs in its transaction with the rows it stored: the upsert of those
   * sums, or, when some strokes were duplicates (not stored), of the stored rows' sums. A flash is counted at
   * its earliest stroke when the batch opened it (`opened`).
   */
  async prepare(
    strokes: readonly ParsedStroke[],
    flashIds: readonly (number | null)[],
    opened: ReadonlySet<number>,
  ): Promise<(tx: Queryable, stored: StrokeRow[]) => Promise<void>> {
    const codeAt = await this.d.codeAt();
    const regionOf = (lat: number, lon: number) => codeAt(lon, lat);
    const notOpened = (id: number) => !opened.has(id);
    const starts = flashStarts(
      strokes.map((s, i) => ({ timeMs: s.epochMs, flashId: flashIds[i] ?? null })),
      notOpened,
    );
    const all = rollUp(
      strokes.map(
        (s, i): RollupStroke => ({
          timeMs: s.epochMs,
          lat: s.lat,
          lon: s.lon,
          peakKa: s.peakKa,
          ic: s.type === 'IC',
          multiplicity: s.multiplicity,
          flashStart: starts[i] === true,
        }),
      ),
      regionOf,
    );
    return async (tx, stored) => {
      // Every stroke stored (the stored rows are a subset of the batch): the sums made beforehand hold.
      if (stored.length === strokes.length) return this.d.repo.add(tx, all);
      const storedStarts = flashStarts(
        stored.map((r) => ({ timeMs: r.time.getTime(), flashId: r.flash_id })),
        notOpened,
      );
      const rows = stored.map(
        (r, i): RollupStroke => ({
          timeMs: r.time.getTime(),
          lat: r.lat,
          lon: r.lon,
          peakKa: r.peak_ka,
          ic: r.is_ic,
          multiplicity: r.multiplicity,
          flashStart: storedStarts[i] === true,
        }),
      );
      await this.d.repo.add(tx, rollUp(rows, regionOf));
    };
  }

  /**
   * Recomputes the hourly rollups of the UTC days touching [from, to) from the raw strokes (an archive import,
   * after a crash, or after migration 040): each day's 24 hours are deleted and written anew in one
   * transaction. Days whose raw strokes retention has dropped come back empty: rebuild only what is still
   * stored.
   */
  async rebuild(
    from: Date,
    to: Date,
    progress?: (day: string, strokes: number) => void,
  ): Promise<{ days: number; strokes: number }> {
    const codeAt = await this.d.codeAt();
    let total = 0;
    let days = 0;
    for (let day = Math.floor(from.getTime() / DAY_MS) * DAY_MS; day < to.getTime(); day += DAY_MS) {
      const rolled: RolledUp = { regions: new Map(), cells: new Map() };
      let count = 0;
      let seen = new Set(await this.d.source.flashIdsBetween(day - FLASH_LOOKBACK_MS, day));
      for (let h = day; h < day + DAY_MS; h += HOUR_MS) {
        const raw: RawRollupStroke[] = await this.d.source.strokesBetween(h, h + HOUR_MS);
        const starts = flashStarts(
          raw.map((r) => ({ timeMs: r.time_ms, flashId: r.flash_id })),
          (id) => seen.has(id),
        );
        const next = new Set<number>();
        const strokes = raw.map((r, i): RollupStroke => {
          if (r.flash_id !== null) next.add(r.flash_id);
          return {
            timeMs: r.time_ms,
            lat: r.lat,
            lon: r.lon,
            peakKa: r.peak_ka,
            ic: r.is_ic,
            multiplicity: r.multiplicity,
            flashStart: starts[i] === true,
          };
        });
        mergeRolledUp(
          rolled,
          rollUp(strokes, (lat, lon) => codeAt(lon, lat)),
        );
        count += strokes.length;
        // Flashes last < 1 s: only the previous hour's ids can continue into the next.
        seen = next;
      }
      const dayText = new Date(day).toISOString().slice(0, 10);
      await this.d.db.transaction(async (tx) => {
        await this.d.repo.deleteHours(tx, new Date(day), new Date(day + DAY_MS));
        await this.d.repo.add(tx, rolled);
      });
      total += count;
      days++;
      progress?.(dayText, count);
    }
    return { days, strokes: total };
  }

  /**
   * After migration 040: rebuilds, day by day, every UTC day of the set-aside daily rollups whose raw strokes
   * are still stored (the others stay UTC-day history in the *_utc_day tables).
   */
  async rebuildLegacy(
    progress?: (day: string, strokes: number) => void,
  ): Promise<{ days: number; strokes: number }> {
    const days = await this.d.source.legacyDaysWithStrokes();
    let total = 0;
    for (const day of days) {
      const from = new Date(`${day}T00:00:00Z`);
      const done = await this.rebuild(from, new Date(from.getTime() + DAY_MS), progress);
      total += done.strokes;
    }
    return { days: days.length, strokes: total };
  }
}
