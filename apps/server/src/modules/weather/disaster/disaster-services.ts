import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/database.js';
import type { CellsRepo } from '../../lightning/cells/cells-repo.js';
import type { AlarmOutbox } from '../../notify/delivery/alarm-outbox.js';
import { RegionsRepo } from '../../regions/regions-repo.js';
import { RegionsService } from '../../regions/regions-service.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import { DisasterEvaluator } from './disaster-evaluator.js';
import { DisasterService } from './disaster-service.js';
import { DisasterStrokesRepo } from './disaster-strokes-repo.js';
import { DisasterWarningsRepo } from './disaster-warnings-repo.js';

/** The regions and the lightning disaster warnings built on them. */
export function disasterServices(d: {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  cells: CellsRepo;
  locations: LocationsRepo;
  outbox: AlarmOutbox;
  /** The one regions service (the stroke rollups use it too). */
  regions?: RegionsService;
}) {
  const regions = d.regions ?? new RegionsService({ repo: new RegionsRepo(d.db), log: d.log });
  const warnings = new DisasterWarningsRepo(d.db);
  return {
    regions,
    disaster: new DisasterService({ warnings, regions }),
    disasterEvaluator: new DisasterEvaluator({
      db: d.db,
      regions,
      strokes: new DisasterStrokesRepo(d.db),
      warnings,
      cells: d.cells,
      locations: d.locations,
      outbox: d.outbox,
      intervalMs: d.config.disasterEvalMs,
      now: d.now,
      log: d.log,
    }),
  };
}
