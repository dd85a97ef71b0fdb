import type { LineOutcome } from '@thunderwatch/domain/lightning/stroke';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { IngestService } from '../ingest/ingest-service.js';
import { parseJsonStrokesSliced, parseUalfSliced } from '../ingest/sliced-parse.js';

export interface MqttFeedOptions {
  url: string;
  topic: string;
  source: string;
}

/**
 * Strokes from an MQTT topic: a payload is a JSON stroke or array of strokes, or UALF text lines. The
 * broker authenticates the publisher (credentials in MQTT_URL); QoS 1 so the broker redelivers what a
 * crash interrupted.
 */
export async function startMqttFeed(
  d: { ingest: IngestService; log: FastifyBaseLogger },
  options: MqttFeedOptions,
): Promise<{ close(): Promise<void> }> {
  const client = await mqtt.connectAsync(options.url, { reconnectPeriod: 2000, connectTimeout: 10_000 });
  client.on('error', (error) => d.log.warn({ err: error }, 'MQTT feed error'));
  let chain: Promise<void> = Promise.resolve();
  client.on('message', (_topic, payload) => {
    chain = chain.then(async () => {
      const text = payload.toString('utf8').trim();
      let outcomes: LineOutcome[];
      if (text.startsWith('[') || text.startsWith('{')) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          d.log.warn({ topic: options.topic }, 'MQTT payload is not valid JSON');
          return;
        }
        // In slices, as the HTTP ingest: a large payload does not hold the event loop.
        outcomes = await parseJsonStrokesSliced(Array.isArray(body) ? body : [body], d.ingest.window());
      } else outcomes = await parseUalfSliced(text, d.ingest.window());
      try {
        const result = await d.ingest.ingest(options.source, outcomes);
        if (result.rejected_total > 0)
          d.log.warn({ rejected: result.rejected.slice(0, 5) }, 'MQTT: bad strokes');
      } catch (error) {
        d.log.warn({ err: error }, 'MQTT batch not ingested');
      }
    });
  });
  await client.subscribeAsync(options.topic, { qos: 1 });
  d.log.info({ topic: options.topic }, 'MQTT feed subscribed');
  return {
    async close() {
      await chain;
      await client.endAsync();
    },
  };
}
