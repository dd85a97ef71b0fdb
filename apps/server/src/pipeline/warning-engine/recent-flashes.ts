import type { ApproachFlash } from '@thunderwatch/domain/cells/storm-cells';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';

const KEEP_MS = 30 * 60_000;
/**
 * Beyond this the oldest flashes go first: memory and a round's clustering stay bounded in any storm
 * (six times the 50,000 flashes in 30 min of the storm benchmark).
 */
export const MAX_FLASHES = 300_000;

/** The first stroke of every flash of the last 30 minutes: what storm cells and approaches are found from. */
export class RecentFlashes {
  private flashes: ApproachFlash[] = [];
  private readonly seenFlash = new Map<number, number>();

  add(strokes: readonly Pick<EngineStroke, 'timeMs' | 'lat' | 'lon' | 'flashId'>[]): void {
    for (const s of strokes) {
      if (s.flashId !== null) {
        if (this.seenFlash.has(s.flashId)) continue;
        this.seenFlash.set(s.flashId, s.timeMs);
      }
      this.flashes.push({ timeMs: s.timeMs, lat: s.lat, lon: s.lon });
    }
  }

  all(): readonly ApproachFlash[] {
    return this.flashes;
  }

  /** Forget flashes older than 30 minutes (and the oldest ones beyond the cap). */
  prune(nowMs: number): void {
    let oldest = nowMs - KEEP_MS;
    if (this.flashes.length > MAX_FLASHES) {
      const times = Float64Array.from(this.flashes, (f) => -f.timeMs).sort();
      oldest = Math.max(oldest, -(times[MAX_FLASHES - 1] as number));
    }
    this.flashes = this.flashes.filter((f) => f.timeMs >= oldest);
    // A flash lasts at most a second: its id is only needed while its strokes can still arrive.
    for (const [id, t] of this.seenFlash) if (t < nowMs - 2 * 60_000) this.seenFlash.delete(id);
  }

  get size(): number {
    return this.flashes.length;
  }
}
