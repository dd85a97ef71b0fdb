import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightsConfig, openskyUrl } from '../../../config-flights.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';

const nowS = () => Math.floor(Date.now() / 1000);
const vector = (icao24: string, lat: number, lon: number) => [
  icao24,
  'CSN3101 ',
  'China',
  nowS() - 5,
  nowS() - 5,
  lon,
  lat,
  3000,
  false,
  120,
  185,
  -5,
  null,
  3050,
  '4521',
  false,
  0,
];
const sbs = (icao24: string, type: number, rest: Record<number, string>) => {
  const f = `MSG,${type},1,1,${icao24},1,2026/11/24,10:00:00.000,2026/11/24,10:00:00.000,,,,,,,,,,,,0`.split(
    ',',
  );
  for (const [i, v] of Object.entries(rest)) f[Number(i)] = v;
  return `${f.join(',')}\r\n`;
};

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('flight sources (OpenSky poll and SBS-1 stream on loopback)', () => {
  const requests: { url: string; authorization: string | undefined }[] = [];
  const opensky = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ time: nowS(), states: [vector('7c0001', 23.2, 113.2), ['bad']] }));
  });
  const connections: net.Socket[] = [];
  const receiver = net.createServer((s) => {
    connections.push(s);
    s.on('error', () => {});
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((r) => opensky.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    t = await startTestApp('embedded', {
      background: ['flight-sources'],
      env: {
        SIMULATOR: 'off',
        FLIGHTS_OPENSKY_URL: `http://127.0.0.1:${(opensky.address() as AddressInfo).port}/api/states/all`,
        FLIGHTS_OPENSKY_USER: 'wx',
        FLIGHTS_OPENSKY_PASSWORD: 's3cret',
        FLIGHTS_OPENSKY_BBOX: '112,22,115,24.5',
        FLIGHTS_SBS_PORT: String((receiver.address() as AddressInfo).port),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    for (const c of connections) c.destroy();
    await new Promise((r) => opensky.close(r));
    await new Promise((r) => receiver.close(r));
  });

  const aircraft = async () =>
    (await t.call({ method: 'GET', url: '/api/flight/flights', token: t.admin.access })).json().items as {
      icao24: string;
      callsign: string | null;
      altitude_m: number;
    }[];

  it('polls OpenSky with the credentials and the box, storing the good vectors', async () => {
    const items = await until(aircraft, (v) => v.some((a) => a.icao24 === '7c0001'));
    expect(items.find((a) => a.icao24 === '7c0001')).toMatchObject({ callsign: 'CSN3101', altitude_m: 3000 });
    expect(requests[0]?.url).toBe('/api/states/all?lamin=22&lomin=112&lamax=24.5&lomax=115');
    expect(requests[0]?.authorization).toBe(`Basic ${Buffer.from('wx:s3cret').toString('base64')}`);
  });

  it('reads an SBS-1 stream, and connects again after the stream drops', async () => {
    await until(
      async () => connections.length,
      (n) => n > 0,
    );
    const first = connections[0] as net.Socket;
    first.write(sbs('780a3b', 1, { 10: 'CES5301 ' }));
    first.write(sbs('780a3b', 3, { 11: '8000', 14: '23.51', 15: '113.30' }));
    first.write('MSG,3,garbage\r\n');
    const one = await until(aircraft, (v) => v.some((a) => a.icao24 === '780a3b'));
    expect(one.find((a) => a.icao24 === '780a3b')).toMatchObject({ callsign: 'CES5301' });
    first.destroy();
    const again = await until(
      async () => connections.length,
      (n) => n > 1,
    );
    expect(again).toBe(2);
    (connections[1] as net.Socket).write(sbs('780a3c', 3, { 11: '9000', 14: '23.6', 15: '113.4' }));
    const two = await until(aircraft, (v) => v.some((a) => a.icao24 === '780a3c'));
    expect(two.find((a) => a.icao24 === '780a3c')?.altitude_m).toBeCloseTo(9000 * 0.3048, 1);
  });
});

describe('flightsConfig', () => {
  it('is off by default', () => {
    expect(flightsConfig({})).toEqual({ opensky: null, sbs: null });
  });

  it.each([
    [{ FLIGHTS_OPENSKY_URL: 'ftp://x' }, /http\(s\)/],
    [{ FLIGHTS_OPENSKY_URL: 'http://x', FLIGHTS_OPENSKY_USER: 'a' }, /come together/],
    [{ FLIGHTS_OPENSKY_URL: 'http://x', FLIGHTS_OPENSKY_BBOX: '1,2,3' }, /west,south,east,north/],
    [{ FLIGHTS_OPENSKY_URL: 'http://x', FLIGHTS_OPENSKY_SEC: '1' }, /between 5 and 3600/],
    [{ FLIGHTS_SBS_PORT: '70000' }, /between 1 and 65535/],
  ])('refuses %j', (env, message) => {
    expect(() => flightsConfig(env)).toThrow(message);
  });

  it('puts the box in the URL as OpenSky names it', () => {
    const c = flightsConfig({ FLIGHTS_OPENSKY_URL: 'https://opensky-network.org/api/states/all?extended=1' });
    expect(
      openskyUrl({
        ...(c.opensky as NonNullable<typeof c.opensky>),
        bbox: { west: 1, south: 2, east: 3, north: 4 },
      }),
    ).toBe('https://opensky-network.org/api/states/all?extended=1&lamin=2&lomin=1&lamax=4&lomax=3');
  });
});
