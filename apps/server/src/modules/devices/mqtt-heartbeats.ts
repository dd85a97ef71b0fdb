import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { AppError } from '../../lib/app-error.js';
import type { DevicesService } from './devices-service.js';

/** Heartbeats arrive on `devices/<id>/heartbeat` (the prefix configurable). */
export const HEARTBEAT_TOPIC = (prefix: string) => `${prefix}/+/heartbeat`;
/** A heartbeat is a few hundred bytes; anything far larger is not one. */
const MAX_PAYLOAD = 4096;

/**
 * Device heartbeats from MQTT: each JSON payload goes through the same checks as `POST /api/ingest/heartbeat`,
 * the device named by the topic. A bad one is logged with the field it fails on and dropped (MQTT has no
 * answer to give); QoS 1 so a crash does not lose them.
 */
export async function startMqttHeartbeats(
  d: { devices: Pick<DevicesService, 'heartbeat'>; log: FastifyBaseLogger },
  options: { url: string; prefix: string },
): Promise<{ close(): Promise<void> }> {
  const client = await mqtt.connectAsync(options.url, { reconnectPeriod: 2000, connectTimeout: 10_000 });
  client.on('error', (error) => d.log.warn({ err: error }, 'MQTT heartbeats error'));
  let chain: Promise<void> = Promise.resolve();
  client.on('message', (topic, payload) => {
    chain = chain.then(async () => {
      const device = topic.split('/').at(-2) ?? '';
      if (payload.length > MAX_PAYLOAD) {
        d.log.warn({ topic, bytes: payload.length }, 'MQTT heartbeat too large');
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        d.log.warn({ topic }, 'MQTT heartbeat is not valid JSON');
        return;
      }
      try {
        await d.devices.heartbeat(body, device);
      } catch (error) {
        if (error instanceof AppError)
          d.log.warn({ topic, code: error.code, reason: error.message }, 'MQTT heartbeat refused');
        else d.log.warn({ err: error, topic }, 'MQTT heartbeat not stored');
      }
    });
  });
  await client.subscribeAsync(HEARTBEAT_TOPIC(options.prefix), { qos: 1 });
  d.log.info({ topic: HEARTBEAT_TOPIC(options.prefix) }, 'MQTT heartbeats subscribed');
  return {
    async close() {
      await chain;
      await client.endAsync();
    },
  };
}
