import { OPENSKY_STATES } from '@thunderwatch/domain/aviation/fixtures/opensky-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

const NOW = new Date('2026-11-24T10:00:00Z');
const S = NOW.getTime() / 1000;
const at = (min: number) => new Date(NOW.getTime() + min * 60_000).toISOString();

/** A 17-element OpenSky vector at `min` minutes from NOW. */
function vector(icao24: string, min: number, lat: number, lon: number, callsign = 'CSN3101 ') {
  return [
    icao24,
    callsign,
    'China',
    S + min * 60,
    S + min * 60,
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
}

describe.each(DB_KINDS)('flights (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    key = await t.createFeed('adsb');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, feedKey: string | null = key) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(feedKey ? { 'x-feed-key': feedKey } : {}) },
      payload: JSON.stringify(payload),
    });
  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });

  it('stores OpenSky state vectors, counts those without a position and names the bad ones', async () => {
    // The sample's vectors, moved to now (times relative to its own `time`).
    const shifted = OPENSKY_STATES.states.map((s) =>
      s.map((x, i) => ((i === 3 || i === 4) && typeof x === 'number' ? x - OPENSKY_STATES.time + S - 30 : x)),
    );
    const bad = vector('abc123', -1, 95, 113);
    const res = await post('/api/ingest/flights', { time: S, states: [...shifted, bad] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      stored: 2,
      without_position: 1,
      rejected: [
        { item: 4, icao24: 'abc123', field: 'latitude', message: 'must be between -90 and 90, got 95' },
      ],
    });
    const there = await get('/api/flight/flights?bbox=-95,44,-93,46');
    expect(there.json().items).toEqual([
      expect.objectContaining({ icao24: 'ac96b8', callsign: 'AAL2423', altitude_m: 1150.62, hazard: 'none' }),
    ]);
  });

  it('refuses a body that is not a states answer, and a request without a feed key', async () => {
    const res = await post('/api/ingest/flights', [1, 2]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'body', message: 'must be an object {time, states}' },
    ]);
    expect((await post('/api/ingest/flights', { time: S, states: null }, null)).statusCode).toBe(401);
    expect((await post('/api/ingest/flights', { time: S, states: null })).json().stored).toBe(0);
  });

  it('judges aircraft near a stroke, inside a cell and near its edge, and forgets aircraft silent for 2 min', async () => {
    const ring = [
      [113.25, 23.5],
      [113.35, 23.5],
      [113.35, 23.6],
      [113.25, 23.6],
      [113.25, 23.5],
    ];
    await t.db.query(
      `INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, $2::jsonb, 1, 0)`,
      [
        at(-1),
        JSON.stringify([
          {
            type: 'Feature',
            geometry: { type: 'Polygon', coordinates: [ring] },
            properties: { id: 'cell-7', centroid: [113.3, 23.55] },
          },
        ]),
      ],
    );
    const strokes = await post('/api/ingest/strokes', [
      { time: at(-2), lat: 23.0, lon: 113.0, peak_ka: -20, type: 'CG' },
    ]);
    expect(strokes.statusCode, strokes.body).toBe(200);
    const res = await post('/api/ingest/flights', {
      time: S,
      states: [
        vector('780a01', -0.5, 23.55, 113.3, 'INSIDE'),
        vector('780a02', -0.5, 23.45, 113.3, 'EDGE'),
        vector('780a03', -0.5, 23.018, 113.0, 'STROKE'),
        vector('780a04', -0.5, 22.5, 113.9, 'CLEAR'),
        vector('780a05', -3, 23.55, 113.3, 'SILENT'),
      ],
    });
    expect(res.json().stored).toBe(5);
    const items = (await get('/api/flight/flights?bbox=112.5,22,114.5,24')).json().items as {
      callsign: string;
      hazard: string;
      hazard_km: number | null;
      cell_id: string | null;
    }[];
    const by = Object.fromEntries(items.map((i) => [i.callsign, i]));
    expect(Object.keys(by).sort()).toEqual(['CLEAR', 'EDGE', 'INSIDE', 'STROKE']);
    expect(by.INSIDE).toMatchObject({ hazard: 'inside', hazard_km: 0, cell_id: 'cell-7' });
    expect(by.EDGE).toMatchObject({ hazard: 'near', cell_id: 'cell-7' });
    expect(by.EDGE?.hazard_km).toBeCloseTo(5.56, 1);
    expect(by.STROKE).toMatchObject({ hazard: 'near', cell_id: null });
    expect(by.STROKE?.hazard_km).toBeCloseTo(2, 1);
    expect(by.CLEAR).toMatchObject({ hazard: 'none', hazard_km: null });
    // Ten minutes on, the stroke is too old and the cell step too stale: nothing is near.
    const later = (await get(`/api/flight/flights?bbox=112.5,22,114.5,24&time=${at(9)}`)).json().items;
    expect(later).toEqual([]);
    const before = (await get(`/api/flight/flights?bbox=112.5,22,114.5,24&time=${at(-2.5)}`)).json().items;
    expect(before.map((i: { callsign: string }) => i.callsign)).toEqual(['SILENT']);
  });

  it('answers a track as a line per flight and every position with its hazard', async () => {
    await post('/api/ingest/flights', {
      time: S,
      states: [
        vector('7809aa', -100, 23.0, 113.5),
        vector('7809aa', -99, 23.05, 113.5),
        vector('7809aa', -40, 23.3, 113.3),
        vector('7809aa', -20, 23.4, 113.3),
        vector('7809aa', -1, 23.55, 113.3),
      ],
    });
    const res = await get(`/api/flight/flight_track?icao24=7809AA&from=${at(-120)}&to=${at(0)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.icao24).toBe('7809aa');
    const lines = body.features.filter(
      (f: { geometry: { type: string } }) => f.geometry.type === 'LineString',
    );
    expect(lines.map((l: { properties: unknown }) => l.properties)).toEqual([
      { flight: 0, from: at(-100), to: at(-99) },
      { flight: 1, from: at(-40), to: at(-1) },
    ]);
    const points = body.features
      .slice(2)
      .map((f: { properties: { hazard: string; flight: number } }) => [
        f.properties.flight,
        f.properties.hazard,
      ]);
    expect(points).toEqual([
      [0, 'none'],
      [0, 'none'],
      [1, 'none'],
      [1, 'none'],
      [1, 'inside'],
    ]);
  });

  it.each([
    ['/api/flight/flights?bbox=1,2,3', 'bbox'],
    ['/api/flight/flights?time=yesterday', 'time'],
    [`/api/flight/flight_track?icao24=7809aa&from=${at(0)}&to=${at(-1)}`, 'from'],
    [`/api/flight/flight_track?icao24=7809aa&from=${at(-2000)}&to=${at(0)}`, 'from'],
    ['/api/flight/flight_track?icao24=xyz', 'icao24'],
  ])('answers 400 to %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(field);
  });

  it('asks for a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/flight/flights' })).statusCode).toBe(401);
  });

  it('drops day partitions past retention', async () => {
    const dropped = await t.app.services.flightPartitions.dropBefore(t.db, NOW.getTime() + 86_400_000);
    expect(dropped).toContain('aircraft_positions_20261124');
    expect((await get('/api/flight/flights')).json().items).toEqual([]);
  });
});
