import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { jsonStroke } from '../../../test/strokes.js';

const MIN = 60_000;
const SITE = { lat: 25.0, lon: 116.0 };
/** Degrees of longitude per km at the site's latitude, near enough for placing the cell. */
const KM_LON = 1 / (111.32 * Math.cos((SITE.lat * Math.PI) / 180));
const POINT = { type: 'Point', coordinates: [SITE.lon, SITE.lat] };
/** A quiet location 300 km away: no jump comes near it. */
const QUIET = { type: 'Point', coordinates: [113.0, 23.0] };

/**
 * Two hours of one storm cell: 45 km west of the site, moving east at 30 km/h, flashing 12–14 times a
 * minute for 16 min (the history the jump test needs), then climbing to 60 a minute (a lightning jump)
 * while it comes in over the site. One stroke a flash, a fifth of them CG.
 */
function cellStrokes(t0: number) {
  return syntheticFlashes(
    [
      {
        lat: SITE.lat,
        lon: SITE.lon - 45 * KM_LON,
        eastKmh: 30,
        sigmaKm: 3,
        perMin: (m) => (m < 16 ? 12 + (m % 3) : Math.min(60, 12 + (m - 15) * 8)),
      },
    ],
    t0,
    0,
    120,
    3,
  ).map((f) =>
    jsonStroke({
      time: new Date(Math.floor(f.timeMs)).toISOString(),
      lat: Math.round(f.lat * 1e4) / 1e4,
      lon: Math.round(f.lon * 1e4) / 1e4,
      type: f.cg ? 'CG' : 'IC',
    }),
  );
}

type Step = { time: string; level: number; ring_km: number | null; predicted?: boolean };

describe.each(DB_KINDS)('warning backtest with predicted warnings (%s)', (kind) => {
  const start = Math.floor(Date.now() / MIN) * MIN - 4 * 60 * MIN;
  const clock = start + 3 * 60 * MIN;
  let t: TestApp;
  let operator: TestUser;
  let quiet: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(clock) });
    const key = await t.createFeed('btp-net');
    operator = await t.createUser({ role: 'operator' });
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: operator.access,
      payload: { name: 'Quiet', shape: QUIET },
    });
    expect(res.statusCode, res.body).toBe(201);
    quiet = res.json().id;
    const strokes = cellStrokes(start + 20 * MIN);
    for (let i = 0; i < strokes.length; i += 1000) {
      const ingest = await t.call({
        method: 'POST',
        url: '/api/ingest/strokes',
        headers: { 'x-feed-key': key },
        payload: strokes.slice(i, i + 1000),
      });
      expect(ingest.statusCode, ingest.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const window = { from: new Date(start).toISOString(), to: new Date(clock).toISOString() };
  const backtest = async (payload: object) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/warning/backtest',
      token: operator.access,
      payload: { ...window, ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const firstWarning = (timeline: Step[]) => timeline.find((s) => s.level > 0) as Step;

  it('warns of a jumping cell before any ring fires, and gains lead time', async () => {
    const rings = await backtest({ shape: POINT });
    const predicted = await backtest({ shape: POINT, predicted: true, predict: { level: 2 } });
    expect(rings).toMatchObject({ predicted: false, predict: null });
    expect(predicted).toMatchObject({
      predicted: true,
      predict: { range_km: 40, level: 2, all_clear_min: 30 },
    });
    // The tracker reads the cell's strokes from farther than the rings reach, IC included.
    expect(predicted.strokes).toBeGreaterThan(rings.strokes);

    const ring = firstWarning(rings.timeline);
    const early = firstWarning(predicted.timeline);
    expect(ring).toMatchObject({ level: 1, ring_km: 30 });
    expect(early).toMatchObject({ level: 2, ring_km: null, predicted: true });
    expect(Date.parse(early.time)).toBeLessThan(Date.parse(ring.time));
    // Judged at a tracker step: a whole minute and the live tracker's 5 s.
    expect(Date.parse(early.time) % MIN).toBe(5_000);

    const [alert] = predicted.alerts;
    expect(alert).toMatchObject({
      started_at: early.time,
      predicted: true,
      first_stroke: null,
      ring_at: ring.time,
      predicted_lead_min: Math.round((Date.parse(ring.time) - Date.parse(early.time)) / 6_000) / 10,
      timeline: expect.arrayContaining([{ at: early.time, level: 2, predicted: true }]),
    });
    expect(rings.alerts[0]).toMatchObject({ predicted: false, ring_at: rings.alerts[0].started_at });
    expect(rings.alerts[0].predicted_lead_min).toBeNull();

    expect(predicted.skill.events).toBe(1);
    expect(predicted.skill.hits).toBe(rings.skill.hits);
    expect(predicted.skill.median_lead_time_min).toBeGreaterThan(rings.skill.median_lead_time_min + 10);
  });

  it("predicts at the outermost ring's level by default", async () => {
    const body = await backtest({ shape: POINT, predicted: true });
    expect(body.predict).toEqual({ range_km: 40, level: 1, all_clear_min: 30 });
    expect(firstWarning(body.timeline)).toMatchObject({ level: 1, predicted: true });
  });

  it('changes nothing where no jump comes near', async () => {
    const rings = await backtest({ location_id: quiet });
    const predicted = await backtest({ location_id: quiet, predicted: true, predict: { range_km: 60 } });
    expect(predicted.predict).toEqual({ range_km: 60, level: 1, all_clear_min: 30 });
    const { predicted: _p, predict: _q, ...rest } = predicted;
    expect({ ...rest, predicted: false, predict: null }).toEqual(rings);
  });

  it('names what is wrong with a prediction asked for', async () => {
    const cases: [object, string][] = [
      [{ predict: { level: 2 } }, 'predict'],
      [{ predicted: true, predict: { range_km: 0 } }, 'predict/range_km'],
      [{ predicted: true, predict: { range_km: 500 } }, 'predict/range_km'],
      [{ predicted: true, predict: { level: 4 } }, 'predict/level'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/warning/backtest',
        token: operator.access,
        payload: { shape: POINT, ...window, ...payload },
      });
      expect([res.statusCode, res.json().error?.code], JSON.stringify(payload)).toEqual([
        400,
        'validation.failed',
      ]);
      expect(res.json().error.details[0].field).toBe(field);
    }
  });
});
