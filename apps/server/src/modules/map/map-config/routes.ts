import { errors } from '@thunderwatch/shared/schemas/kit';
import { type Basemap, MapConfig } from '@thunderwatch/shared/schemas/map';
import type { App } from '../../../lib/fastify.js';

/**
 * GET /api/map_config: what the maps draw under the data, from the server's `BASEMAP` setting, so that one
 * build of the web app serves every deployment. For signed-in users only: only their screens have maps, and
 * an online basemap's URLs carry the operator's key (Tianditu's `tk`).
 */
export function mapConfigRoutes(app: App, basemap: Basemap): void {
  app.get(
    '/api/map_config',
    { schema: { tags: ['map'], response: { 200: MapConfig, ...errors(401) } } },
    async () => ({ basemap }),
  );
}
