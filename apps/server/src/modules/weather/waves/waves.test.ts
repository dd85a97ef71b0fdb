import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

const NOW = new Date('2026-03-24T12:00:00Z');

// NDBC realtime2 layout (header and units lines as NDBC writes them); readings made up, newest first.
const NDBC = [
  '#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES  ATMP  WTMP  DEWP  VIS PTDY  TIDE',
  '#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa  degC  degC  degC  nmi  hPa    ft',
  '2026 03 24 11 50  40 13.0 17.0   4.6    11   7.8 350 1018.2  18.9  23.4  16.7   MM -0.3    MM',
  '2026 03 24 10 50  40 13.0 16.0   2.9     9   6.1  10 1018.1  18.9  23.4  16.7   MM   MM    MM',
  '2026 03 24 09 50  MM   MM   MM    MM    MM    MM  MM     MM    MM    MM    MM   MM   MM    MM',
].join('\n');

describe.each(DB_KINDS)('waves (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    key = await t.createFeed('ndbc');
  });
  afterAll(() => t.close());

  const ingest = (payload: unknown, query = '', type = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/waves${query}`,
      headers: { 'x-feed-key': key, 'content-type': type },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });

  it('stores NDBC text for the station in the query, and JSON rows', async () => {
    const text = await ingest(
      NDBC,
      '?station=41002&name=South%20Hatteras&name_en=South%20Hatteras%20buoy&lat=31.76&lon=-74.84',
      'text/plain',
    );
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toEqual({ stored: 2, stations: 1, rejected: [], rejected_total: 0 });
    const json = await ingest([
      { station: 'B1', name: 'Buoy 1', lat: 31, lon: -75, time: '2026-03-24T11:30:00Z', wave_height: 0.4 },
      { station: '41002', time: '2026-03-24T08:00:00Z', wave_height: 1.1 },
    ]);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({ stored: 2, stations: 1, rejected: [], rejected_total: 0 });
  });

  it('stores the valid rows and names each bad one by row and column; no valid row refuses the batch', async () => {
    const bad = await ingest(NDBC.replace(' 4.6 ', '40.6 '), '?station=41002', 'text/plain');
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json()).toMatchObject({
      stored: 1,
      rejected: [{ row: 1, field: 'WVHT', message: 'must be between 0 and 30 m, got 40.6' }],
      rejected_total: 1,
    });
    const noStation = await ingest(NDBC, '', 'text/plain');
    expect(noStation.json().error.details[0].field).toBe('station');
    const unknown = await ingest(NDBC, '?station=99999', 'text/plain');
    expect(unknown.json().error.details[0]).toMatchObject({ field: 'rows/1/station' });
  });

  it('answers a station’s series oldest first, with the Douglas degree and the alert flag', async () => {
    const r = await get('/api/wave_data?station=41002&from=2026-03-24T00:00:00Z&to=2026-03-24T12:00:00Z');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.alert_height_m).toBe(4);
    const [s] = body.stations;
    expect(s.station).toEqual({
      id: '41002',
      name: 'South Hatteras',
      name_en: 'South Hatteras buoy',
      lat: 31.76,
      lon: -74.84,
      elevation: null,
    });
    expect(
      s.readings.map((x: { time: string; douglas: number; alert: boolean }) => [x.time, x.douglas, x.alert]),
    ).toEqual([
      ['2026-03-24T08:00:00.000Z', 3, false],
      ['2026-03-24T10:50:00.000Z', 5, false],
      ['2026-03-24T11:50:00.000Z', 6, true],
    ]);
    expect(s.readings[2]).toMatchObject({
      wave_height: 4.6,
      dominant_period: 11,
      mean_direction: 350,
      wind_speed: 13,
    });
  });

  it('answers the latest reading per station in a bbox', async () => {
    const r = await get('/api/wave_data?bbox=-76,30,-74,32&latest=1');
    expect(r.statusCode, r.body).toBe(200);
    const latest = r
      .json()
      .stations.map((s: { station: { id: string }; readings: { wave_height: number }[] }) => [
        s.station.id,
        s.readings.map((x) => x.wave_height),
      ]);
    expect(latest).toEqual([
      ['41002', [4.6]],
      ['B1', [0.4]],
    ]);
    expect((await get('/api/wave_data?station=nope')).statusCode).toBe(404);
    expect((await get('/api/wave_data?latest=1')).statusCode).toBe(400);
  });
});
