import type { Config } from '../../../config.js';
import type { Database } from '../../../db/database.js';
import { StrokePartitions } from '../../lightning/strokes/partitions.js';
import { FlightsRepo } from './flights-repo.js';
import { FlightsService } from './flights-service.js';

/** Aircraft positions in day partitions like the strokes, kept as long as them. */
export function flightServices(d: { config: Pick<Config, 'retentionDays'>; db: Database; now: () => Date }) {
  const repo = new FlightsRepo(d.db, new StrokePartitions('aircraft_positions'));
  return {
    flights: new FlightsService({ repo, retentionDays: d.config.retentionDays, now: d.now }),
    flightPartitions: repo.partitions,
  };
}
