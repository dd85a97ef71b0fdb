import type { StrokeDto } from './strokes.js';
import type { AlarmDto, WarningItem } from './warnings.js';

/** Typed socket.io events the server emits; `warning` and `alarm` go to the owning group's room only. */
export interface ServerToClientEvents {
  /** New live strokes, batched (at most every 250 ms). */
  strokes: (strokes: StrokeDto[]) => void;
  /** Locations whose warning changed (level, counts, countdown or approach). */
  warning: (items: WarningItem[]) => void;
  /** A new alarm (a level rise), or an alarm that was just confirmed. */
  alarm: (alarm: AlarmDto) => void;
}

export type ClientToServerEvents = Record<string, never>;
