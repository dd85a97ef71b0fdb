import { errors } from '@thunderwatch/shared/schemas/kit';
import { WaveData, WaveDataQuery } from '@thunderwatch/shared/schemas/weather';
import type { App } from '../../../lib/fastify.js';
import type { WavesService } from './waves-service.js';

export function waveRoutes(app: App, waves: WavesService): void {
  app.get(
    '/api/wave_data',
    {
      schema: {
        tags: ['weather'],
        description:
          'Sea-wave readings: `station=` (or `bbox=`, at most 50 stations) over `from`…`to` (default the last 24 h, at most 31 days), ' +
          'or with `latest=1` each station’s latest reading of the 6 h before `to` (with `bbox`, any number of stations). ' +
          'Each reading carries its Douglas sea-scale degree and whether its height reaches the alert threshold.',
        querystring: WaveDataQuery,
        response: { 200: WaveData, ...errors(400, 401, 404) },
      },
    },
    (req) => waves.data(req.query),
  );
}
