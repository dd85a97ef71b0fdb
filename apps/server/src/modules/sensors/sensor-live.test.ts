import type { AddressInfo } from 'node:net';
import type { SensorLatestDto } from '@thunderwatch/shared/schemas/sensors';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { connected, drained } from '../../test/sockets.js';

describe('live sensor readings over socket.io', () => {
  let t: TestApp;
  let url: string;
  let key: string;
  let viewerA: TestUser;
  let viewerB: TestUser;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp('embedded');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    key = await t.createFeed('live-mills');
    const groupA = await t.createGroup('live-sensor-a');
    const groupB = await t.createGroup('live-sensor-b');
    viewerA = await t.createUser({ role: 'viewer', groupId: groupA });
    viewerB = await t.createUser({ role: 'viewer', groupId: groupB });
    const res = await t.call({
      method: 'POST',
      url: `/api/sensors/?group_id=${groupA}`,
      token: t.admin.access,
      payload: { id: 'live-efm', kind: 'efm', name: 'Mill', lat: 23, lon: 113 },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const open = (user: TestUser) => {
    const s = connect(url, { auth: { token: user.access }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    return s;
  };

  it("sends the latest of a burst of readings to the sensor's group only", async () => {
    const a = open(viewerA);
    const b = open(viewerB);
    await connected(a);
    await connected(b);
    let heardByB = 0;
    b.on('sensor', () => heardByB++);
    const received = new Promise<SensorLatestDto[]>((resolve) => a.once('sensor', resolve));
    const time = (agoS: number) => new Date(Date.now() - agoS * 1000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/sensors',
      headers: { 'x-feed-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify([
        { sensor: 'live-efm', time: time(3), values: { field: 1.5 } },
        { sensor: 'live-efm', time: time(1), values: { field: 4.25 } },
        { sensor: 'live-efm', time: time(2), values: { field: 2 } },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = await received;
    expect(items).toEqual([
      {
        id: 'live-efm',
        kind: 'efm',
        time: expect.any(String),
        values: expect.objectContaining({ field: 4.25 }),
      },
    ]);
    await drained(b);
    expect(heardByB).toBe(0);
  });
});
