/**
 * Hourly stroke rollups: what one region or one 0.1° cell saw in one UTC hour, as counts that add up. The
 * ingest adds a batch's counts to the stored rows (upsert adding deltas), the rebuild recomputes a day from
 * the raw strokes; both go through `addStroke`, so they agree by construction. An hour is keyed by its start
 * instant, so the days and hours of any time zone whose offset is whole hours are sums of whole rows
 * (`local-hours.ts`).
 */

const HOUR_MS = 3_600_000;

/** Lower bounds of the |peak current| buckets, kA: bucket i holds [KA_BUCKETS[i], KA_BUCKETS[i+1]), the last is open. */
export const KA_BUCKETS = [0, 5, 10, 20, 30, 50, 75, 100, 150, 200] as const;
/** Multiplicity buckets: 1, 2, 3, 4 and 5 or more (the sensor network's reported multiplicity). */
export const MULT_BUCKETS = 5;

/** One stroke as the rollups read it. */
export interface RollupStroke {
  timeMs: number;
  lat: number;
  lon: number;
  peakKa: number;
  ic: boolean;
  multiplicity: number | null;
  /** The earliest stroke of its flash: the flash is counted here (its day, region and cell). */
  flashStart: boolean;
}

export interface RollupCounts {
  strokes: number;
  cg: number;
  ic: number;
  cgPos: number;
  cgNeg: number;
  icPos: number;
  icNeg: number;
  flashes: number;
  cgFlashes: number;
  sumAbsKa: number;
  maxAbsKa: number;
  /** Strokes per |kA| bucket (KA_BUCKETS). */
  ka: number[];
  /** Strokes per multiplicity bucket (1…4, ≥ 5); strokes without a multiplicity are left out. */
  mult: number[];
  firstMs: number;
  lastMs: number;
}

export function emptyCounts(): RollupCounts {
  return {
    strokes: 0,
    cg: 0,
    ic: 0,
    cgPos: 0,
    cgNeg: 0,
    icPos: 0,
    icNeg: 0,
    flashes: 0,
    cgFlashes: 0,
    sumAbsKa: 0,
    maxAbsKa: 0,
    ka: new Array(KA_BUCKETS.length).fill(0),
    mult: new Array(MULT_BUCKETS).fill(0),
    firstMs: Number.POSITIVE_INFINITY,
    lastMs: Number.NEGATIVE_INFINITY,
  };
}

/** The bucket of an absolute peak current. */
export function kaBucket(absKa: number): number {
  let i = 0;
  while (i + 1 < KA_BUCKETS.length && absKa >= (KA_BUCKETS[i + 1] as number)) i++;
  return i;
}

export function multBucket(multiplicity: number): number {
  return Math.min(MULT_BUCKETS, Math.max(1, Math.floor(multiplicity))) - 1;
}

/** Adds one stroke. Polarity: positive when peakKa > 0, else negative. */
export function addStroke(c: RollupCounts, s: RollupStroke): void {
  const abs = Math.abs(s.peakKa);
  c.strokes++;
  if (s.ic) {
    c.ic++;
    if (s.peakKa > 0) c.icPos++;
    else c.icNeg++;
  } else {
    c.cg++;
    if (s.peakKa > 0) c.cgPos++;
    else c.cgNeg++;
  }
  if (s.flashStart) {
    c.flashes++;
    if (!s.ic) c.cgFlashes++;
  }
  c.sumAbsKa += abs;
  c.maxAbsKa = Math.max(c.maxAbsKa, abs);
  const k = kaBucket(abs);
  c.ka[k] = (c.ka[k] as number) + 1;
  if (s.multiplicity !== null && s.multiplicity > 0) {
    const m = multBucket(s.multiplicity);
    c.mult[m] = (c.mult[m] as number) + 1;
  }
  c.firstMs = Math.min(c.firstMs, s.timeMs);
  c.lastMs = Math.max(c.lastMs, s.timeMs);
}

