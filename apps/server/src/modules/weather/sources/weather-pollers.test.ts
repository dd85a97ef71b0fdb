import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simGenesisMs, simTyphoonAtcf } from '@thunderwatch/domain/weather/weather-sim';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollersConfig } from '../../../config-pollers.js';
import { AppError } from '../../../lib/app-error.js';
import { type PolledAnswer, SourcePoller } from '../../../lib/source-poller.js';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

/** A loopback weather source: answers what `reply` says and records the requests' conditional headers. */
function loopbackSource() {
  const seen: { url: string; ifNoneMatch: string | undefined }[] = [];
  let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, res) => res.end();
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    reply(req, res);
  });
  return {
    seen,
    set: (r: typeof reply) => {
      reply = r;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;

describe('a source poller', () => {
  const source = loopbackSource();
  let base: string;
  const ingested: string[] = [];
  const poller = (path: string, maxBytes = 1000) =>
    new SourcePoller({
      name: 'test',
      url: `${base}${path}`,
      everyMs: 60_000,
      maxBytes,
      log,
      ingest: async (a: PolledAnswer) => {
        const t = a.body.toString();
        if (t.startsWith('bad')) throw new AppError('validation.failed', 400, 'bad line 1');
        ingested.push(t);
      },
    });
  beforeAll(async () => {
    base = await source.listen();
  });
  afterAll(() => source.close());

  it('ingests a new answer, then asks with its ETag and skips a 304', async () => {
    source.set((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.statusCode = 304;
        res.end();
      } else res.setHeader('etag', '"v1"').end('track v1');
    });
    const p = poller('/a');
    expect(await p.poll()).toBe('ingested');
    expect(await p.poll()).toBe('unchanged');
    expect(ingested).toEqual(['track v1']);
    expect(source.seen.at(-1)?.ifNoneMatch).toBe('"v1"');
  });

  it('skips an answer with the same bytes from a source without validators, and takes a changed one', async () => {
    let body = 'obs 1';
    source.set((_req, res) => res.end(body));
    const p = poller('/b');
    expect(await p.poll()).toBe('ingested');
    expect(await p.poll()).toBe('unchanged');
    body = 'obs 2';
    expect(await p.poll()).toBe('ingested');
    expect(ingested.slice(-2)).toEqual(['obs 1', 'obs 2']);
  });

  it.each([
    [
      'an answer the ingest refuses',
      (_q: unknown, res: http.ServerResponse) => res.end('bad data'),
      'refused',
    ],
    [
      'an HTTP error',
      (_q: unknown, res: http.ServerResponse) => {
        res.statusCode = 503;
        res.end();
      },
      'failed',
    ],
    [
      'an answer over the size limit',
      (_q: unknown, res: http.ServerResponse) => res.end('x'.repeat(5000)),
      'failed',
    ],
  ] as const)('reports %s without ingesting it', async (_name, reply, outcome) => {
    source.set(reply);
    const before = ingested.length;
    expect(await poller('/c').poll()).toBe(outcome);
    expect(ingested.length).toBe(before);
  });

  it('reports a source that cannot be reached', async () => {
    const p = new SourcePoller({
      name: 'gone',
      url: 'http://127.0.0.1:9/none',
      everyMs: 60_000,
      maxBytes: 10,
      log,
      ingest: async () => {},
    });
    expect(await p.poll()).toBe('failed');
  });
});

describe('the weather pollers’ settings', () => {
  it.each([
    [{}, []],
    [{ POLL_TYPHOON_URL: 'https://example.org/wp.dat' }, [{ kind: 'typhoon', everyMs: 30 * 60_000 }]],
    [{ POLL_WAVES_URL: 'http://x/41002.txt', POLL_WAVES_MIN: '5' }, [{ kind: 'waves', everyMs: 5 * 60_000 }]],
    [{ POLL_CAP_URL: 'https://x/alerts.atom' }, [{ kind: 'cap', everyMs: 5 * 60_000 }]],
  ])('%o', (env, expected) => {
    expect(pollersConfig(env)).toMatchObject(expected);
  });

  it.each([
    [{ POLL_TYPHOON_URL: 'ftp://x/y' }, 'POLL_TYPHOON_URL must be an http(s) URL'],
    [{ POLL_OBSERVATIONS_URL: 'not a url' }, 'POLL_OBSERVATIONS_URL is not a URL'],
    [
      { POLL_WAVES_URL: 'http://x/y', POLL_WAVES_MIN: '0' },
      'POLL_WAVES_MIN must be an integer between 1 and 1440',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => pollersConfig(env)).toThrow(message);
  });
});

const NOW = simGenesisMs(Date.UTC(2026, 7, 1)) + 2 * 86_400_000;

describe.each(DB_KINDS)('polled weather sources (%s)', (kind) => {
  const source = loopbackSource();
  let t: TestApp;
  beforeAll(async () => {
    const base = await source.listen();
    source.set((req, res) => {
      if (req.url === '/wp.dat') res.end(simTyphoonAtcf(NOW));
      else if (req.url === '/obs.json')
        res.setHeader('content-type', 'application/json').end(
          JSON.stringify([
            {
              station: 'P1',
              name: 'Polled 1',
              lat: 22.5,
              lon: 114,
              time: new Date(NOW - 600_000),
              wind_speed: 9,
            },
          ]),
        );
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    t = await startTestApp(kind, {
      background: ['weather-pollers'],
      now: () => new Date(NOW),
      env: { POLL_TYPHOON_URL: `${base}/wp.dat`, POLL_OBSERVATIONS_URL: `${base}/obs.json` },
    });
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  it('ingests what the sources answer, labelled as polled', async () => {
    // The two sources are polled independently: each is awaited on its own.
    const storms = async () =>
      (await t.call({ method: 'GET', url: '/api/weather/typhoon/', token: t.admin.access }))
        .json<{ items: { name_en: string }[] }>()
        .items.map((s) => s.name_en);
    await expect.poll(storms, { timeout: 20_000, interval: 100 }).toEqual(['DEMO']);
    const stored = await t.db.query<{ source: string }>('SELECT source FROM typhoon_storms');
    expect(stored.rows).toEqual([{ source: 'poll:typhoon' }]);
    const nearest = async () =>
      (
        await t.call({ method: 'GET', url: '/api/weather_now?lat=22.5&lon=114', token: t.admin.access })
      ).json<{
        items: unknown[];
      }>().items[0];
    await expect
      .poll(nearest, { timeout: 20_000, interval: 100 })
      .toMatchObject({ station: { id: 'P1' }, readings: { wind_speed: 9 } });
  });
});
