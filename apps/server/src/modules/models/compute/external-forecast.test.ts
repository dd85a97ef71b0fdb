import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

const KEY = 'forecast-secret-key-123';
const STEPS = [1, 2, 3, 6, 12, 24];
const GRID = { west: 110, south: 20, cell_deg: 0.5, cols: 4, rows: 3 };
const ELEMENTS: [string, string][] = [
  ['temperature_2m', '°C'],
  ['precipitation', 'mm/h'],
  ['wind_speed_10m', 'm/s'],
];

/** A valid answer: every element and step, a warm south-east corner, one unknown cell. */
function goodAnswer() {
  return {
    issued_at: new Date(Date.now() - 3_600_000).toISOString(),
    grid: GRID,
    fields: ELEMENTS.flatMap(([element, unit]) =>
      STEPS.map((step_h) => ({
        element,
        step_h,
        unit,
        values: Array.from({ length: 12 }, (_, i) => (i === 11 ? null : i === 3 ? 33 : 12)),
      })),
    ),
  };
}

type Answer = { status?: number; type?: string; body: unknown; delayMs?: number };

/**
 * The external forecast adapters against a loopback double of a forecast service: what is sent (the
 * contract's request, the key as a bearer token), a good answer stored as a run's output, and every kind of
 * bad answer failing the run with a reason that names the problem and never the key.
 */
