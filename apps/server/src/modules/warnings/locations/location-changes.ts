import type { StoredPredict } from '@thunderwatch/domain/warnings/predict-setting';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';

/** A location as the warning engine needs it (rings innermost first). */
export interface LocationRecord {
  id: number;
  groupId: number;
  name: string;
  /** Its English name (null: none): alarms name the site in their reader's language. */
  nameEn: string | null;
  shape: LocationShape;
  zoneId: number | null;
  timeZone: string;
  enabled: boolean;
  rings: Ring[];
  /** Early warning from lightning jumps (off unless set). */
  predict: StoredPredict;
}

export type LocationChange =
  | { type: 'upsert'; location: LocationRecord }
  | { type: 'delete'; id: number; groupId: number };

export type LocationListener = (change: LocationChange) => void;

/**
 * Location edits, published after their transaction commits, so that the engine updates its spatial index
 * one location at a time instead of reloading every location.
 */
export class LocationChanges {
  private readonly listeners = new Set<LocationListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Returns the function that unsubscribes. */
  subscribe(fn: LocationListener): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  publish(change: LocationChange): void {
    for (const fn of this.listeners) {
      // One failing listener must not keep the change from the others.
      try {
        fn(change);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
