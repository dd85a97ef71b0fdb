import net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { startMqttHeartbeats } from './mqtt-heartbeats.js';

const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether the local broker answers (the test says why it skips when not). */
async function brokerUp(): Promise<boolean> {
  const { hostname, port } = new URL(BROKER);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 1883) });
    s.setTimeout(1000);
    s.once('connect', () => resolve(true));
    s.once('error', () => resolve(false));
    s.once('timeout', () => resolve(false));
  });
}

const up = await brokerUp();
if (!up) console.warn(`[mqtt-heartbeats] skipped: no MQTT broker at ${BROKER} (start Mosquitto to run it)`);

describe.skipIf(!up)('device heartbeats over MQTT', () => {
  let t: TestApp;
  let manager: TestUser;
  let stop: () => Promise<void>;
  const handled: string[] = [];
  // A prefix of this run only: other runs on the same broker do not cross.
  const prefix = `tw-test-${process.pid}-${Date.now()}/devices`;

  beforeAll(async () => {
    t = await startTestApp('embedded');
    manager = await t.createUser({ role: 'group_admin', groupId: await t.createGroup('mqtt-dev') });
    const res = await t.call({
      method: 'POST',
      url: '/api/devices/',
      token: manager.access,
      payload: { id: 'EFM-9', name: 'Mill 9', kind: 'field_sensor', lat: 23.1, lon: 113.2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The heartbeats handled to the service, by device: messages are handled in order, so once a later one
    // is handled over, the earlier ones are done with.
    const devices = t.app.services.devices;
    const beats = await startMqttHeartbeats(
      {
        devices: {
          heartbeat: async (body, device) => {
            try {
              return await devices.heartbeat(body, device);
            } finally {
              handled.push(device ?? '');
            }
          },
        },
        log: t.app.log,
      },
      { url: BROKER, prefix },
    );
    stop = () => beats.close();
  });
  afterAll(async () => {
    await stop?.();
    await t?.close();
  });

  const status = async () =>
    (await t.call({ method: 'GET', url: '/api/device_info?id=EFM-9', token: manager.access })).json();

  it('stores a good heartbeat from the topic and drops a bad one', async () => {
    const client = await mqtt.connectAsync(BROKER);
    try {
      await client.publishAsync(
        `${prefix}/EFM-9/heartbeat`,
        JSON.stringify({ gps_lock: true, temperature_c: 70, voltage_v: 12, noise: 1, strokes: 0 }),
        { qos: 1 },
      );
      await vi.waitFor(() => expect(handled).toContain('EFM-9'), { timeout: 10_000 });
      let info = await status();
      expect(info.last_heartbeat).not.toBeNull();
      expect(info.device.status).toBe('degraded');
      expect(info.device.status_reasons).toEqual(['temperature']);
      // Out of range: refused, the device keeps its heartbeat.
      await client.publishAsync(
        `${prefix}/EFM-9/heartbeat`,
        JSON.stringify({ gps_lock: true, temperature_c: 20, voltage_v: 500, noise: 1, strokes: 0 }),
        { qos: 1 },
      );
      await client.publishAsync(`${prefix}/EFM-9/heartbeat`, 'not json', { qos: 1 });
      // A last message, of a device not registered: once it is handled over, the two before are handled.
      await client.publishAsync(`${prefix}/EFM-LAST/heartbeat`, '{}', { qos: 1 });
      await vi.waitFor(() => expect(handled).toContain('EFM-LAST'), { timeout: 10_000 });
      info = await status();
      expect(info.last_heartbeat.temperature_c).toBe(70);
      expect(info.device.status).toBe('degraded');
    } finally {
      await client.endAsync();
    }
  });
});
