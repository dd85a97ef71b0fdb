import { HeartbeatIn, HeartbeatResult } from '@thunderwatch/shared/schemas/devices';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import type { FastifyInstance } from 'fastify';
import { strictJsonBody } from '../../lib/strict-json-body.js';
import type { FeedsService } from '../../modules/lightning/feeds/feeds-service.js';
import { requireFeedKey } from '../lightning/feeds/feed-requests.js';
import type { DevicesService } from './devices-service.js';

/** POST /api/ingest/heartbeat: one device's heartbeat as JSON, authenticated by a feed key. */
export async function heartbeatIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; devices: DevicesService },
) {
  requireFeedKey(app, d.feeds);
  app.post(
    '/api/ingest/heartbeat',
    {
      bodyLimit: 4096,
      // Typed as declared: the app's validator would take `gps_lock: 0` for false and `true` for 1.
      preValidation: strictJsonBody,
      schema: {
        tags: ['ingest'],
        description:
          'A device’s heartbeat: GPS lock, enclosure temperature, supply voltage, noise and strokes detected. ' +
          'Every field required and range-checked (400 naming it); `time` not in the future nor older than 24 h. ' +
          'Answers the status it gives; a device coming back from offline alarms its group’s lists.',
        headers: IngestHeaders,
        body: HeartbeatIn,
        response: { 200: HeartbeatResult, ...errors(400, 401, 404, 413, 415) },
      },
    },
    (req) => d.devices.heartbeat(req.body),
  );
}
