import type { PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import type { Queryable } from '../../../db/database.js';

/** A change of a zone, told to what is made from zones inside the zone's own transaction. */
export type ZoneChange =
  | { type: 'reshape'; zoneId: number; geometry: PolygonGeometry; at: Date }
  | { type: 'delete'; zoneId: number };

/**
 * Follows a zone's change in its transaction (and may refuse it by throwing); the function it returns,
 * if any, runs after the commit.
 */
export type ZoneFollower = (tx: Queryable, change: ZoneChange) => Promise<(() => void) | undefined>;

/**
 * Zones publish their changes here; locations made from a zone follow them. Zones so know nothing of
 * locations, and a zone and the locations made from it still change in one transaction.
 */
export class ZoneChanges {
  private readonly followers: ZoneFollower[] = [];

  follow(follower: ZoneFollower): void {
    this.followers.push(follower);
  }

  /** Runs every follower with `tx`; the answer runs what they left for after the commit. */
  async publish(tx: Queryable, change: ZoneChange): Promise<() => void> {
    const after: (() => void)[] = [];
    for (const follow of this.followers) {
      const then = await follow(tx, change);
      if (then) after.push(then);
    }
    return () => {
      for (const then of after) then();
    };
  }
}
