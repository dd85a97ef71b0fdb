// Inputs of the HTTP fuzz (fuzz-http.mjs): for any route of the server, fast-check arbitraries of requests
// built from valid inputs (the route's own JSON schema, or a fixture for the text and binary ingest formats)
// and then mutated: wrong types, NaN/Infinity/1e308/1e-300/-0, huge strings, NUL bytes, unicode, missing
// and extra fields, deep nesting, duplicated query keys, wrong content types and empty bodies.
import { nastyToken } from '../packages/domain/dist/lightning/parser-fuzz-inputs.js';

/** Placeholders JSON.stringify keeps, swapped for number literals JSON.parse turns into ±Infinity, -0… */
const RAW = [
  '1e309',
  '-1e309',
  '-0',
  '1e-300',
  '1e308',
  '123456789012345678901234567890',
  '0.0000000001e-320',
];
const rawMark = (i) => `\u0001raw${i}\u0001`;

/**
 * JSON of `value`, an object that holds one of its ancestors written as null there: a mutation can put a
 * value inside itself (the warm-up's inputs once did, and the bench stopped with "circular structure").
 */
function acyclicJson(value) {
  const ancestors = [];
  return JSON.stringify(value, function (_key, v) {
    if (typeof v !== 'object' || v === null) return v;
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(v)) return null;
    ancestors.push(v);
    return v;
  });
}

/**
 * JSON text of `value` where the RAW placeholders become bare number literals; a value nested past the
 * stack's depth (a mutation wrapped in itself again and again) is sent as `[]`, a body the server must refuse.
 */
export function jsonText(value) {
  let text;
  try {
    text = acyclicJson(value) ?? '';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    text = '[]';
  }
  RAW.forEach((lit, i) => {
    text = text.split(JSON.stringify(rawMark(i))).join(lit);
  });
  return text;
}

/** A value of any type that once broke a parser, a column or a driver. */
export function nastyValue(fc) {
  return fc.oneof(
    { weight: 3, arbitrary: nastyToken(fc) },
    { weight: 2, arbitrary: fc.nat({ max: RAW.length - 1 }).map(rawMark) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        true,
        false,
        0,
        -1,
        0.5,
        2 ** 31,
        2 ** 53,
        -(2 ** 63),
        1e-300,
        1e308,
        [],
        {},
        [null],
        { '': 1 },
        '\u0000',
        'a\u0000b',
        '\ud800',
        '💥'.repeat(50),
        '<x>&amp;</x>',
        "' OR 1=1 --",
        '1970-01-01T00:00:00Z',
        '0000-01-01',
        '9999-12-31T23:59:59Z',
        '-infinity',
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 2000 }).map(deepArray) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
}

