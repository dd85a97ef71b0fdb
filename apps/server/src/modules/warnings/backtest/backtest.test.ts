import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { jsonStroke } from '../../../test/strokes.js';

const MIN = 60_000;
const SITE = { lat: 23.0, lon: 113.0 };
/** Degrees of latitude per km, near enough for placing test strokes. */
const KM = 1 / 110.75;
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
];
/** A stricter rule set: two strokes within 2 minutes, shorter all-clear, wider outer rings, no IC inside. */
const STRICT = [
  { radius_km: 8, level: 3, all_clear_min: 6, min_strokes: 2, window_min: 2, include_ic: false },
  { radius_km: 25, level: 2, all_clear_min: 6, min_strokes: 2, window_min: 2, include_ic: true },
  { radius_km: 40, level: 1, all_clear_min: 6, min_strokes: 1, window_min: 1, include_ic: true },
];

/**
 * Two hours of weather north of the site, minute by minute: a storm coming in from 45 km, passing over and
 * leaving, a lone stroke at 15 km an hour later (a false alarm for orange), a second short storm, IC mixed in.
 */
function weather(t0: number): { timeMs: number; km: number; ic: boolean; ka: number }[] {
  const out: { timeMs: number; km: number; ic: boolean; ka: number }[] = [];
  for (let m = 0; m < 50; m++) {
    const km = Math.abs(45 - m * 1.6);
    out.push({ timeMs: t0 + m * MIN + 7_000, km, ic: m % 3 === 0, ka: -10 - m });
    if (m % 4 === 1) out.push({ timeMs: t0 + m * MIN + 31_500, km: km + 3, ic: false, ka: 25 });
  }
  out.push({ timeMs: t0 + 75 * MIN, km: 15, ic: false, ka: -30 });
  for (let m = 95; m < 103; m++)
    out.push({ timeMs: t0 + m * MIN + 2_000, km: 18 - m + 95, ic: m % 2 === 0, ka: -12 });
  return out;
}

