import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { SensorIngest } from './sensor-ingest.js';

export interface SensorMqttOptions {
  url: string;
  /** Topics are `<prefix>/<sensor id>`. */
  prefix: string;
  source: string;
  /** Messages are gathered this long and written in one transaction (1,000 mills at 1 Hz: 1,000 a second). */
  flushMs?: number;
}

/** Messages waiting at most; beyond, new ones are dropped and counted (the broker is faster than the disk). */
const MAX_PENDING = 50_000;

/**
 * Sensor readings from MQTT topics `sensors/<id>`: a payload is a JSON reading `{time, values, units?}` or an
 * array of them (`sensor`, if given, must be the topic's). Each message is accepted or refused on its own
 * (refused ones are logged with their problems); QoS 1, as the stroke feed.
 */
export async function startSensorMqttFeed(
  d: { sensors: SensorIngest; log: FastifyBaseLogger },
  options: SensorMqttOptions,
): Promise<{ close(): Promise<void> }> {
  const client = await mqtt.connectAsync(options.url, { reconnectPeriod: 2000, connectTimeout: 10_000 });
  client.on('error', (error) => d.log.warn({ err: error }, 'sensor MQTT feed error'));
  let pending: unknown[] = [];
  let dropped = 0;
  let chain: Promise<void> = Promise.resolve();
  const flush = () => {
    if (pending.length === 0) return;
    const messages = pending;
    pending = [];
    chain = chain.then(async () => {
      try {
        const r = await d.sensors.ingestMessages(options.source, messages);
        for (const bad of r.refused.slice(0, 5))
          d.log.warn({ problems: bad.problems.slice(0, 5) }, 'sensor MQTT: message refused');
      } catch (error) {
        d.log.warn({ err: error }, 'sensor MQTT batch not ingested');
      }
    });
  };
  const timer = setInterval(flush, options.flushMs ?? 250);
  client.on('message', (topic, payload) => {
    const id = topic.slice(options.prefix.length + 1);
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      d.log.warn({ topic }, 'sensor MQTT payload is not valid JSON');
      return;
    }
    const rows = (Array.isArray(body) ? body : [body]).map((r) =>
      typeof r === 'object' && r !== null && !Array.isArray(r) && !('sensor' in r) ? { sensor: id, ...r } : r,
    );
    if (rows.some((r) => (r as { sensor?: unknown } | null)?.sensor !== id)) {
      d.log.warn({ topic }, 'sensor MQTT payload names another sensor than its topic');
      return;
    }
    if (pending.length >= MAX_PENDING) {
      if (dropped++ % 1000 === 0) d.log.warn({ dropped }, 'sensor MQTT: ingest behind, messages dropped');
      return;
    }
    pending.push(rows);
  });
  await client.subscribeAsync(`${options.prefix}/+`, { qos: 1 });
  d.log.info({ topic: `${options.prefix}/+` }, 'sensor MQTT feed subscribed');
  return {
    async close() {
      clearInterval(timer);
      await client.endAsync();
      flush();
      await chain;
    },
  };
}
