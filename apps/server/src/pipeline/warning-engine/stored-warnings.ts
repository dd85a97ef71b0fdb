import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level } from '@thunderwatch/shared/warnings';
import type { LocationRecord } from '../../modules/warnings/locations/location-changes.js';
import { warningItem } from './warning-items.js';
import type { WarningStore } from './warning-store.js';
import { watchedMeta } from './watched-location.js';

/**
 * The warnings as the engine last wrote them, for a node that does not run the engine (a standby): the
 * same items as the engine's, from the stored states, except the storm approach, which only the engine's
 * node estimates (it is null here until the next live `warning` event brings it).
 */
export class StoredWarnings {
  constructor(
    private readonly d: {
      store: Pick<WarningStore, 'loadStates' | 'openAlerts' | 'unconfirmedByLocation' | 'levels'>;
      locations: { listAllEnabled(groupId: number | null): Promise<LocationRecord[]> };
      now: () => Date;
    },
  ) {}

  async warnings(groupId: number | null): Promise<WarningItem[]> {
    // A group's share only: a standby answers every request from the database.
    const [locations, states, openAlerts, unconfirmed] = await Promise.all([
      this.d.locations.listAllEnabled(groupId),
      this.d.store.loadStates(groupId),
      this.d.store.openAlerts(groupId),
      this.d.store.unconfirmedByLocation(groupId),
    ]);
    const stateOf = new Map(states.map((s) => [s.locationId, s.state]));
    const predictedOf = new Map(states.map((s) => [s.locationId, s.predicted]));
    const nowMs = this.d.now().getTime();
    return locations
      .map((l) => {
        const meta = watchedMeta(l);
        const state = stateOf.get(l.id);
        return warningItem(meta, state?.rings.length === meta.rules.length ? state : undefined, nowMs, {
          alertId: openAlerts.get(l.id) ?? null,
          unconfirmed: unconfirmed.get(l.id) ?? 0,
          approach: null,
          predicted: (meta.predict.enabled && predictedOf.get(l.id)) || undefined,
        });
      })
      .sort((a, b) => b.level - a.level || a.name.localeCompare(b.name));
  }

  levels(ids: readonly number[]): Promise<Map<number, Level>> {
    return this.d.store.levels(ids);
  }
}
