import type { InboxItem } from './schemas/notifications.js';
import type { SensorLatestDto } from './schemas/sensors.js';
import type { AlarmDto, WarningItem } from './schemas/warnings.js';
import type { CompactStroke } from './strokes.js';

/**
 * Typed socket.io events the server emits; `warning` and `alarm` go to the owning group's room only, `strokes`
 * to the sockets that subscribed to them.
 */
export interface ServerToClientEvents {
  /** New live strokes in the compact form the map keeps, batched (at most every 250 ms). */
  strokes: (strokes: CompactStroke[]) => void;
  /** Locations whose warning changed (level, counts, countdown or approach). */
  warning: (items: WarningItem[]) => void;
  /** A new alarm (a level rise), or an alarm that was just confirmed. */
  alarm: (alarm: AlarmDto) => void;
  /** The latest readings of the group's sensors heard from, at most once a second (latest per sensor). */
  sensor: (items: SensorLatestDto[]) => void;
  /** A new message in the user's in-app inbox (to that user's room only). */
  notification: (item: InboxItem) => void;
}

/**
 * What a client asks of the server. Live strokes go only to sockets that asked for them (a map is open), so
 * that screens without one are not sent every stroke of a storm; the optional acknowledgement says when.
 */
export interface ClientToServerEvents {
  'strokes:subscribe': (ack?: () => void) => void;
  'strokes:unsubscribe': () => void;
  /** A round trip: its acknowledgement comes after everything the server sent this client before it. */
  sync: (ack: () => void) => void;
}
