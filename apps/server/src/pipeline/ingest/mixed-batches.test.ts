import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * One bad row of a batch of station or sensor readings used to lose the whole batch. The valid
 * rows are stored and the bad one named (row, field) in `rejected`; the answer is 200.
 */

const NOW = new Date('2026-07-01T12:00:00Z');
const at = (min: number) => new Date(NOW.getTime() + min * 60_000).toISOString();
const NUL = '\u0000';

interface Case {
  name: string;
  url: string;
  type?: string;
  /** The batch, with `id` the station or sensor of this case (new for each case). */
  body: (id: string) => unknown;
  table: 'observations' | 'wave_readings' | 'sensor_readings';
  stored: number;
  rejected: { row: number; field: string }[];
}

const station = (id: string) => ({ station: id, name: id, lat: 23, lon: 113 });
const obs = (id: string, bad: Record<string, unknown>) => [
  { ...station(id), time: at(-30), temperature: 20 },
  { station: id, time: at(-20), ...bad },
  { station: id, time: at(-10), temperature: 21 },
];
const csv = (id: string, badName: string, badTemp: string) =>
  `station,name,lat,lon,time,temperature\n${id},${id},23,113,${at(-30)},20\n` +
  `${id},${badName},23,113,${at(-20)},${badTemp}\n${id},,,,${at(-10)},21\n`;
const waves = (id: string, bad: Record<string, unknown>) => [
  { ...station(id), time: at(-30), wave_height: 1.5 },
  { station: id, time: at(-20), ...bad },
  { station: id, time: at(-10), wave_height: 1.7 },
];
const NDBC_HEAD = [
  '#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES  ATMP  WTMP',
  '#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa  degC  degC',
];
const ndbc = (wvht: string) =>
  [
    ...NDBC_HEAD,
    '2026 07 01 11 50 100  5.0  6.0    1.4  8.0   6.0 120 1010.0  28.0  29.0',
    `2026 07 01 11 40 100  5.0  6.0 ${wvht}  8.0   6.0 120 1010.0  28.0  29.0`,
    '2026 07 01 11 30 100  5.0  6.0    1.6  8.0   6.0 120 1010.0  28.0  29.0',
  ].join('\n');
const sensors = (id: string, bad: Record<string, unknown>) => [
  { sensor: id, time: at(-3), values: { field: 1.5 } },
  { sensor: id, time: at(-2), ...bad },
  { sensor: id, time: at(-1), values: { field: -2 } },
];

