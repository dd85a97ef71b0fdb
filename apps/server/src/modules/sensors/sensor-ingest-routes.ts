import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { SensorIngestResult } from '@thunderwatch/shared/schemas/sensors';
import type { FastifyInstance } from 'fastify';
import { feedOf, INGEST_BODY_LIMIT, jsonOrText, requireFeedKey } from '../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../lightning/feeds/feeds-service.js';
import type { SensorIngest } from './sensor-ingest.js';

/** POST /api/ingest/sensors: readings of registered sensors, authenticated by a feed key. */
export async function sensorIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; sensors: SensorIngest },
) {
  requireFeedKey(app, d.feeds);
  app.post(
    '/api/ingest/sensors',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        description:
          'Sensor readings as JSON: one `{sensor, time, values, units?}` or an array of them, e.g. `{"sensor":"efm-1","time":"2026-07-01T08:00:00Z","values":{"field":3.2}}`. ' +
          'Field mills (`efm`) report `field` (kV/m, or V/m with `units: {field: "V/m"}`, within ±50 kV/m); met sensors `wind_speed` (m/s), `wind_dir` (°), `temperature` (°C), `humidity` (%), `pressure` (hPa), `rain` (mm). ' +
          'The sensor must be registered; a time more than 1 min ahead is refused. Row by row: the valid readings are stored and each bad row named in `rejected` (row, field, message; the first 100, `rejected_total` counts them all); a body with no valid reading, or that is no reading or array, answers 400 naming each problem and stores nothing. A reading already stored for its sensor and time is ignored.',
        headers: IngestHeaders,
        response: { 200: SensorIngestResult, ...errors(400, 401, 413, 415) },
      },
    },
    (req) => d.sensors.ingest(feedOf(req).name, jsonOrText(req.body)),
  );
}
