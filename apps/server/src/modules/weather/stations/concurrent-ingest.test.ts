import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

const NOW = new Date('2026-07-01T12:00:00Z');
const at = (min: number) => new Date(NOW.getTime() + min * 60_000).toISOString();
const STATIONS = ['FZ1', 'FZ2', 'FZ3', 'FZ4', 'FZ5', 'FZ6'];
const FEEDS = 4;
const ROUNDS = 20;

/** The stations in an order of its own for each feed and round (rotated, every other one reversed). */
function orderOf(feed: number, round: number): string[] {
  const shift = (feed + round) % STATIONS.length;
  const rotated = [...STATIONS.slice(shift), ...STATIONS.slice(0, shift)];
  return feed % 2 === 0 ? rotated : rotated.reverse();
}

describe.each(DB_KINDS)('concurrent station readings (%s)', (kind) => {
  let t: TestApp;
  const keys: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    for (let i = 0; i < FEEDS; i++) keys.push(await t.createFeed(`feed${i}`));
  });
  afterAll(() => t.close());

  const post = (url: string, key: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-feed-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it.each([
    ['/api/ingest/observations', { temperature: 20 }],
    ['/api/ingest/waves', { wave_height: 1.5 }],
  ])('%s: feeds naming the same known stations in different orders never deadlock', async (url, value) => {
    const first = await post(
      url,
      keys[0] as string,
      STATIONS.map((s, i) => ({ station: s, lat: 26 + i / 10, lon: 119.3, time: at(-60), ...value })),
    );
    expect(first.statusCode, first.body).toBe(200);
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        keys.map((key, feed) =>
          post(
            url,
            key,
            orderOf(feed, round).flatMap((s, i) => [
              // The same station and time from every feed, and the station described again.
              { station: s, lat: 26 + i / 10, lon: 119.3, name: `F${feed}`, time: at(-30), ...value },
              { station: s, time: at(-round - 1), ...value },
            ]),
          ),
        ),
      );
      for (const a of answers) {
        if (a.statusCode !== 200) expect.fail(`round ${round}: ${a.statusCode} ${a.body}`);
        statuses.push(a.statusCode);
      }
    }
    expect(statuses).toHaveLength(ROUNDS * FEEDS);
  });
});
