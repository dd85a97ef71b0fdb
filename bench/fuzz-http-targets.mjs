// The targets of the HTTP fuzz: one per route of the server's route table (so that a new route is fuzzed
// without a line here), each a fast-check arbitrary of requests. Query parameters come from the route's
// querystring schema, JSON bodies from its body schema; the ingest formats that are not JSON (UALF, ADTD,
// CSV, NDBC, CMA/ATCF tracks, CAP XML, ODIM_H5, PNG) start from a fixture or a generator of valid records.
import { readFileSync } from 'node:fs';
import { encode as encodePng } from 'fast-png';
import { OPENSKY_STATES } from '../packages/domain/dist/fixtures/opensky-states.js';
import {
  adtdFields,
  featureCollection,
  feedText,
  jsonStroke,
  ualfFields,
} from '../packages/domain/dist/lightning/parser-fuzz-inputs.js';
import {
  enc,
  fromSchema,
  jsonText,
  mutatedBytes,
  mutatedJson,
  mutatedText,
  nastyValue,
  OTHER_TYPES,
  queryString,
} from './fuzz-http-inputs.mjs';

const CAP_DIR = new URL('../apps/server/src/modules/weather/warnings/fixtures/', import.meta.url);
const CAP_FILES = [
  'google-australia.cap',
  'wis2box-sc-valid.xml',
  'google-amber.atom',
  'dwd-rain-exclude.xml',
].map((f) => readFileSync(new URL(f, CAP_DIR), 'utf8'));
const ODIM = readFileSync(
  new URL('../apps/server/src/modules/weather/radar/fixtures/dwd-rv-crop.h5', import.meta.url),
);
const PNG = Buffer.from(
  encodePng({
    width: 32,
    height: 24,
    channels: 4,
    data: new Uint8Array(32 * 24 * 4).map((_, i) => (i * 37) % 256),
  }),
);

