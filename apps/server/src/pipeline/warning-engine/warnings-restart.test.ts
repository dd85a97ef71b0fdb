import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { DB_KINDS, freshDatabase, startTestApp, type TestApp } from '../../test/harness.js';
import { jsonStroke } from '../../test/strokes.js';

const MIN = 60_000;
const KM = 1 / 110.75;
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
];

/**
 * A crash (the process dies without a word) during an active storm: the next start resumes from the stored
 * state, replays strokes that were committed but never reached the engine, keeps one episode, and issues
 * an all-clear that fell due while the server was down.
 */
describe.each(DB_KINDS)('warning engine restart (%s)', (kind) => {
  let db: Database;
  const apps: TestApp[] = [];
  let clock = Math.floor(Date.now() / 1000) * 1000;
  const t0 = clock;
  let locationId: number;

  afterAll(async () => {
    for (const a of apps) await a.close();
    await db.close();
  });

  const start = async () => {
    const t = await startTestApp(kind, { background: ['warning-engine'], db, now: () => new Date(clock) });
    apps.push(t);
    return t;
  };
  /**
   * Stops the engine where it stands, as a killed process would: nothing more is written, and its lease is
   * free for the next start (a killed process's session closes).
   */
  const crash = async (t: TestApp) => t.app.services.leadership.close();
  const levelOf = async (t: TestApp) => {
    const res = await t.call({ method: 'GET', url: '/api/warning', token: t.admin.access });
    return (res.json().items as { location_id: number; level: number; all_clear_at: string | null }[]).find(
      (i) => i.location_id === locationId,
    );
  };
  const alertsOf = async () =>
    (
      await db.query<{ id: number; ended_at: Date | null }>(
        'SELECT id, ended_at FROM alerts WHERE location_id = $1 ORDER BY id',
        [locationId],
      )
    ).rows;

  it('resumes an active warning with the countdown of a stroke the engine never saw', async () => {
    db = await freshDatabase(kind);
    const first = await start();
    const created = await first.call({
      method: 'POST',
      url: '/api/locations/',
      token: first.admin.access,
      payload: { name: 'Tank farm', shape: { type: 'Point', coordinates: [121.5, 31.2] }, rings: RINGS },
    });
    locationId = created.json().id;
    await first.app.services.warningEngine.idle();
    const key = await first.createFeed('crash-net');
    await first.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke({ time: new Date(t0).toISOString(), lat: 31.2 + 3 * KM, lon: 121.5 })],
    });
    await first.app.services.warningEngine.idle();
    expect((await levelOf(first))?.level).toBe(3);
    await crash(first);

    // Committed by the ingest, but the process died before the engine took it.
    clock = t0 + 5 * MIN;
    await db.query(
      `INSERT INTO strokes (time, ns, lat, lon, peak_ka, is_ic, source) VALUES ($1, 0, $2, 121.5, -12, false, 'crash-net')`,
      [new Date(t0 + 5 * MIN), 31.2 - 4 * KM],
    );

    clock = t0 + 12 * MIN;
    const second = await start();
    const w = await levelOf(second);
    expect(w?.level).toBe(3);
    expect(w?.all_clear_at).toBe(new Date(t0 + 15 * MIN).toISOString());
    const alerts = await alertsOf();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.ended_at).toBeNull();
    await crash(second);
  });

  it('issues at start the all-clear that fell due while down, stamped with its due time', async () => {
    clock = t0 + 40 * MIN;
    const third = await start();
    expect((await levelOf(third))?.level).toBe(0);
    const alerts = await alertsOf();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.ended_at?.toISOString()).toBe(new Date(t0 + 15 * MIN).toISOString());
    const events = await db.query<{ to_level: number }>(
      'SELECT to_level FROM warning_events WHERE location_id = $1 ORDER BY id',
      [locationId],
    );
    expect(events.rows.map((e) => e.to_level)).toEqual([3, 0]);
  });
});
