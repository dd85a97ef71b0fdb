import type { Database } from '../../../db/database.js';
import type { RegionsService } from '../../regions/regions-service.js';
import { AlertsRepo } from '../../warnings/alerts/alerts-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { ZonesRepo } from '../../warnings/zones/zones-repo.js';
import { RollupSourceRepo, RollupsRepo } from './rollups-repo.js';
import { StatisticsRepo } from './statistics-repo.js';
import { StatisticsService } from './statistics-service.js';
import { StrokeRollups } from './stroke-rollups.js';

/** The rollups the ingest keeps and the rebuild recomputes. */
export function strokeRollups(db: Database, regions: RegionsService): StrokeRollups {
  return new StrokeRollups({
    db,
    repo: new RollupsRepo(),
    source: new RollupSourceRepo(db),
    codeAt: () => regions.codeAt(),
  });
}

/** The statistics API over the rollups, its areas resolved from the regions, zones and locations. */
export function statisticsService(d: {
  db: Database;
  regions: RegionsService;
  zones: ZonesRepo;
  locations: LocationsRepo;
  now: () => Date;
  /** The deployment's time zone (`TIME_ZONE`). */
  timeZone: string;
}): StatisticsService {
  const loaded = async () => (await d.regions.ensureLoaded()).byCode;
  return new StatisticsService({
    repo: new StatisticsRepo(d.db),
    regions: loaded,
    alerts: new AlertsRepo(d.db),
    now: d.now,
    timeZone: d.timeZone,
    lookups: {
      region: async (level, code) => (await loaded())[level].get(code) ?? null,
      zone: async (id, groupId) => {
        const z = await d.zones.get(id, groupId);
        return z ? { name: z.name, rings: z.geometry.coordinates as [number, number][][] } : null;
      },
      location: async (id, groupId) => {
        const l = await d.locations.get(id, groupId);
        return l ? { name: l.name, nameEn: l.nameEn, shape: l.shape } : null;
      },
    },
  });
}
