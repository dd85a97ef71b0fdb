import {
  CellCollection,
  CellQuery,
  CellRangeQuery,
  CellRestepStatus,
  CellTracks,
} from '@thunderwatch/shared/schemas/cells';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { CellsService } from './cells-service.js';

export function cellRoutes(app: App, cells: CellsService): void {
  app.get(
    '/api/scz',
    {
      schema: {
        tags: ['lightning'],
        description:
          'Storm cells of the tracker step at or before `time` (default now; a step more than 5 min older ' +
          'does not count): GeoJSON features with motion, flash rates, lightning jump and nowcast polygons ' +
          'at +15/+30/+60 min. `time` null and no features when there is no such step.',
        querystring: CellQuery,
        response: { 200: CellCollection, ...errors(400, 401) },
      },
    },
    (req) => cells.at(req.query.time),
  );

  app.get(
    '/api/scz_query_range',
    {
      config: { heavyRead: true },
      schema: {
        tags: ['lightning'],
        description:
          'Tracks of the storm cells over `from`…`to` (at most 24 h): every cell whose centroid was inside ' +
          '`bbox` at some step of the range, with all its steps in the range, oldest first.',
        querystring: CellRangeQuery,
        response: { 200: CellTracks, ...errors(400, 401) },
      },
    },
    (req) => cells.tracks(req.query),
  );

  app.get(
    '/api/scz/restep',
    {
      schema: {
        tags: ['lightning'],
        description:
          'The hours of cell tracker steps run again for strokes the live tracker never read (an archive ' +
          "import, a late feed): how many wait, and each hour's state and progress. `feed.manage`.",
        response: { 200: CellRestepStatus, ...errors(401, 403) },
      },
    },
    (req) => cells.restepStatus(callerOf(req)),
  );
}
