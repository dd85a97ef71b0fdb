import type { Database } from '../../db/database.js';
import { CustomLayersRepo } from './custom-layers-repo.js';
import { LayersService } from './layers-service.js';
import { ScenesRepo } from './scenes-repo.js';
import { ScenesService } from './scenes-service.js';

/** The layer catalogue with custom layers, and saved scenes. */
export function layerServices(d: {
  db: Database;
  now: () => Date;
  groupExists: (id: number) => Promise<boolean>;
}) {
  const customLayers = new CustomLayersRepo(d.db);
  return {
    layers: new LayersService({ layers: customLayers, groupExists: d.groupExists, now: d.now }),
    scenes: new ScenesService({ scenes: new ScenesRepo(d.db), layers: customLayers, now: d.now }),
  };
}
