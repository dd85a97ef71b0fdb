import { warningMinutes } from '@thunderwatch/domain/warnings/rules-grid';
import { warningPeriodsOf } from '@thunderwatch/domain/warnings/warning-skill';
import type { AdviseJob } from '@thunderwatch/shared/schemas/advise';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { jsonStroke } from '../../../test/strokes.js';
import { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import { type BacktestRunner, inlineBacktestRunner } from '../backtest/backtest-runner.js';
import type { LocationChange } from '../locations/location-changes.js';
import { AdviseJobWorker } from './advise-job-worker.js';
import type { AdviseJobsRepo } from './advise-jobs-repo.js';
import { AdviseService } from './advise-service.js';

const MIN = 60_000;
const SITE = { lat: 23.0, lon: 113.0 };
/** Degrees of latitude per km, near enough for placing test strokes. */
const KM = 1 / 110.75;
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
];
const OTHER = [
  { radius_km: 8, level: 3, all_clear_min: 20, min_strokes: 1, window_min: 1, include_ic: false },
  { radius_km: 40, level: 2, all_clear_min: 20, min_strokes: 1, window_min: 1, include_ic: true },
];

/**
 * Three storms north of the site: one coming in from 55 km and passing over, a lone stroke at 25 km (a false
 * alarm for wide rings), a short storm that starts overhead (no rule warns of it), and one that stays 12–18 km
 * off (an event only for an event radius that wide).
 */
function weather(t0: number): { timeMs: number; km: number; ic: boolean }[] {
  const out: { timeMs: number; km: number; ic: boolean }[] = [];
  for (let m = 0; m < 50; m++)
    out.push({ timeMs: t0 + m * MIN + 7_000, km: Math.abs(55 - m * 1.8), ic: m % 3 === 0 });
  out.push({ timeMs: t0 + 80 * MIN, km: 25, ic: false });
  for (let m = 110; m < 118; m++)
    out.push({ timeMs: t0 + m * MIN + 2_000, km: 4 + (m % 3), ic: m % 2 === 0 });
  for (let m = 150; m < 165; m++) out.push({ timeMs: t0 + m * MIN + 5_000, km: 12 + (m % 7), ic: false });
  return out;
}