function deepArray(depth) {
  let v = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** The value valid for a JSON schema (as fastify holds it: TypeBox's plain JSON Schema), drawn at random. */
export function fromSchema(fc, schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return fc.oneof(...alt.map((s) => fromSchema(fc, s, depth + 1)));
  if (schema.allOf) return fromSchema(fc, schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(fc, schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + (type === 'integer' ? 1 : 1e-6);
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 100_000) - (type === 'integer' ? 1 : 1e-6);
      const lo = Math.max(min, -1e6);
      const hi = Math.max(lo, Math.min(max, 1e6));
      // Valid values as clients send them (whole or a few decimals); the degenerate ones come from nastyValue.
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
        : fc
            .integer({ min: 0, max: 10_000 })
            .map((u) => Math.round((lo + ((hi - lo) * u) / 10_000) * 1e4) / 1e4);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(fc, schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.constant({});
      const record = Object.fromEntries(keys.map((k) => [k, fromSchema(fc, props[k], depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(fc, schema) {
  const now = Date.now();
  if (schema.format === 'date-time')
    return fc.integer({ min: now - 3 * 86_400_000, max: now }).map((t) => new Date(t).toISOString());
  if (schema.format === 'date')
    return fc
      .integer({ min: now - 60 * 86_400_000, max: now })
      .map((t) => new Date(t).toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.constantFrom('a@example.com', 'fuzz.user@example.org');
  if (schema.pattern?.includes('\\d{4}-'))
    return fc
      .integer({ min: now - 60 * 86_400_000, max: now })
      .map((t) => new Date(t).toISOString().slice(0, 10));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      /* a pattern fast-check cannot draw from */
    }
  }
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 30, 30)),
  });
}

function pathsOf(value, at = [], out = []) {
  out.push(at);
  if (value !== null && typeof value === 'object' && out.length < 500) {
    for (const [k, v] of Object.entries(value))
      pathsOf(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** `value` (a fresh copy) with 1–3 edits: a value replaced by a nasty one, removed, a key added, wrapped. */
export function mutatedJson(fc, valid) {
  const edit = fc.tuple(
    fc.nat(),
    nastyValue(fc),
    fc.constantFrom('replace', 'replace', 'remove', 'add', 'wrap'),
  );
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([v, edits]) => {
    let out = structuredClone(v);
    for (const [pick, nasty, kind] of edits) {
      const paths = pathsOf(out);
      const path = paths[pick % paths.length];
      if (path.length === 0) {
        const isObject = out !== null && typeof out === 'object' && !Array.isArray(out);
        if (kind === 'wrap') out = [out];
        else if (kind === 'add' && isObject && nasty !== out) out.__extra = nasty;
        else out = nasty;
        continue;
      }
      let parent = out;
      for (const key of path.slice(0, -1))
        parent = Object.hasOwn(parent ?? {}, key) ? parent[key] : undefined;
      if (parent === null || typeof parent !== 'object') continue; // a path through `__proto__` and the like
      const last = path[path.length - 1];
      if (kind === 'remove' && Array.isArray(parent)) parent.splice(last, 1);
      else if (kind === 'remove') delete parent[last];
      else if (kind === 'add' && parent[last] && typeof parent[last] === 'object')
        parent[last].extra_field = nasty;
      else if (kind === 'wrap') parent[last] = { value: parent[last] };
      else parent[last] = nasty;
    }
    return out;
  });
}

/** Text with 1–3 edits: a token replaced by a nasty one, a line dropped or repeated, NUL bytes, a cut. */
export function mutatedText(fc, valid) {
  const edit = fc.tuple(
    fc.nat(),
    fc.nat(),
    nastyToken(fc),
    fc.constantFrom('token', 'token', 'token', 'drop-line', 'repeat-line', 'nul', 'cut', 'insert'),
  );
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([text, edits]) => {
    let out = text;
    for (const [a, b, token, kind] of edits) {
      const lines = out.split('\n');
      const li = a % Math.max(lines.length, 1);
      if (kind === 'token') {
        const parts = (lines[li] ?? '').split(/([\s,;]+)/);
        const ti = (b % Math.max(Math.ceil(parts.length / 2), 1)) * 2;
        parts[ti] = token;
        lines[li] = parts.join('');
      } else if (kind === 'drop-line') lines.splice(li, 1);
      else if (kind === 'repeat-line') lines.splice(li, 0, ...Array(1 + (b % 2000)).fill(lines[li] ?? ''));
      else if (kind === 'nul')
        lines[li] = `${(lines[li] ?? '').slice(0, b % 40)}\u0000${(lines[li] ?? '').slice(b % 40)}`;
      else if (kind === 'insert') lines.splice(li, 0, token);
      if (kind === 'cut') out = lines.join('\n').slice(0, b % Math.max(out.length, 1));
      else out = lines.join('\n');
    }
    return out;
  });
}

/** Bytes with 1–4 edits: a byte, a 32-bit word (0, 0xffffffff, 0x7fffffff) overwritten, a cut, an insert. */
export function mutatedBytes(fc, valid) {
  const edit = fc.tuple(fc.nat(), fc.nat({ max: 255 }), fc.constantFrom('byte', 'word', 'cut', 'insert'));
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([bytes, edits]) => {
    let out = Buffer.from(bytes);
    for (const [at, byte, kind] of edits) {
      const i = at % Math.max(out.length, 1);
      if (kind === 'byte') out[i] = byte;
      else if (kind === 'word' && i + 4 <= out.length)
        out.writeUInt32BE([0, 0xffffffff, 0x7fffffff, 0x10000][byte % 4], i);
      else if (kind === 'cut') out = out.subarray(0, i);
      else out = Buffer.concat([out.subarray(0, i), Buffer.alloc(1 + (byte % 64), byte), out.subarray(i)]);
    }
    return out;
  });
}

/** Percent-encoding of any string: a lone surrogate becomes the bytes of one (invalid UTF-8, on purpose). */
export function enc(v) {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}

/** A query string: valid values for the schema's parameters, some mutated, dropped, added or repeated. */
const HINTS = {
  bbox: ['100,15,125,30', '113,22,114,23', '-180,-90,180,90'],
  time_zone: ['Asia/Shanghai', 'UTC'],
  ids: ['1', '1,2,3'],
  icao24: ['ac96b8', '3c6444'],
  product: ['n0r', 'dwd-rv'],
  element: ['temperature', 'wind_speed', 'field'],
  model: ['nowcast'],
  station: ['FZ1', 'FW3'],
  location: ['1'],
  code: ['440000', '4401'],
  province: ['440000'],
};

/** A query string: valid values for the schema's parameters, some mutated, dropped, added or repeated. */
export function queryString(fc, schema, fixed = {}) {
  const props = schema?.properties ?? {};
  const names = Object.keys(props);
  const valid = (name) =>
    HINTS[name] && !props[name].enum
      ? fc.constantFrom(...HINTS[name])
      : fromSchema(fc, props[name]).map((v) => (v === null ? '' : String(v)));
  const value = (name, mutate) =>
    mutate
      ? fc.oneof(
          { weight: 4, arbitrary: valid(name) },
          { weight: 2, arbitrary: nastyToken(fc) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('%00', '%', '%ZZ', '%E4%B8', '1e308', '-0', 'NaN', 'Infinity'),
          },
        )
      : valid(name);
  const params = (mutate) =>
    fc.tuple(
      ...names.map((n) =>
        fc.option(
          value(n, mutate).map((v) => [n, v]),
          { freq: mutate ? 3 : 2 },
        ),
      ),
    );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...(names.length ? names : ['x'])), fc.string({ maxLength: 8 })),
      nastyToken(fc),
    ),
    { maxLength: 2 },
  );
  const query = fc.oneof(
    fc.tuple(params(false), fc.constant([])),
    fc.tuple(params(true), fc.constant([])),
    fc.tuple(params(true), extra),
  );
  return query.map(([picked, more]) => {
    const pairs = Object.entries(fixed).concat(picked.filter(Boolean), more);
    return pairs
      .map(([k, v]) => {
        const raw = /^%|^-0$|^NaN$|^Infinity$|^1e308$/.test(v) ? v : enc(v);
        return `${enc(k)}=${raw}`;
      })
      .join('&');
  });
}

/** Content types a body may be sent with when the fuzz lies about it. */
export const OTHER_TYPES = [
  'application/json',
  'text/plain',
  'text/csv',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xx',
  'application/json; charset=utf-16',
  'image/png',
];
