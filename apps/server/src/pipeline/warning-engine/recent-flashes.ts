import type { ApproachFlash } from '@thunderwatch/domain/storm-approach';
import type { EngineStroke } from '@thunderwatch/domain/warning-engine';

const CELL_DEG = 0.5;
const KEEP_MS = 30 * 60_000;
/** Beyond this the oldest flashes go first: memory stays bounded in any storm. */
const MAX_FLASHES = 300_000;

/**
 * The first stroke of every flash of the last 30 minutes, in a coarse lat/lon grid: what the storm
 * approach of a location is estimated from.
 */
export class RecentFlashes {
  private readonly cells = new Map<string, ApproachFlash[]>();
  private readonly seenFlash = new Map<number, number>();
  private total = 0;

  add(strokes: readonly Pick<EngineStroke, 'timeMs' | 'lat' | 'lon' | 'flashId'>[]): void {
    for (const s of strokes) {
      if (s.flashId !== null) {
        if (this.seenFlash.has(s.flashId)) continue;
        this.seenFlash.set(s.flashId, s.timeMs);
      }
      const key = cellKey(s.lat, s.lon);
      let cell = this.cells.get(key);
      if (!cell) {
        cell = [];
        this.cells.set(key, cell);
      }
      cell.push({ timeMs: s.timeMs, lat: s.lat, lon: s.lon });
      this.total++;
    }
  }

  /** Flashes within about `rangeKm` of the point (a superset: the caller measures exactly). */
  near(lat: number, lon: number, rangeKm: number): ApproachFlash[] {
    const dLat = rangeKm / 111;
    const cos = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    const dLon = Math.min(180, rangeKm / (111 * cos));
    const out: ApproachFlash[] = [];
    for (let y = Math.floor((lat - dLat) / CELL_DEG); y <= Math.floor((lat + dLat) / CELL_DEG); y++) {
      for (let x = Math.floor((lon - dLon) / CELL_DEG); x <= Math.floor((lon + dLon) / CELL_DEG); x++) {
        const wrapped = ((((x * CELL_DEG + 180) % 360) + 360) % 360) - 180;
        const cell = this.cells.get(`${y}:${Math.floor(wrapped / CELL_DEG)}`);
        // Not push(...cell): a cell of a heavy storm holds more flashes than a call may take arguments.
        if (cell) for (const f of cell) out.push(f);
      }
    }
    return out;
  }

  /** Forget flashes older than 30 minutes (and the oldest ones beyond the cap). */
  prune(nowMs: number): void {
    let oldest = nowMs - KEEP_MS;
    if (this.total > MAX_FLASHES) oldest = Math.max(oldest, this.cutoffForCap());
    this.total = 0;
    for (const [key, cell] of this.cells) {
      const kept = cell.filter((f) => f.timeMs >= oldest);
      if (kept.length === 0) this.cells.delete(key);
      else this.cells.set(key, kept);
      this.total += kept.length;
    }
    // A flash lasts at most a second: its id is only needed while its strokes can still arrive.
    for (const [id, t] of this.seenFlash) if (t < nowMs - 2 * 60_000) this.seenFlash.delete(id);
  }

  get size(): number {
    return this.total;
  }

  private cutoffForCap(): number {
    const times: number[] = [];
    for (const cell of this.cells.values()) for (const f of cell) times.push(f.timeMs);
    times.sort((a, b) => b - a);
    return times[MAX_FLASHES - 1] ?? Number.NEGATIVE_INFINITY;
  }
}

function cellKey(lat: number, lon: number): string {
  return `${Math.floor(lat / CELL_DEG)}:${Math.floor(lon / CELL_DEG)}`;
}