describe.each(DB_KINDS)('rules advisor (%s)', (kind) => {
  const start = Math.floor(Date.now() / MIN) * MIN - 5 * 60 * MIN;
  const clock = start + 4 * 60 * MIN;
  let t: TestApp;
  let operator: TestUser;
  let groupAdmin: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let apron: number;
  let other: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { background: ['advise-jobs'], now: () => new Date(clock) });
    const key = await t.createFeed('adv-net');
    operator = await t.createUser({ role: 'operator' });
    groupAdmin = await t.createUser({ role: 'group_admin' });
    viewer = await t.createUser({ role: 'viewer' });
    outsider = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`adv-other-${kind}`) });
    const create = async (name: string, rings: object[]) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: operator.access,
        payload: {
          name,
          name_en: `${name} (en)`,
          shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
          rings,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    apron = await create('Apron', RINGS);
    other = await create('Apron other', OTHER);
    await t.ingest(
      key,
      weather(start + 10 * MIN).map((s) =>
        jsonStroke({
          time: new Date(s.timeMs).toISOString(),
          lat: SITE.lat + s.km * KM,
          lon: SITE.lon,
          type: s.ic ? 'IC' : 'CG',
          peak_ka: -15,
        }),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const window = { from: new Date(start).toISOString(), to: new Date(clock).toISOString() };
  const ask = (payload: object, user = operator) =>
    t.call({ method: 'POST', url: '/api/warning/advise', token: user.access, payload });
  const read = (id: string, user = operator) =>
    t.call({ method: 'GET', url: `/api/warning/advise/${id}`, token: user.access });
  const caller = () => ({ ...operator, role: 'operator' as const, sessionId: 'advise-test' });
  /** Polls a job until it is done, with every progress seen. */
  const finished = async (id: string, user = operator) => {
    const seen: number[] = [];
    for (let i = 0; i < 600; i++) {
      const res = await read(id, user);
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json() as AdviseJob;
      seen.push(job.progress.done);
      if (job.status === 'done' || job.status === 'failed') return { job, seen };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the advice never finished');
  };

  it('refuses bad requests where they are parsed, naming the field', async () => {
    const cases: [object, number, string, string?][] = [
      [window, 400, 'advise.invalid_target'],
      [{ ...window, location_id: apron, group_id: 1 }, 400, 'advise.invalid_target'],
      [{ location_id: apron, from: window.to, to: window.from }, 400, 'validation.failed', 'to'],
      [
        { location_id: apron, from: new Date(start - 93 * 1440 * MIN).toISOString(), to: window.to },
        400,
        'advise.window_too_large',
        'to',
      ],
      [
        { ...window, location_id: apron, objective: { kind: 'least_warning_at_pod', min_pod: 1.5 } },
        400,
        'validation.failed',
      ],
      [{ ...window, location_id: apron, objective: { kind: 'most_votes' } }, 400, 'validation.failed'],
      [{ ...window, shape: { type: 'Point', coordinates: [200, 23] } }, 400, 'location.invalid_shape'],
    ];
    for (const [payload, status, code, field] of cases) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.code).toBe(code);
      if (field) expect(res.json().error.details?.[0]?.field).toBe(field);
    }
    expect((await ask({ ...window, location_id: apron }, outsider)).statusCode).toBe(404);
    expect((await ask({ ...window, group_id: operator.groupId })).statusCode).toBe(403);
    expect((await ask({ ...window, group_id: operator.groupId }, outsider)).statusCode).toBe(403);
  });

  it('runs as a job: 202, progress that only grows, done; another user’s job is 404', async () => {
    const res = await ask({ ...window, location_id: apron });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as AdviseJob;
    expect(['queued', 'running']).toContain(queued.status);
    expect(queued.progress.total).toBeGreaterThanOrEqual(90);
    expect((await read(queued.id, outsider)).statusCode).toBe(404);
    expect((await read(queued.id, outsider)).json().error.code).toBe('advise.not_found');
    const { job, seen } = await finished(queued.id);
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(job.progress).toEqual({ done: queued.progress.total, total: queued.progress.total });
    const site = job.result?.sites[0];
    expect(site).toMatchObject({
      location_id: apron,
      name: 'Apron',
      name_en: 'Apron (en)',
      event_definition: { radius_km: 10, gap_min: 10 },
      current_set_id: 'i10-m20-o30-ac10-n1',
    });
    expect(site?.sets).toHaveLength(queued.progress.total);
    expect(site?.events).toBeGreaterThanOrEqual(2);
    expect(site?.strokes).toBeGreaterThan(50);
    expect(site?.sets.filter((s) => s.current)).toHaveLength(1);
    // Its prediction would be yellow (the outer ring's level): no predicted sets, they could change nothing.
    expect(site?.sets.filter((s) => s.predicted)).toEqual([]);
    expect(site?.front.length).toBeGreaterThan(0);
    expect(
      site?.sets
        .filter((s) => s.on_front)
        .map((s) => s.id)
        .sort(),
    ).toEqual([...(site?.front ?? [])].sort());
    expect(job.result?.objective).toEqual({ kind: 'least_warning_at_pod', min_pod: 0.8 });
  });

  it('scores each set exactly as a backtest of that set with the same event definition', async () => {
    const res = await ask({ ...window, location_id: other, objective: { kind: 'best_csi' } });
    const { job } = await finished(res.json().id);
    const site = job.result?.sites[0];
    expect(site?.event_definition).toEqual({ radius_km: 8, gap_min: 20 });
    expect(site?.current_set_id).toBe('current');
    // Its outer ring is orange, so is its prediction: the few predicted sets are tried.
    expect(site?.sets.filter((s) => s.predicted)).toHaveLength(4);
    const events = { radiusKm: 8, gapMs: 20 * MIN, includeIc: false };
    const pick = [
      'current',
      'i10-m20-o30-ac30-n1',
      'i20-m30-o60-ac15-n2',
      'i5-m15-o30-ac15-n1',
      'i10-m20-o40-ac30-n1-p',
    ];
    let differ = 0;
    for (const id of pick) {
      const set = site?.sets.find((s) => s.id === id);
      expect(set, id).toBeDefined();
      if (!set) continue;
      const bt = await t.app.services.backtests.run(
        caller(),
        { location_id: other, rings: set.rings, predicted: set.predicted, ...window },
        { events },
      );
      const minutes = warningMinutes(
        warningPeriodsOf(
          bt.timeline.map((s) => ({ atMs: Date.parse(s.time), level: s.level })),
          Date.parse(bt.until),
        ),
        Date.parse(window.from),
        Date.parse(window.to),
      );
      expect(
        {
          pod: set.pod,
          far: set.far,
          csi: set.csi,
          hits: set.hits,
          false_alarms: set.false_alarms,
          median_lead_time_min: set.median_lead_time_min,
          warning_minutes: set.warning_minutes,
          events: site?.events,
        },
        id,
      ).toEqual({
        pod: bt.skill.pod,
        far: bt.skill.far,
        csi: bt.skill.csi,
        hits: bt.skill.hits,
        false_alarms: bt.skill.false_alarms,
        median_lead_time_min: bt.skill.median_lead_time_min,
        warning_minutes: minutes,
        events: bt.skill.events,
      });
      // The same set judged on its own innermost ring would often score otherwise.
      const own = await t.app.services.backtests.run(caller(), {
        location_id: other,
        rings: set.rings,
        predicted: set.predicted,
        ...window,
      });
      if (own.skill.events !== bt.skill.events || own.skill.pod !== bt.skill.pod) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('applies a set through the locations service, audited with its figures', async () => {
    const { job } = await finished((await ask({ ...window, location_id: apron })).json().id);
    const apply = (payload: object, user = operator) =>
      t.call({ method: 'POST', url: `/api/warning/advise/${job.id}/apply`, token: user.access, payload });
    expect((await apply({ location_id: apron, set_id: 'nope' })).json().error.code).toBe(
      'advise.set_not_found',
    );
    expect((await apply({ location_id: other, set_id: 'i10-m20-o30-ac30-n1' })).statusCode).toBe(404);
    expect((await apply({ location_id: apron, set_id: 'i10-m20-o30-ac30-n1' }, outsider)).statusCode).toBe(
      404,
    );
    expect((await apply({ location_id: apron, set_id: 'i10-m20-o30-ac30-n1' }, viewer)).statusCode).toBe(403);
    const set = job.result?.sites[0]?.sets.find((s) => s.id === 'i15-m30-o60-ac30-n2');
    const res = await apply({ location_id: apron, set_id: 'i15-m30-o60-ac30-n2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rings).toEqual(set?.rings);
    const audit = await t.db.query<{
      username: string;
      before: { rings: unknown };
      after: Record<string, unknown>;
    }>(`SELECT username, before, after FROM admin_db_audit WHERE table_name = 'locations' AND row_key = $1`, [
      String(apron),
    ]);
    expect(audit.rows).toHaveLength(1);
    const entry = audit.rows[0];
    expect(entry?.username).toBe(operator.username);
    expect(entry?.before.rings).toEqual(RINGS);
    expect(entry?.after.advice).toMatchObject({
      job_id: job.id,
      from: window.from,
      objective: { kind: 'least_warning_at_pod', min_pod: 0.8 },
      set: { id: 'i15-m30-o60-ac30-n2', pod: set?.pod, warning_minutes: set?.warning_minutes },
    });
    // Back to the rings the other tests read.
    const back = await t.call({
      method: 'PUT',
      url: `/api/locations/${apron}`,
      token: operator.access,
      payload: { name: 'Apron', rings: RINGS },
    });
    expect(back.statusCode).toBe(200);
  });

  it("keeps a site's yellow predicted warnings when it applies a set: the advice did not weigh them", async () => {
    const put = (predict: object) =>
      t.call({
        method: 'PUT',
        url: `/api/locations/${apron}`,
        token: operator.access,
        payload: { name: 'Apron', rings: RINGS, predict },
      });
    expect((await put({ enabled: true, level: 1 })).statusCode).toBe(200);
    const { job } = await finished((await ask({ ...window, location_id: apron })).json().id);
    const sets = job.result?.sites[0]?.sets ?? [];
    expect(sets.filter((s) => s.predicted && !s.current)).toEqual([]);
    const res = await t.call({
      method: 'POST',
      url: `/api/warning/advise/${job.id}/apply`,
      token: operator.access,
      payload: { location_id: apron, set_id: 'i15-m30-o60-ac30-n2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().predict).toMatchObject({ enabled: true, level: 1 });
    expect((await put({ enabled: false })).statusCode).toBe(200);
  });

  it('advises a whole group for its admin and exports the table as CSV and XLSX', async () => {
    const res = await ask({ ...window, group_id: groupAdmin.groupId }, groupAdmin);
    expect(res.statusCode, res.body).toBe(202);
    const { job } = await finished(res.json().id, groupAdmin);
    const sites = job.result?.sites ?? [];
    expect(sites.map((s) => s.location_id).sort()).toEqual(expect.arrayContaining([apron, other]));
    const rows = sites.reduce((n, s) => n + s.sets.length, 0);
    const csv = await t.call({
      method: 'GET',
      url: `/api/warning/advise/${job.id}/export?format=csv`,
      token: groupAdmin.access,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(rows + 1);
    expect(lines[0]?.split(',').slice(0, 4)).toEqual([
      'location_id',
      'location_name',
      'location_name_en',
      'from',
    ]);
    expect(lines.some((l) => l.includes('Apron other') && l.includes(',current,'))).toBe(true);
    for (const [lang, header] of [
      ['zh-Hans', '命中率（POD）'],
      ['en', 'POD'],
    ] as const) {
      const xlsx = await t.call({
        method: 'GET',
        url: `/api/warning/advise/${job.id}/export?format=xlsx&lang=${lang}&time_zone=Asia/Shanghai`,
        token: groupAdmin.access,
      });
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toContain(header);
      expect(headers).toContain(lang === 'en' ? 'From (Asia/Shanghai)' : '开始时间（Asia/Shanghai）');
      expect(sheet.rowCount).toBe(rows + 1);
    }
    const badZone = await t.call({
      method: 'GET',
      url: `/api/warning/advise/${job.id}/export?format=xlsx&time_zone=Mars/Olympus`,
      token: groupAdmin.access,
    });
    expect(badZone.json().error.details?.[0]?.field).toBe('time_zone');
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/warning/advise/${job.id}/export?format=csv`,
          token: operator.access,
        })
      ).statusCode,
    ).toBe(404);
  });
});

/**
 * Jobs run by a worker of the test's own, one drain at a time (`kick`), with a replay it watches page by page:
 * the app runs no advisor worker, and jobs are queued through a service that does not kick one.
 */
describe.each(DB_KINDS)('rules advisor jobs: cancelling, failures (%s)', (kind) => {
  const start = Math.floor(Date.now() / MIN) * MIN - 5 * 60 * MIN;
  const clock = start + 4 * 60 * MIN;
  const window = { from: new Date(start).toISOString(), to: new Date(clock).toISOString() };
  let t: TestApp;
  let operator: TestUser;
  let other: TestUser;
  let apron: number;
  let queue: AdviseService;
  /** What the replays did: runners started, pages fed, finished; `onFeed` runs before each page is fed. */
  let replays: { started: number; feeds: number; finished: number; closed: number };
  let onFeed: (feeds: number) => Promise<void>;
  /** Set: the replay fails with it at its first page. */
  let replayError: Error | null;

  const runner = (start: Parameters<typeof inlineBacktestRunner>[0]): BacktestRunner => {
    replays.started++;
    const inner = inlineBacktestRunner(start);
    return {
      ...inner,
      feed: async (strokes) => {
        replays.feeds++;
        await onFeed(replays.feeds);
        if (replayError) throw replayError;
        return inner.feed(strokes);
      },
      finish: async (untilMs) => {
        replays.finished++;
        return inner.finish(untilMs);
      },
      close: async () => {
        replays.closed++;
      },
    };
  };
  let worker: AdviseJobWorker;

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(clock) });
    const key = await t.createFeed('adv-jobs-net');
    operator = await t.createUser({ role: 'operator' });
    other = await t.createUser({ role: 'operator' });
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: operator.access,
      payload: { name: 'Quay', shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] }, rings: RINGS },
    });
    expect(res.statusCode, res.body).toBe(201);
    apron = res.json().id;
    await t.ingest(
      key,
      weather(start + 10 * MIN).map((s) =>
        jsonStroke({ time: new Date(s.timeMs).toISOString(), lat: SITE.lat + s.km * KM, lon: SITE.lon }),
      ),
    );
    const services = t.app.services;
    queue = new AdviseService({
      locations: services.locations,
      jobs: services.adviseJobs,
      now: () => new Date(clock),
      timeZone: 'UTC',
    });
    worker = new AdviseJobWorker({
      jobs: services.adviseJobs,
      locations: services.locationsRepo,
      strokes: new EngineStrokesRepo(t.db),
      now: () => new Date(clock),
      log: t.app.log,
      everyMs: 60_000,
      runner,
      // About 75 strokes: several pages, so a cancelled replay has pages left it never reads.
      page: 10,
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    replays = { started: 0, feeds: 0, finished: 0, closed: 0 };
    onFeed = async () => {};
    replayError = null;
  });

  const caller = (user: TestUser) => ({ ...user, role: 'operator' as const, sessionId: 'advise-jobs-test' });
  const queued = (user = operator) => queue.start(caller(user), { ...window, location_id: apron });
  const read = async (id: string) => {
    const res = await t.call({ method: 'GET', url: `/api/warning/advise/${id}`, token: operator.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdviseJob;
  };
  const cancel = (id: string, user = operator) =>
    t.call({ method: 'POST', url: `/api/warning/advise/${id}/cancel`, token: user.access });

  it('never starts a queued job that was cancelled; only its owner may cancel it, and only once', async () => {
    const job = await queued();
    expect(job.status).toBe('queued');
    const stranger = await cancel(job.id, other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('advise.not_found');
    expect((await read(job.id)).status).toBe('queued');
    const res = await cancel(job.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, status: 'cancelled', result: null, error: null });
    expect(res.json().finished_at).not.toBeNull();
    await worker.kick();
    expect(replays.started).toBe(0);
    expect(await read(job.id)).toMatchObject({ status: 'cancelled', progress: { done: 0 } });
    const again = await cancel(job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('advise.already_finished');
    expect((await cancel('no-such-job')).statusCode).toBe(404);
  });

  it('stops a running job at its next page, and runs the next job', async () => {
    const job = await queued();
    // The owner cancels while the worker replays the job's first page.
    onFeed = async (feeds) => {
      if (feeds !== 1) return;
      expect((await read(job.id)).status).toBe('running');
      expect((await cancel(job.id)).statusCode).toBe(200);
    };
    await worker.kick();
    expect(replays).toEqual({ started: 1, feeds: 1, finished: 0, closed: 1 });
    const stopped = await read(job.id);
    expect(stopped).toMatchObject({ status: 'cancelled', result: null, error: null });
    expect(stopped.progress.done).toBeLessThan(stopped.progress.total);

    // The worker goes on: the next job runs to the end, over more pages than the cancelled one read.
    onFeed = async () => {};
    replays = { started: 0, feeds: 0, finished: 0, closed: 0 };
    const next = await queued();
    await worker.kick();
    expect(replays.feeds).toBeGreaterThan(1);
    const done = await read(next.id);
    expect(done.status, JSON.stringify(done.error)).toBe('done');
    const late = await cancel(next.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('advise.already_finished');
  });

  it('takes up a job its node died with again, up to three times, then fails it as abandoned', async () => {
    // As a node that died mid-run leaves a job: running, its lease run out.
    const died = async (id: string, attempts: number) =>
      t.db.query("UPDATE advise_jobs SET status = 'running', lease_until = $1, attempts = $2 WHERE id = $3", [
        new Date(clock - MIN),
        attempts,
        id,
      ]);
    const twice = await queued();
    await died(twice.id, 2);
    await worker.kick();
    expect(replays.started).toBe(1);
    expect((await read(twice.id)).status).toBe('done');

    replays = { started: 0, feeds: 0, finished: 0, closed: 0 };
    const thrice = await queued();
    await died(thrice.id, 3);
    await worker.kick();
    expect(replays.started).toBe(0);
    expect(await read(thrice.id)).toMatchObject({
      status: 'failed',
      result: null,
      error: { code: 'advise.abandoned', params: { attempts: 3 } },
    });
  });

  it('fails a job whose location was deleted before it ran, naming the site', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: operator.access,
      payload: {
        name: 'Old pier',
        shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
        rings: RINGS,
      },
    });
    const pier = res.json().id as number;
    const job = await queue.start(caller(operator), { ...window, location_id: pier });
    const removed = await t.call({ method: 'DELETE', url: `/api/locations/${pier}`, token: operator.access });
    expect(removed.statusCode, removed.body).toBe(200);
    await worker.kick();
    expect(replays.started).toBe(0);
    expect(await read(job.id)).toMatchObject({
      status: 'failed',
      result: null,
      error: { code: 'advise.location_gone', params: { location_id: pier, name: 'Old pier', name_en: null } },
    });
  });

  it('leaves out of a group’s advice a site deleted after it was asked for, and says so', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: operator.access,
      payload: { name: 'Jetty', shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] }, rings: RINGS },
    });
    expect(made.statusCode, made.body).toBe(201);
    const jetty = made.json().id as number;
    const admin = await t.createUser({ role: 'group_admin', groupId: operator.groupId });
    const job = await queue.start(
      { ...admin, role: 'group_admin' as const, sessionId: 'advise-jobs-test' },
      { ...window, group_id: operator.groupId },
    );
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/locations/${jetty}`,
      token: operator.access,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await worker.kick();
    const res = await t.call({ method: 'GET', url: `/api/warning/advise/${job.id}`, token: admin.access });
    const done = res.json() as AdviseJob;
    expect(done.status, JSON.stringify(done.error)).toBe('done');
    expect(done.result?.sites.map((s) => s.location_id)).toContain(apron);
    expect(done.result?.sites.map((s) => s.location_id)).not.toContain(jetty);
    expect(done.result?.skipped).toEqual([{ location_id: jetty, name: 'Jetty', name_en: null }]);
  });

  it('says when the replay’s worker failed, and keeps any other failure’s message in the log', async () => {
    replayError = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    const job = await queued();
    await worker.kick();
    expect(replays).toMatchObject({ started: 1, feeds: 1, finished: 0, closed: 1 });
    expect(await read(job.id)).toMatchObject({
      status: 'failed',
      error: { code: 'advise.worker_failed', params: { out_of_memory: true } },
    });

    replayError = new Error('backtest worker exited');
    const exited = await queued();
    await worker.kick();
    expect((await read(exited.id)).error).toEqual({
      code: 'advise.worker_failed',
      params: { out_of_memory: false },
    });

    // Reading the strokes fails: not the replay's worker, so no reason the screen could give.
    replayError = null;
    const broken = new AdviseJobWorker({
      jobs: t.app.services.adviseJobs,
      locations: t.app.services.locationsRepo,
      strokes: {
        page: async () => {
          throw new Error('relation "strokes" is on fire');
        },
      },
      now: () => new Date(clock),
      log: t.app.log,
      everyMs: 60_000,
      runner,
    });
    const other = await queued();
    await broken.kick();
    const failed = await read(other.id);
    expect(failed.error).toEqual({ code: 'server.internal', params: {} });
    expect(JSON.stringify(failed)).not.toContain('on fire');
  });

  it('applies a set and writes its audit entry in one transaction: a failed audit leaves the rings as they were', async () => {
    const job = await queued();
    await worker.kick();
    expect((await read(job.id)).status).toBe('done');
    const jobs = t.app.services.adviseJobs;
    // The audit entry is written, then the write fails: the transaction must take both back.
    const failingAudit: AdviseJobsRepo = Object.assign(Object.create(jobs), {
      audit: async (...args: Parameters<AdviseJobsRepo['audit']>) => {
        await jobs.audit(...args);
        throw new Error('the audit log refused the entry');
      },
    });
    const advise = new AdviseService({
      locations: t.app.services.locations,
      jobs: failingAudit,
      now: () => new Date(clock),
      timeZone: 'UTC',
    });
    const heard: LocationChange[] = [];
    const unsubscribe = t.app.services.locationChanges.subscribe((c) => {
      if (c.type === 'upsert' && c.location.id === apron) heard.push(c);
    });
    const audits = async () =>
      (
        await t.db.query(`SELECT 1 FROM admin_db_audit WHERE table_name = 'locations' AND row_key = $1`, [
          String(apron),
        ])
      ).rowCount;
    const rings = async () =>
      (await t.call({ method: 'GET', url: `/api/locations/${apron}`, token: operator.access })).json().rings;
    try {
      const choice = { location_id: apron, set_id: 'i15-m30-o60-ac30-n2' };
      await expect(advise.apply(caller(operator), job.id, choice)).rejects.toThrow('refused the entry');
      expect(await rings()).toEqual(RINGS);
      expect(await audits()).toBe(0);
      expect(heard).toEqual([]);

      // With the audit log working, the same apply changes the rings, writes one entry and tells the engine.
      const res = await t.call({
        method: 'POST',
        url: `/api/warning/advise/${job.id}/apply`,
        token: operator.access,
        payload: choice,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rings()).not.toEqual(RINGS);
      expect(await audits()).toBe(1);
      expect(heard).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });
});
