import { cellFeature } from '@thunderwatch/domain/cells/cell-features';
import {
  type CellTrackerState,
  emptyTrackerState,
  flashesOfStrokes,
  stepCellTracker,
  TRACKER,
  type TrackerRadar,
} from '@thunderwatch/domain/cells/cell-tracker';
import type { CellFeature } from '@thunderwatch/shared/schemas/cells';
import type { TrackerStroke } from '../../modules/lightning/cells/cells-repo.js';
import type { CellRadarFrame, CellRadarReader } from './cell-radar.js';

export interface CellStepResult {
  timeMs: number;
  features: CellFeature[];
  state: CellTrackerState;
  /** Flashes of the strokes held for the step, and the time the step took where it ran (ms). */
  flashes: number;
  /** Strokes held for the step (those from 11 min before it on, each once however often read). */
  strokes: number;
  ms: number;
  /** The radar frame's objects (null without a frame), the time reading it took (ms, 0 when kept). */
  radarObjects: number | null;
  radarMs: number;
  /** Why the frame could not be used (the step ran without radar). */
  radarError: string | null;
}

/** Strokes kept: the clustering window and a minute more (older minutes live on in the tracker's state). */
export const KEEP_MS = TRACKER.windowMs + 60_000;

/**
 * The tracker's working set, on the cell worker (or inline in tests): the strokes of the last 11 minutes by
 * id (a stroke read twice counts once; one that came late takes its place by time, as they are sorted at
 * each step) and the tracker's state; each step groups them into flashes, reads
 * the radar frame it is given (its objects), runs `stepCellTracker`, and turns its cells into the API's
 * GeoJSON with nowcasts. A frame that cannot be read costs the step its radar, not the step.
 */
export class CellStepper {
  private strokes = new Map<number, TrackerStroke>();
  private state: CellTrackerState = emptyTrackerState();
  private idPrefix = '';

  constructor(private readonly radar: CellRadarReader | null = null) {}

  /** Starts from `state` (empty for null); cells born from now on get ids with `idPrefix` (a re-step's). */
  reset(state: CellTrackerState | null, idPrefix = ''): void {
    this.state = state ?? emptyTrackerState();
    this.idPrefix = idPrefix;
    this.strokes.clear();
  }

  add(strokes: readonly TrackerStroke[]): void {
    for (const s of strokes) this.strokes.set(s.id, s);
  }

  async step(nowMs: number, frame: CellRadarFrame | null = null): Promise<CellStepResult> {
    const started = performance.now();
    let radar: TrackerRadar | null = null;
    let radarError: string | null = null;
    if (frame && this.radar) {
      try {
        radar = await this.radar.objects(frame);
      } catch (error) {
        radarError = `${frame.product} ${new Date(frame.timeMs).toISOString()}: ${(error as Error).message}`;
      }
    }
    const radarMs = performance.now() - started;
    for (const [id, s] of this.strokes) if (s.timeMs < nowMs - KEEP_MS) this.strokes.delete(id);
    const flashes = flashesOfStrokes([...this.strokes.values()].sort((a, b) => a.timeMs - b.timeMs));
    const r = stepCellTracker(this.state, flashes, nowMs, radar, this.idPrefix);
    this.state = r.state;
    const features = r.cells.map(cellFeature);
    return {
      timeMs: nowMs,
      features,
      state: r.state,
      flashes: flashes.length,
      strokes: this.strokes.size,
      ms: performance.now() - started,
      radarObjects: radar ? radar.objects.length : null,
      radarMs,
      radarError,
    };
  }

  get size(): number {
    return this.strokes.size;
  }
}

/** id, time, lat, lon, IC (1/0), flash id (NaN for none) per stroke. */
export function packTrackerStrokes(strokes: readonly TrackerStroke[]): Float64Array {
  const out = new Float64Array(strokes.length * 6);
  strokes.forEach((s, i) => {
    out.set([s.id, s.timeMs, s.lat, s.lon, s.isIc ? 1 : 0, s.flashId ?? Number.NaN], i * 6);
  });
  return out;
}

export function unpackTrackerStrokes(packed: Float64Array): TrackerStroke[] {
  const out: TrackerStroke[] = [];
  for (let i = 0; i < packed.length; i += 6) {
    const flash = packed[i + 5] as number;
    out.push({
      id: packed[i] as number,
      timeMs: packed[i + 1] as number,
      lat: packed[i + 2] as number,
      lon: packed[i + 3] as number,
      isIc: packed[i + 4] === 1,
      flashId: Number.isNaN(flash) ? null : flash,
    });
  }
  return out;
}
