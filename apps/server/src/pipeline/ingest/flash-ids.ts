import { FlashGrouper } from '@thunderwatch/domain/lightning/flash-grouper';
import type { ParsedStroke } from '@thunderwatch/domain/lightning/stroke';

const BLOCK = 1000;
/** Flashes whose first stroke is this much older than the newest stroke seen can no longer grow. */
const KEEP_OPEN_MS = 60_000;

/**
 * Assigns flash ids to strokes as they arrive. Ids come from a database sequence in blocks of 1000,
 * so several nodes never hand out the same id.
 */
export class FlashAssigner {
  /** Unused ids as half-open ranges [from, to). */
  private readonly ranges: [number, number][] = [];
  private available = 0;
  private newest = 0;
  /** The ids opened by the `assign` running now (its grouping is synchronous). */
  private opening: Set<number> | null = null;
  private readonly grouper = new FlashGrouper({ nextId: () => this.take() });

  constructor(private readonly allocateBlock: () => Promise<number>) {}

  private take(): number {
    const range = this.ranges[0];
    if (!range) throw new Error('flash id pool exhausted');
    const id = range[0]++;
    this.available--;
    if (range[0] === range[1]) this.ranges.shift();
    this.opening?.add(id);
    return id;
  }

  /** Flash ids for `strokes` of one source (sorted by time), index for index. */
  async assign(source: string, strokes: readonly ParsedStroke[]): Promise<number[]> {
    return (await this.assignOpened(source, strokes)).ids;
  }

  /** Flash ids as `assign`, and the ids of the flashes this batch opened (the others existed before). */
  async assignOpened(
    source: string,
    strokes: readonly ParsedStroke[],
  ): Promise<{ ids: number[]; opened: Set<number> }> {
    // Worst case every stroke starts a flash: have that many ids at hand before the synchronous grouping.
    while (this.available < strokes.length) {
      const start = await this.allocateBlock();
      this.ranges.push([start, start + BLOCK]);
      this.available += BLOCK;
    }
    const opened = new Set<number>();
    this.opening = opened;
    try {
      const ids = strokes.map((s) =>
        this.grouper.assign({ epochMs: s.epochMs, ns: s.ns, lat: s.lat, lon: s.lon, source }),
      );
      for (const s of strokes) this.newest = Math.max(this.newest, s.epochMs);
      this.grouper.prune(this.newest - KEEP_OPEN_MS);
      return { ids, opened };
    } finally {
      this.opening = null;
    }
  }
}