describe.each(DB_KINDS)('external forecast adapter (%s)', (kind) => {
  let t: TestApp;
  let server: Server;
  let answer: Answer = { body: goodAnswer() };
  let seen: { headers: IncomingHttpHeaders; body: unknown } | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => {
        seen = { headers: req.headers, body: JSON.parse(text) };
        const a = answer;
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/json' });
          res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
        }, a.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp(kind, {
      background: ['models'],
      env: {
        WEATHER_FORECAST_URL: `http://127.0.0.1:${port}/forecast`,
        WEATHER_FORECAST_KEY: KEY,
        MODEL_EXTERNAL_TIMEOUT_SEC: '1',
        MODEL_REGION: '100,15,125,45',
        MODEL_WEATHER_FORECAST_EVERY_MIN: '0',
        MODEL_NOWCAST_EVERY_MIN: '0',
        MODEL_FIRE_RISK_EVERY_MIN: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const run = async (a: Answer) => {
    answer = a;
    const res = await t.call({
      method: 'POST',
      url: '/api/weather/task',
      token: t.admin.access,
      payload: { model: 'weather_forecast' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.modelScheduler.idle();
    return (
      await t.call({ method: 'GET', url: `/api/weather/task/${res.json().id}`, token: t.admin.access })
    ).json();
  };

  it('is ready in the registry once configured', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/models/', token: t.admin.access })).json();
    expect(list.items.find((m: { id: string }) => m.id === 'weather_forecast')).toMatchObject({
      status: 'ready',
    });
    expect(list.items.find((m: { id: string }) => m.id === 'geo_weather_forecast')).toMatchObject({
      status: 'not_configured',
    });
  });

  it('sends the contract request with the key, and stores a good answer with its contours', async () => {
    const body = goodAnswer();
    const done = await run({ body });
    expect(done).toMatchObject({ status: 'done', has_output: true, valid_at: body.issued_at });
    expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen?.body).toEqual({
      model: 'weather_forecast',
      bbox: [100, 15, 125, 45],
      elements: ['temperature_2m', 'precipitation', 'wind_speed_10m'],
      steps_h: STEPS,
    });
    const out = (
      await t.call({
        method: 'GET',
        url: `/api/weather/task/${done.id}/output?element=temperature_2m&from_min=0`,
        token: t.admin.access,
      })
    ).json();
    expect(out.frames).toEqual([{ element: 'temperature_2m', from_min: 0, to_min: 60, unit: '°C', max: 33 }]);
    expect(out.features.map((f: { properties: { value: number } }) => f.properties.value)).toEqual([
      -10, 0, 10, 20, 30,
    ]);
    const grid = (
      await t.call({
        method: 'GET',
        url: `/api/weather/task/${done.id}/grid?element=precipitation&from_min=1380`,
        token: t.admin.access,
      })
    ).json();
    expect(grid).toMatchObject({ to_min: 1440, unit: 'mm/h', grid: GRID });
    expect(grid.values[11]).toBeNull();
    expect(grid.values[3]).toBe(33);
  });

  const bad: { name: string; answer: () => Answer; reason: RegExp; code?: string }[] = [
    {
      name: 'an HTTP error',
      answer: () => ({ status: 503, body: { error: 'down' } }),
      reason: /answered HTTP 503/,
      code: 'forecast_http',
    },
    {
      name: 'HTML',
      answer: () => ({ type: 'text/html', body: '<html>' }),
      reason: /did not answer with JSON/,
      code: 'forecast_not_json',
    },
    { name: 'broken JSON', answer: () => ({ body: '{"issued_at": ' }), reason: /it is not JSON/ },
    {
      name: 'too slow',
      answer: () => ({ body: goodAnswer(), delayMs: 2500 }),
      reason: /did not answer within 1 s/,
      code: 'forecast_timeout',
    },
    {
      name: 'a value that is not a number',
      answer: () => {
        const b = goodAnswer();
        (b.fields[0]?.values as unknown[])[0] = 'warm';
        return { body: b };
      },
      reason: /\/fields\/0\/values\/0/,
    },
    {
      name: 'another unit',
      answer: () => {
        const b = goodAnswer();
        for (const f of b.fields) if (f.element === 'temperature_2m') f.unit = 'K';
        return { body: b };
      },
      reason: /unit "K", expected "°C"/,
    },
    {
      name: 'a missing step',
      answer: () => ({
        body: { ...goodAnswer(), fields: goodAnswer().fields.filter((f) => f.step_h !== 12) },
      }),
      reason: /\+12 h is missing/,
    },
    {
      name: 'a field of the wrong size',
      answer: () => {
        const b = goodAnswer();
        b.fields[2]?.values.pop();
        return { body: b };
      },
      reason: /11 values for 12 grid cells/,
    },
    {
      name: 'an element not asked for',
      answer: () => {
        const b = goodAnswer();
        b.fields.push({ element: 'snow', step_h: 1, unit: 'cm', values: new Array(12).fill(0) });
        return { body: b };
      },
      reason: /snow \+1 h\): element was not asked for/,
    },
    {
      name: 'an issue time in the future',
      answer: () => ({
        body: { ...goodAnswer(), issued_at: new Date(Date.now() + 86_400_000).toISOString() },
      }),
      reason: /in the future/,
    },
    {
      name: 'a grid too large',
      answer: () => ({ body: { ...goodAnswer(), grid: { ...GRID, cols: 2000, rows: 2000 } } }),
      reason: /more than 1000000/,
    },
  ];
  for (const b of bad) {
    it(`fails the run on ${b.name}, saying why`, async () => {
      const failed = await run(b.answer());
      expect(failed).toMatchObject({ status: 'failed', has_output: false });
      expect(failed.reason).toMatch(b.reason);
      expect(failed.reason).not.toContain(KEY);
      // The screens word the code; every bad answer is `forecast_invalid`.
      expect(failed.reason_code).toBe(b.code ?? 'forecast_invalid');
      if (b.code === 'forecast_http') expect(failed.reason_params).toMatchObject({ status: 503 });
    });
  }

  it('keeps the last good output as the latest after failures', async () => {
    const latest = await t.call({
      method: 'GET',
      url: '/api/models/weather_forecast/outputs/latest?element=wind_speed_10m',
      token: t.admin.access,
    });
    expect(latest.statusCode).toBe(200);
    expect(latest.json().run.status).toBe('done');
  });
});
