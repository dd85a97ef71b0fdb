/** The arithmetic of a statistics query: counts per group and per density cell, and local time buckets. */

export interface QueryStroke {
  timeMs: number;
  lat: number;
  lon: number;
  isIc: boolean;
  /** Signed peak current, kA. */
  peakKa: number;
}

export interface Counts {
  strokes: number;
  cg: number;
  ic: number;
  positive: number;
  negative: number;
  max_abs_ka: number | null;
  mean_abs_ka: number | null;
}

class Tally {
  strokes = 0;
  cg = 0;
  ic = 0;
  positive = 0;
  negative = 0;
  maxAbs = 0;
  sumAbs = 0;

  add(s: QueryStroke): void {
    const abs = Math.abs(s.peakKa);
    this.strokes++;
    if (s.isIc) this.ic++;
    else this.cg++;
    if (s.peakKa >= 0) this.positive++;
    else this.negative++;
    this.maxAbs = Math.max(this.maxAbs, abs);
    this.sumAbs += abs;
  }

  counts(): Counts {
    const some = this.strokes > 0;
    return {
      strokes: this.strokes,
      cg: this.cg,
      ic: this.ic,
      positive: this.positive,
      negative: this.negative,
      max_abs_ka: some ? Math.round(this.maxAbs * 10) / 10 : null,
      mean_abs_ka: some ? Math.round((this.sumAbs / this.strokes) * 10) / 10 : null,
    };
  }
}

/** Density cell sizes to choose from: the finest that keeps the area's box within `maxCells`. */
const CELL_LADDER = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2];

export function densityCellDeg(
  box: { west: number; south: number; east: number; north: number },
  maxCells = 40_000,
): number {
  const width = box.east >= box.west ? box.east - box.west : box.east + 360 - box.west;
  const height = box.north - box.south;
  for (const cell of CELL_LADDER) if ((width / cell) * (height / cell) <= maxCells) return cell;
  return CELL_LADDER[CELL_LADDER.length - 1] as number;
}

/** Counts overall, per group key and per density cell, as strokes are added one by one. */
export class QueryAggregator {
  private readonly totals = new Tally();
  private readonly groups = new Map<string, Tally>();
  private readonly cells = new Map<string, number>();

  constructor(private readonly o: { groupKey: (s: QueryStroke) => string | null; cellDeg: number }) {}

  add(s: QueryStroke): void {
    this.totals.add(s);
    const key = this.o.groupKey(s);
    if (key !== null) {
      let tally = this.groups.get(key);
      if (!tally) {
        tally = new Tally();
        this.groups.set(key, tally);
      }
      tally.add(s);
    }
    const i = Math.floor(s.lat / this.o.cellDeg + 1e-9);
    const j = Math.floor(s.lon / this.o.cellDeg + 1e-9);
    const cell = `${i},${j}`;
    this.cells.set(cell, (this.cells.get(cell) ?? 0) + 1);
  }

  result(): {
    totals: Counts;
    groups: ({ key: string } & Counts)[];
    density: { cell_deg: number; cells: [number, number, number][] };
  } {
    const cell = this.o.cellDeg;
    const round = (x: number) => Math.round(x * 1e6) / 1e6;
    return {
      totals: this.totals.counts(),
      groups: [...this.groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, tally]) => ({ key, ...tally.counts() })),
      density: {
        cell_deg: cell,
        cells: [...this.cells.entries()].map(([k, n]) => {
          const [i, j] = k.split(',').map(Number) as [number, number];
          return [round(i * cell), round(j * cell), n];
        }),
      },
    };
  }
}

/** A time zone's offset from UTC, read once per UTC hour it is asked about (zones change on the hour or half). */
export class ZoneOffsets {
  private readonly cache = new Map<number, number>();
  private readonly format: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  offsetMs(timeMs: number): number {
    // Quarter-hour slots: a few zones change at :30 or :45.
    const slot = Math.floor(timeMs / 900_000);
    const hit = this.cache.get(slot);
    if (hit !== undefined) return hit;
    const at = slot * 900_000;
    const parts = Object.fromEntries(this.format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    const offset = local - at;
    this.cache.set(slot, offset);
    return offset;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local hour, day or month of an instant as a sortable key. */
export function localBucket(timeMs: number, offsets: ZoneOffsets, by: 'hour' | 'day' | 'month'): string {
  const d = new Date(timeMs + offsets.offsetMs(timeMs));
  const month = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
  if (by === 'month') return month;
  const day = `${month}-${pad(d.getUTCDate())}`;
  return by === 'day' ? day : `${day} ${pad(d.getUTCHours())}:00`;
}