/** `into` plus `c` (what the database's upsert does with a stored row and a batch's delta). */
export function mergeCounts(into: RollupCounts, c: RollupCounts): RollupCounts {
  const add = (a: number[], b: number[]) => a.map((x, i) => x + (b[i] ?? 0));
  return {
    strokes: into.strokes + c.strokes,
    cg: into.cg + c.cg,
    ic: into.ic + c.ic,
    cgPos: into.cgPos + c.cgPos,
    cgNeg: into.cgNeg + c.cgNeg,
    icPos: into.icPos + c.icPos,
    icNeg: into.icNeg + c.icNeg,
    flashes: into.flashes + c.flashes,
    cgFlashes: into.cgFlashes + c.cgFlashes,
    sumAbsKa: into.sumAbsKa + c.sumAbsKa,
    maxAbsKa: Math.max(into.maxAbsKa, c.maxAbsKa),
    ka: add(into.ka, c.ka),
    mult: add(into.mult, c.mult),
    firstMs: Math.min(into.firstMs, c.firstMs),
    lastMs: Math.max(into.lastMs, c.lastMs),
  };
}

/** The start of the UTC hour holding an instant, epoch ms. */
export function hourStart(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** The 0.1° cell of a point: cy = floor(lat × 10), cx = floor(lon × 10) (south-west corner in tenths of a degree). */
export function cellOf(lat: number, lon: number): { cy: number; cx: number } {
  // Round first so 23.3 (23.299999…×10) lands in cell 233 as people read it.
  const t = (v: number) => Math.floor(Math.round(v * 1e7) / 1e6);
  return { cy: Math.min(899, t(lat)), cx: Math.min(1799, t(lon)) };
}

export interface RolledUp {
  /** Key `hour|code`, the hour its start as an ISO instant ('2026-07-01T10:00:00.000Z'). */
  regions: Map<string, RollupCounts>;
  /** Key `hour|cy|cx`. */
  cells: Map<string, RollupCounts>;
}

/**
 * The rollups of a set of strokes: per UTC hour and region code (the finest region found: a city, or a
 * province where no city holds the point; strokes outside every region are in the cells only), and per UTC
 * hour and cell.
 */
export function rollUp(
  strokes: Iterable<RollupStroke>,
  regionOf: (lat: number, lon: number) => string | null,
): RolledUp {
  const regions = new Map<string, RollupCounts>();
  const cells = new Map<string, RollupCounts>();
  const at = (m: Map<string, RollupCounts>, key: string) => {
    const had = m.get(key);
    if (had) return had;
    const c = emptyCounts();
    m.set(key, c);
    return c;
  };
  let hourMs = Number.NaN;
  let hour = '';
  for (const s of strokes) {
    const h = hourStart(s.timeMs);
    if (h !== hourMs) {
      hourMs = h;
      hour = new Date(h).toISOString();
    }
    const code = regionOf(s.lat, s.lon);
    if (code) addStroke(at(regions, `${hour}|${code}`), s);
    const { cy, cx } = cellOf(s.lat, s.lon);
    addStroke(at(cells, `${hour}|${cy}|${cx}`), s);
  }
  return { regions, cells };
}

/** Adds `more` into `into` (the rebuild rolls a day up an hour at a time). */
export function mergeRolledUp(into: RolledUp, more: RolledUp): void {
  for (const kind of ['regions', 'cells'] as const)
    for (const [key, c] of more[kind]) {
      const had = into[kind].get(key);
      into[kind].set(key, had ? mergeCounts(had, c) : c);
    }
}

/**
 * Marks each stroke that opens a flash: the earliest (by time) of the strokes carrying a flash id, unless
 * `seenBefore` says the flash already had a stroke earlier. Strokes without a flash id are flashes of one.
 */
export function flashStarts(
  strokes: readonly { timeMs: number; flashId: number | null }[],
  seenBefore: (flashId: number) => boolean = () => false,
): boolean[] {
  const time = strokes.map((s) => s.timeMs);
  const order = strokes.map((_, i) => i).sort((a, b) => (time[a] as number) - (time[b] as number) || a - b);
  const seen = new Set<number>();
  const out = new Array<boolean>(strokes.length).fill(false);
  for (const i of order) {
    const id = strokes[i]?.flashId ?? null;
    if (id === null) {
      out[i] = true;
      continue;
    }
    if (seen.has(id) || seenBefore(id)) continue;
    seen.add(id);
    out[i] = true;
  }
  return out;
}