const CASES: Case[] = [
  ['temperature 1e-300', { temperature: 1e-300 }, 'temperature'],
  ['temperature "1"', { temperature: '1' }, 'temperature'],
  ['humidity ""', { humidity: '' }, 'humidity'],
  ['an unknown field', { dew: 3, temperature: 20 }, 'dew'],
  ['temperature true', { temperature: true }, 'temperature'],
].map(([what, bad, field]) => ({
  name: `observations JSON, ${what}`,
  url: '/api/ingest/observations',
  body: (id: string) => obs(id, bad as Record<string, unknown>),
  table: 'observations' as const,
  stored: 2,
  rejected: [{ row: 2, field: field as string }],
}));
CASES.push(
  {
    name: 'observations JSON, a NUL in a station name',
    url: '/api/ingest/observations',
    body: (id) => obs(id, { ...station(id), name: `a${NUL}b`, temperature: 20 }),
    table: 'observations',
    stored: 2,
    rejected: [{ row: 2, field: 'name' }],
  },
  {
    name: 'observations CSV, temperature -1e-300',
    url: '/api/ingest/observations',
    type: 'text/csv',
    body: (id) => csv(id, id, '-1e-300'),
    table: 'observations',
    stored: 2,
    rejected: [{ row: 2, field: 'temperature' }],
  },
  {
    name: 'observations CSV, a NUL in a station name',
    url: '/api/ingest/observations',
    type: 'text/csv',
    body: (id) => csv(id, `a${NUL}b`, '20'),
    table: 'observations',
    stored: 2,
    rejected: [{ row: 2, field: 'name' }],
  },
  {
    name: 'waves JSON, wave_height 1e-300',
    url: '/api/ingest/waves',
    body: (id) => waves(id, { wave_height: 1e-300 }),
    table: 'wave_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'wave_height' }],
  },
  {
    name: 'waves JSON, wave_height "1"',
    url: '/api/ingest/waves',
    body: (id) => waves(id, { wave_height: '1' }),
    table: 'wave_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'wave_height' }],
  },
  {
    name: 'waves JSON, an unknown field',
    url: '/api/ingest/waves',
    body: (id) => waves(id, { swell: 1, wave_height: 1 }),
    table: 'wave_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'swell' }],
  },
  {
    name: 'waves NDBC text, WVHT 1e-300',
    url: '/api/ingest/waves?lat=23&lon=113&station=',
    type: 'text/plain',
    body: () => ndbc('1e-300'),
    table: 'wave_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'WVHT' }],
  },
  {
    name: 'sensors, field 1e-300',
    url: '/api/ingest/sensors',
    body: (id) => sensors(id, { values: { field: 1e-300 } }),
    table: 'sensor_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'values/field' }],
  },
  {
    name: 'sensors, field "1"',
    url: '/api/ingest/sensors',
    body: (id) => sensors(id, { values: { field: '1' } }),
    table: 'sensor_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'values/field' }],
  },
  {
    name: 'sensors, field true',
    url: '/api/ingest/sensors',
    body: (id) => sensors(id, { values: { field: true } }),
    table: 'sensor_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'values/field' }],
  },
  {
    name: 'sensors, an unknown element',
    url: '/api/ingest/sensors',
    body: (id) => sensors(id, { values: { dew: 1 } }),
    table: 'sensor_readings',
    stored: 2,
    rejected: [{ row: 2, field: 'values/dew' }],
  },
);

describe.each(DB_KINDS)('a batch with one bad row among valid ones (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    key = await t.createFeed('mixed');
    token = (await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`mixed-${kind}`) }))
      .access;
  });
  afterAll(() => t.close());

  it.each(CASES.map((c, i) => ({ ...c, id: `MX${i}` })))(
    '$name: the valid rows stored, the bad one named',
    async ({ id, url, type, body, table, stored, rejected }) => {
      if (table === 'sensor_readings') {
        const r = await t.call({
          method: 'POST',
          url: '/api/sensors/',
          token,
          payload: { id, kind: 'efm', name: id, lat: 23, lon: 113 },
        });
        expect(r.statusCode, r.body).toBe(201);
      }
      const payload = body(id);
      const res = await t.app.inject({
        method: 'POST',
        url: url.endsWith('station=') ? `${url}${id}` : url,
        headers: { 'x-feed-key': key, 'content-type': type ?? 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.stored).toBe(stored);
      expect(
        answer.rejected.map((r: { row: number; field: string }) => ({ row: r.row, field: r.field })),
      ).toEqual(rejected);
      expect(answer.rejected[0].message).toEqual(expect.any(String));
      expect(answer.rejected_total).toBe(rejected.length);
      const column = table === 'sensor_readings' ? 'sensor_id' : 'station_id';
      const n = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [id],
      );
      expect(n.rows[0]?.n).toBe(stored);
    },
  );

  it('names at most 100 rejected rows and counts them all', async () => {
    const rows = [{ ...station('MANY'), time: at(-30), temperature: 20 }];
    for (let i = 0; i < 150; i++) rows.push({ ...station('MANY'), time: at(-29), temperature: 1e-300 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/observations',
      headers: { 'x-feed-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(rows),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stored: 1, rejected_total: 150 });
    expect(res.json().rejected).toHaveLength(100);
    expect(res.json().rejected[0]).toMatchObject({ row: 2, field: 'temperature' });
  });
});