/** The routes not fuzzed: HEAD/OPTIONS, wildcards, and signing the fuzz's own session out. */
export function fuzzableRoutes(table) {
  return table.filter(
    (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*') && r.url !== '/api/logout',
  );
}

const iso = (msAgo) => new Date(Date.now() - msAgo).toISOString();
const stamp = (t) => {
  const d = new Date(t);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}`;
};

/** Valid bodies of the ingest formats: [content type, arbitrary of the body, mutator, fixed query]. */
function ingestBodies(fc, ctx) {
  const minutesAgo = fc.integer({ min: 1, max: 600 }).map((m) => iso(m * 60_000));
  // Values as instruments send them; the degenerate ones (1e-300, -0…) come from the mutations.
  const num = (min, max) => fc.integer({ min: min * 100, max: max * 100 }).map((v) => v / 100);
  const observation = fc.record(
    {
      station: fc.constantFrom('FZ1', 'FZ2', 'FZ3'),
      time: minutesAgo,
      temperature: num(-40, 45),
      humidity: num(0, 100),
      pressure: num(900, 1050),
      wind_speed: num(0, 60),
      wind_dir: num(0, 360),
      wind_gust: num(0, 80),
      precipitation: num(0, 100),
      visibility: num(0, 50_000),
      name: fc.string({ maxLength: 20 }),
      lat: num(18, 30),
      lon: num(105, 120),
      elevation: num(-100, 3000),
    },
    { requiredKeys: ['station', 'time', 'lat', 'lon'] },
  );
  const observationsCsv = fc
    .array(observation, { minLength: 1, maxLength: 6 })
    .map((rows) =>
      ['station,time,temperature,humidity,lat,lon']
        .concat(rows.map((r) => [r.station, r.time, r.temperature, r.humidity, r.lat, r.lon].join(',')))
        .join('\n'),
    );
  const wave = fc.record(
    {
      station: fc.constantFrom('FW1', 'FW2'),
      time: minutesAgo,
      wave_height: num(0, 20),
      dominant_period: num(0, 30),
      average_period: num(0, 30),
      mean_direction: num(0, 360),
      wind_dir: num(0, 360),
      wind_speed: num(0, 60),
      wind_gust: num(0, 80),
      pressure: num(900, 1050),
      air_temp: num(-30, 40),
      water_temp: num(-2, 35),
      lat: num(18, 30),
      lon: num(105, 120),
    },
    { requiredKeys: ['station', 'time', 'lat', 'lon'] },
  );
  const ndbc = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 600 }), num(0, 12), num(0, 360)), {
      minLength: 1,
      maxLength: 8,
    })
    .map((rows) =>
      [
        '#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES  ATMP  WTMP  DEWP  VIS PTDY  TIDE',
        '#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa  degC  degC  degC  nmi  hPa    ft',
        ...rows.map(([m, h, dir]) => {
          const d = new Date(Date.now() - m * 60_000);
          const p = (n) => String(n).padStart(2, '0');
          return `${d.getUTCFullYear()} ${p(d.getUTCMonth() + 1)} ${p(d.getUTCDate())} ${p(d.getUTCHours())} ${p(d.getUTCMinutes())} ${dir.toFixed(0)} 13.0 17.0 ${h.toFixed(1)} 11 7.8 350 1018.2 18.9 23.4 16.7 MM -0.3 MM`;
        }),
      ].join('\n'),
    );
  const cma = fc
    .array(fc.tuple(num(10, 30), num(105, 150), fc.integer({ min: 900, max: 1010 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((pts) =>
      [
        `66666 2601 ${pts.length} 0014 2601 0 6 FUZZ                               20260501`,
        ...pts.map(
          ([lat, lon, p], i) =>
            `${stamp(Date.now() - (pts.length - i) * 6 * 3_600_000)} 1 ${Math.round(lat * 10)} ${Math.round(lon * 10)} ${p}      13`,
        ),
      ].join('\r\n'),
    );
  const atcf = fc
    .array(fc.tuple(fc.integer({ min: 100, max: 300 }), fc.integer({ min: 1100, max: 1600 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((pts) =>
      pts
        .map(
          ([lat, lon], i) =>
            `WP, 09, ${stamp(Date.now() - (pts.length - i) * 6 * 3_600_000)},   , BEST,   0, ${lat}N, ${lon}E, 120,  940, TY`,
        )
        .join('\n'),
    );
  const flights = fc
    .tuple(
      fc.integer({ min: 0, max: 600 }),
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }),
    )
    .map(([ago, picks]) => {
      const time = Math.floor(Date.now() / 1000) - ago;
      return {
        time,
        states: picks.map((i) =>
          [...OPENSKY_STATES.states[i % OPENSKY_STATES.states.length]].map((v, k) =>
            k === 3 || k === 4 ? time : v,
          ),
        ),
      };
    });
  const radarQuery = {
    time: iso(10 * 60_000),
    west: '100',
    south: '15',
    east: '125',
    north: '30',
    ramp: 'n0r',
  };
  return {
    'POST /api/ingest/strokes': [['application/json', fc.array(jsonStroke(fc), { maxLength: 20 }), 'json']],
    'POST /api/ingest/ualf': [
      ['text/plain', feedText(fc, ualfFields(fc, 1), ' '), 'text'],
      ['text/plain', feedText(fc, ualfFields(fc, 2), '\t'), 'text'],
    ],
    'POST /api/ingest/adtd': [
      ['text/plain', feedText(fc, adtdFields(fc), ' '), 'text'],
      ['application/octet-stream', fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)), 'bytes'],
    ],
    'POST /api/ingest/observations': [
      ['application/json', fc.array(observation, { minLength: 1, maxLength: 6 }), 'json'],
      ['text/csv', observationsCsv, 'text'],
    ],
    'POST /api/ingest/waves': [
      ['application/json', fc.array(wave, { minLength: 1, maxLength: 6 }), 'json'],
      ['text/plain', ndbc, 'text', { station: 'FW3', lat: '21.5', lon: '113.2', name: 'Fuzz buoy' }],
    ],
    'POST /api/ingest/sensors': [
      [
        'application/json',
        fc.array(
          fc.record({
            sensor: fc.constant(ctx.sensorId),
            time: minutesAgo,
            values: fc.record({ field: num(-50, 50) }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        'json',
      ],
    ],
    'POST /api/ingest/typhoon': [
      ['text/plain', cma, 'text'],
      ['text/plain', atcf, 'text'],
    ],
    'POST /api/ingest/cap': [['application/cap+xml', fc.constantFrom(...CAP_FILES), 'text']],
    'POST /api/ingest/flights': [['application/json', flights, 'json']],
    'POST /api/ingest/radar': [
      ['application/x-hdf5', fc.constant(ODIM), 'bytes'],
      ['image/png', fc.constant(PNG), 'bytes', radarQuery],
    ],
    'POST /api/zones/import': [['application/json', featureCollection(fc), 'json']],
    'POST /wechat/callback': [
      [
        'text/xml',
        fc.constant(
          '<xml><ToUserName>a</ToUserName><FromUserName>b</FromUserName><MsgType>text</MsgType><Content>1234</Content></xml>',
        ),
        'text',
      ],
    ],
  };
}

/** The body of a route with a JSON body schema, with the fuzz's own sensor/device where one is named. */
function schemaBody(fc, route, ctx) {
  const body = route.schema?.body;
  if (!body) return null;
  let arb = fromSchema(fc, body);
  if (route.url === '/api/ingest/heartbeat') arb = arb.map((b) => ({ ...b, device: ctx.deviceId }));
  return arb;
}

function mutate(fc, kind, arb) {
  if (kind === 'json')
    return fc
      .oneof({ weight: 1, arbitrary: arb }, { weight: 2, arbitrary: mutatedJson(fc, arb) })
      .map(jsonText);
  if (kind === 'text')
    return fc.oneof({ weight: 1, arbitrary: arb }, { weight: 2, arbitrary: mutatedText(fc, arb) });
  return fc.oneof({ weight: 1, arbitrary: arb }, { weight: 2, arbitrary: mutatedBytes(fc, arb) });
}

/** A value for a path parameter: an id the fuzz made (when there is one), a small number, or a nasty one. */
function pathValue(fc, ctx, route, name) {
  const own = ctx.pathIds(route.url, name);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...own) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 50 }).map(String) },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          nastyValue(fc).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
          fc.constantFrom('%00', '%', '%ZZ', '-0', '1e308', '9223372036854775808'),
        )
        .map((v) => (/^%|^-0$|^1e308$|^\d+$/.test(v) ? v : enc(v.slice(0, 3000))))
        .filter((v) => v !== '' && v !== '.' && v !== '..'),
    },
  );
}

/**
 * A fuzz target per route: `{key, route, kind ('ingest'|'query'|'write'|'fixed'), requests}` where
 * `requests` is an arbitrary of `{method, url, headers, body, role}`. `ctx` gives the fuzz's own ids.
 */
export function fuzzTargets(fc, table, ctx) {
  const bodies = ingestBodies(fc, ctx);
  return fuzzableRoutes(table).map((route) => {
    const key = `${route.method} ${route.url}`;
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const formats =
      bodies[key] ??
      (schemaBody(fc, route, ctx)
        ? [['application/json', schemaBody(fc, route, ctx), 'json']]
        : hasBody
          ? [['application/json', fc.jsonValue({ maxDepth: 2 }), 'json']]
          : [[null, fc.constant(null), 'none']]);
    const payload = fc.oneof(
      ...formats.map(([type, arb, kind, fixedQuery]) =>
        fc.record({
          type: fc.constant(type),
          body: kind === 'none' ? fc.constant(null) : mutate(fc, kind, arb),
          query: queryString(fc, route.schema?.querystring, fixedQuery),
        }),
      ),
    );
    const envelope = fc.record({
      lie: fc.nat({ max: 99 }),
      otherType: fc.constantFrom(...OTHER_TYPES),
      role: fc.constantFrom('admin', 'admin', 'viewer', 'viewer', 'none'),
      feedKey: fc.nat({ max: 19 }),
    });
    const path = params.length
      ? fc.tuple(...params.map((p) => pathValue(fc, ctx, route, p)))
      : fc.constant([]);
    const requests = fc.tuple(payload, envelope, path).map(([p, e, values]) => {
      let url = route.url;
      params.forEach((p2, i) => {
        url = url.replace(`:${p2}`, ctx.guardPath(route.url, values[i]));
      });
      if (p.query) url += `?${p.query}`;
      const headers = {};
      let body = hasBody ? p.body : null;
      if (hasBody) {
        if (e.lie < 5) body = '';
        if (e.lie >= 5 && e.lie < 15) headers['content-type'] = e.otherType;
        else if (p.type && body !== '') headers['content-type'] = p.type;
      }
      if (typeof body === 'string') body = ctx.guardBody(route.url, body);
      if (e.role !== 'none') headers.authorization = `Bearer ${ctx.token(e.role)}`;
      if (route.url.startsWith('/api/ingest/') && e.feedKey > 0)
        headers['x-feed-key'] = e.feedKey === 1 ? 'not-a-key' : ctx.feedKey;
      return { method: route.method, url, headers, body, role: e.role };
    });
    const inputs =
      params.length > 0 || hasBody || Object.keys(route.schema?.querystring?.properties ?? {}).length > 0;
    const kind = !inputs
      ? 'fixed'
      : route.url.startsWith('/api/ingest/') || key === 'POST /api/zones/import'
        ? 'ingest'
        : route.method === 'GET'
          ? 'query'
          : 'write';
    return { key, route, kind, requests };
  });
}
