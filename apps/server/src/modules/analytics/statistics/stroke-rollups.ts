import type { ParsedStroke } from '@thunderwatch/domain/stroke';
import {
  flashStarts,
  mergeRolledUp,
  type RolledUp,
  type RollupStroke,
  rollUp,
} from '@thunderwatch/domain/stroke-rollup';
import type { Database, Queryable } from '../../../db/database.js';
import type { StrokeRow } from '../../lightning/strokes/stroke-row.js';
import type { RawRollupStroke, RollupSourceRepo, RollupsRepo } from './rollups-repo.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A flash spans less than a second: a chunk's flash ids seen this long before it are not new. */
const FLASH_LOOKBACK_MS = 2_000;

const pointKey = (lat: number, lon: number) => `${lat},${lon}`;

/**
 * Keeps the daily rollups (per region, per 0.1° cell) as strokes are stored, and rebuilds them from the raw
 * strokes. The region of each stroke is looked up before the insert's transaction (an R-tree of the full
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
   * Looks up the batch's regions, and returns what the insert runs in its transaction with the rows it
   * stored (duplicates are not among them: only new strokes are added). A flash is counted at its earliest
   * stored stroke when the batch opened it (`opened`).
   */
  async prepare(
    strokes: readonly ParsedStroke[],
    opened: ReadonlySet<number>,
  ): Promise<(tx: Queryable, stored: StrokeRow[]) => Promise<void>> {
    const codeAt = await this.d.codeAt();
    const codes = new Map<string, string | null>();
    for (const s of strokes) {
      const k = pointKey(s.lat, s.lon);
      if (!codes.has(k)) codes.set(k, codeAt(s.lon, s.lat));
    }
    const regionOf = (lat: number, lon: number) => {
      const k = pointKey(lat, lon);
      return codes.has(k) ? (codes.get(k) ?? null) : codeAt(lon, lat);
    };
    return async (tx, stored) => {
      const starts = flashStarts(
        stored.map((r) => ({ timeMs: r.time.getTime(), flashId: r.flash_id })),
        (id) => !opened.has(id),
      );
      const rows = stored.map(
        (r, i): RollupStroke => ({
          timeMs: r.time.getTime(),
          lat: r.lat,
          lon: r.lon,
          peakKa: r.peak_ka,
          ic: r.is_ic,
          multiplicity: r.multiplicity,
          flashStart: starts[i] === true,
        }),
      );
      await this.d.repo.add(tx, rollUp(rows, regionOf));
    };
  }

  /**
   * Recomputes the rollups of the UTC days touching [from, to) from the raw strokes (an archive import, or
   * after a crash): each day is deleted and written anew in one transaction. Days whose raw strokes
   * retention has dropped come back empty: rebuild only what is still stored.
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
        await this.d.repo.deleteDays(tx, dayText, new Date(day + DAY_MS).toISOString().slice(0, 10));
        await this.d.repo.add(tx, rolled);
      });
      total += count;
      days++;
      progress?.(dayText, count);
    }
    return { days, strokes: total };
  }
}
