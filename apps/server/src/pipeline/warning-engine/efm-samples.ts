import type { EfmSample } from './predicted-warnings.js';

/** A field mill's latest reading, as the sensors table keeps it. */
export interface MillReadingRow {
  id: string;
  location_id: string;
  last_time: Date;
  field: number;
}

/** A mill's reading older than this next to a location's newest is left out of its |E| (a mill gone quiet). */
const FRESH_MS = 120_000;
/** How often the engine reads the mills. */
export const EFM_POLL_MS = 2000;

/**
 * The field mills' latest readings as the engine sees them: each poll reads the mills read since the last
 * one (from the sensors table, so readings ingested on any node count) and gives one sample per location
 * with a new reading: the largest |E| of its mills' fresh readings, at the newest one's time.
 */
export class EfmSamples {
  private readonly mills = new Map<string, { locationId: number; timeMs: number; kvm: number }>();
  private sinceMs: number | null = null;
  private lastPollMs = 0;

  constructor(private readonly read: (since: Date) => Promise<MillReadingRow[]>) {}

  due(nowMs: number): boolean {
    return nowMs - this.lastPollMs >= EFM_POLL_MS;
  }

  async poll(nowMs: number): Promise<Map<number, EfmSample>> {
    this.lastPollMs = nowMs;
    const since = this.sinceMs ?? nowMs - FRESH_MS;
    const rows = await this.read(new Date(since));
    const touched = new Set<number>();
    for (const r of rows) {
      const timeMs = r.last_time.getTime();
      const locationId = Number(r.location_id);
      const known = this.mills.get(r.id);
      if (known && known.locationId !== locationId) touched.add(known.locationId);
      this.mills.set(r.id, { locationId, timeMs, kvm: Math.abs(r.field) });
      touched.add(locationId);
      this.sinceMs = Math.max(this.sinceMs ?? 0, timeMs);
    }
    const out = new Map<number, EfmSample>();
    if (touched.size === 0) return out;
    const newest = new Map<number, number>();
    for (const m of this.mills.values())
      if (touched.has(m.locationId))
        newest.set(m.locationId, Math.max(newest.get(m.locationId) ?? 0, m.timeMs));
    for (const [id, m] of this.mills) {
      const top = newest.get(m.locationId);
      if (top === undefined) continue;
      if (top - m.timeMs > FRESH_MS) {
        this.mills.delete(id);
        continue;
      }
      const seen = out.get(m.locationId);
      out.set(m.locationId, { timeMs: top, kvm: Math.max(seen?.kvm ?? 0, m.kvm) });
    }
    return out;
  }
}