describe.each(DB_KINDS)('warning backtest (%s)', (kind) => {
  const start = Math.floor(Date.now() / MIN) * MIN - 3 * 60 * MIN;
  let clock = start;
  let t: TestApp;
  let key: string;
  let operator: TestUser;
  let outsider: TestUser;
  let apron: number;
  let strict: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { background: ['warning-engine'], now: () => new Date(clock) });
    key = await t.createFeed('bt-net');
    operator = await t.createUser({ role: 'operator' });
    outsider = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`bt-other-${kind}`) });
    const create = async (name: string, rings: object[]) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: operator.access,
        payload: { name, shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] }, rings },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    apron = await create('Apron', RINGS);
    strict = await create('Apron strict', STRICT);
    await t.app.services.warningEngine.idle();

    // The live engine: each stroke is received half a second after it struck, and the clock ticks between.
    for (const s of weather(start + 10 * MIN)) {
      clock = s.timeMs + 500;
      const res = await t.call({
        method: 'POST',
        url: '/api/ingest/strokes',
        headers: { 'x-feed-key': key },
        payload: [
          jsonStroke({
            time: new Date(s.timeMs).toISOString(),
            lat: SITE.lat + s.km * KM,
            lon: SITE.lon,
            type: s.ic ? 'IC' : 'CG',
            peak_ka: s.ka,
          }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.services.warningEngine.idle();
      await t.app.services.warningEngine.tick();
    }
    for (let i = 0; i < 30; i++) {
      clock += MIN;
      await t.app.services.warningEngine.tick();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** An alert without the fields of predicted warnings (the rings' own are compared with the live engine's). */
  const ringFields = ({ predicted, ring_at, predicted_lead_min, ...rest }: Record<string, unknown>) => rest;
  const window = () => ({ from: new Date(start).toISOString(), to: new Date(clock).toISOString() });
  const backtest = (payload: object, user = operator) =>
    t.call({ method: 'POST', url: '/api/warning/backtest', token: user.access, payload });
  const liveAlerts = async (locationId: number) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/alert_hist/?location_id=${locationId}&limit=100`,
      token: operator.access,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as Record<string, unknown>[])
      .map(({ id, location_id, location_name, location_name_en, group_id, ...rest }) => ringFields(rest))
      .sort((a, b) => String(a.started_at).localeCompare(String(b.started_at)));
  };
  const liveSkill = async (locationId: number) => {
    const q = new URLSearchParams({ location_id: String(locationId), ...window() });
    const res = await t.call({ method: 'GET', url: `/api/warning/skill?${q}`, token: operator.access });
    expect(res.statusCode).toBe(200);
    const { location_id, from, to, source, ...scores } = res.json();
    return scores;
  };

  it('gives the alerts and skill the live engine recorded from the same strokes', async () => {
    const res = await backtest({ location_id: apron, ...window() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const live = await liveAlerts(apron);
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(body.alerts.map(ringFields)).toEqual(live);
    for (const a of body.alerts) {
      expect(a).toMatchObject({ predicted: false, ring_at: a.started_at, predicted_lead_min: null });
    }
    expect(body.skill).toEqual(await liveSkill(apron));
    expect(body.skill.events).toBeGreaterThan(0);
    expect(body.skill.false_alarms).toBeGreaterThan(0);
    expect(body).toMatchObject({
      location_id: apron,
      level_at_from: 0,
      predicted: false,
      predict: null,
      rings: RINGS,
    });
    // The timeline holds every change of every episode, in order, after the level at `from`.
    const changes = (live as { timeline: { at: string; level: number }[] }[]).flatMap((a) => a.timeline);
    expect(
      body.timeline.slice(1).map((s: { time: string; level: number }) => ({ at: s.time, level: s.level })),
    ).toEqual(changes);
    expect(body.timeline[1]).toMatchObject({ level: 1, ring_km: 30 });
  });

  it('replays another rule set as the live engine ran it on a location that has it', async () => {
    const res = await backtest({ location_id: apron, rings: STRICT, ...window() });
    expect(res.statusCode, res.body).toBe(200);
    const live = await liveAlerts(strict);
    expect(live.length).toBeGreaterThan(0);
    expect(res.json().alerts.map(ringFields)).toEqual(live);
    expect(res.json().skill).toEqual(await liveSkill(strict));
    expect(res.json().alerts.map(ringFields)).not.toEqual(await liveAlerts(apron));
  });

  it('backtests a shape as it backtests a location there', async () => {
    const byShape = await backtest({
      shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
      rings: RINGS,
      ...window(),
    });
    const byLocation = await backtest({ location_id: apron, ...window() });
    expect(byShape.statusCode, byShape.body).toBe(200);
    expect({ ...byShape.json(), location_id: apron }).toEqual(byLocation.json());
  });

  it('names what is wrong with a request', async () => {
    const cases: [object, number, string][] = [
      [{ ...window() }, 400, 'backtest.invalid_target'],
      [
        { location_id: apron, shape: { type: 'Point', coordinates: [1, 2] }, ...window() },
        400,
        'backtest.invalid_target',
      ],
      [{ shape: { type: 'Point', coordinates: [200, 2] }, ...window() }, 400, 'location.invalid_shape'],
      [
        { location_id: apron, rings: [{ ...RINGS[0], level: 5 }], ...window() },
        400,
        'location.invalid_rings',
      ],
      [{ location_id: apron, rings: [], ...window() }, 400, 'location.invalid_rings'],
      [{ location_id: apron, from: window().to, to: window().from }, 400, 'validation.failed'],
      [
        { location_id: apron, from: new Date(clock - 32 * 86_400_000).toISOString(), to: window().to },
        400,
        'backtest.window_too_large',
      ],
      [
        {
          location_id: apron,
          from: new Date(clock + MIN).toISOString(),
          to: new Date(clock + 2 * MIN).toISOString(),
        },
        400,
        'validation.failed',
      ],
      [{ location_id: 999_999, ...window() }, 404, 'location.not_found'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await backtest(payload);
      expect([res.statusCode, res.json().error?.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    const tooLong = await backtest({
      location_id: apron,
      from: new Date(clock - 32 * 86_400_000).toISOString(),
      to: window().to,
    });
    expect(tooLong.json().error.message).toContain('31 days');
  });

  it("keeps another group's location from being backtested", async () => {
    const res = await backtest({ location_id: apron, ...window() }, outsider);
    expect(res.statusCode).toBe(404);
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/warning/backtest',
      payload: { location_id: apron, ...window() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
