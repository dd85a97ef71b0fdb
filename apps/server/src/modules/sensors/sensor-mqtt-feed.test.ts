import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { startSensorMqttFeed } from './sensor-mqtt-feed.js';

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mqttUrl = process.env.MQTT_URL;
if (!mqttUrl)
  console.log(
    '[tests] MQTT_URL is not set: the sensor MQTT feed test is skipped (mqtt://127.0.0.1:1883 locally).',
  );

describe.skipIf(!mqttUrl)('sensor readings over MQTT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
    const admin = t.admin.access;
    for (const [id, kind] of [
      ['mqtt-efm', 'efm'],
      ['mqtt-met', 'met'],
    ])
      await t.call({
        method: 'POST',
        url: '/api/sensors/',
        token: admin,
        payload: { id, kind, name: id, lat: 23, lon: 113 },
      });
  });
  afterAll(() => t.close());

  it('stores readings from sensors/<id> topics, each message on its own', async () => {
    const prefix = `tw-test-${process.pid}-${Date.now()}/sensors`;
    const feed = await startSensorMqttFeed(
      { sensors: t.app.services.sensorIngest, log: t.app.log },
      { url: mqttUrl as string, prefix, source: 'mqtt-sensors', flushMs: 20 },
    );
    const publisher = await mqtt.connectAsync(mqttUrl as string);
    const time = (agoS: number) => new Date(Date.now() - agoS * 1000).toISOString();
    try {
      await publisher.publishAsync(
        `${prefix}/mqtt-efm`,
        JSON.stringify({ time: time(2), values: { field: 5.5 } }),
        {
          qos: 1,
        },
      );
      await publisher.publishAsync(
        `${prefix}/mqtt-met`,
        JSON.stringify([
          { time: time(3), values: { temperature: 28 } },
          { time: time(2), values: { temperature: 28.2, humidity: 80 } },
        ]),
        { qos: 1 },
      );
      // Refused: out of range, another sensor's id, not JSON. None of them stops the good ones.
      await publisher.publishAsync(
        `${prefix}/mqtt-efm`,
        JSON.stringify({ time: time(1), values: { field: 99 } }),
        {
          qos: 1,
        },
      );
      await publisher.publishAsync(
        `${prefix}/mqtt-efm`,
        JSON.stringify({ sensor: 'mqtt-met', time: time(1), values: { temperature: 1 } }),
        { qos: 1 },
      );
      await publisher.publishAsync(`${prefix}/mqtt-efm`, 'not json', { qos: 1 });
      await publisher.publishAsync(
        `${prefix}/mqtt-efm`,
        JSON.stringify({ time: time(0), values: { field: 6 } }),
        {
          qos: 1,
        },
      );
      const counts = async () => {
        const r = await t.db.query<{ sensor_id: string; n: number }>(
          `SELECT sensor_id, count(*)::int AS n FROM sensor_readings WHERE source = 'mqtt-sensors'
           GROUP BY 1 ORDER BY 1`,
        );
        return r.rows.length === 2 && r.rows[0]?.n === 2 ? r.rows : undefined;
      };
      expect(await waitFor(counts)).toEqual([
        { sensor_id: 'mqtt-efm', n: 2 },
        { sensor_id: 'mqtt-met', n: 2 },
      ]);
      const latest = await t.app.services.sensorsRepo.get('mqtt-efm', null);
      expect(latest?.last_values?.[0]).toBe(6);
    } finally {
      await publisher.endAsync();
      await feed.close();
    }
  });
});
