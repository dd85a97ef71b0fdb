/**
 * Inputs for the parser fuzzing (`parser-fuzz.ts`): valid feed lines, JSON strokes and GeoJSON zones, their
 * mutations (a field replaced, removed or added, a value swapped for a nasty one) and random text and bytes.
 */
import type * as FastCheck from 'fast-check';

type Fc = typeof FastCheck;
type Arbitrary<T> = FastCheck.Arbitrary<T>;

/** The clock the fuzzed parsers are given: strokes up to 10 min after it (some too far ahead). */
export const FUZZ_NOW = Date.UTC(2026, 5, 1, 8, 0, 0);

/** Values that broke parsers or the database before, and other edge cases. */
export function nastyToken(fc: Fc): Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e-300',
      '-1e-300',
      '1e308',
      '1e309',
      '32768',
      '-1',
      '99999999999999999999',
      '0x10',
      '\u0000',
      '纬度=',
      '=',
      '：',
      '\t',
      ' ',
      '.',
      '-',
      '2026-13-45',
      '25:61:61.9',
      '0000-00-00',
      '9999',
      '__proto__',
    ),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.double().map(String),
    fc.integer().map(String),
  );
}

/** Replaces, deletes or inserts a few of `fields`. */
export function mutatedFields(fc: Fc, fields: Arbitrary<string[]>): Arbitrary<string[]> {
  const edit = fc.tuple(fc.nat(), nastyToken(fc), fc.constantFrom('replace', 'delete', 'insert'));
  return fc.tuple(fields, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([f, edits]) => {
    const out = [...f];
    for (const [at, token, kind] of edits) {
      const i = out.length === 0 ? 0 : at % out.length;
      if (kind === 'replace') out[i] = token;
      else if (kind === 'delete') out.splice(i, 1);
      else out.splice(i, 0, token);
    }
    return out;
  });
}

/** fast-check favours extreme doubles (5e-324 …); a feed writes a few decimals. */
export const decimals = (n: number) => (v: number) => Math.round(v * 10 ** n) / 10 ** n;

export function utcParts(fc: Fc) {
  return fc.record({
    t: fc.integer({ min: Date.UTC(1990, 0, 1), max: FUZZ_NOW + 600_000 }),
    ns: fc.integer({ min: 0, max: 999_999 }),
    lat: fc.double({ min: -90, max: 90, noNaN: true }).map(decimals(4)),
    lon: fc.double({ min: -180, max: 180, noNaN: true }).map(decimals(4)),
    ka: fc.double({ min: -1000, max: 1000, noNaN: true }).map(decimals(1)),
    count: fc.integer({ min: 0, max: 40 }),
    axis: fc.double({ min: 0, max: 50, noNaN: true }).map(decimals(2)),
    ic: fc.boolean(),
  });
}

export function ualfFields(fc: Fc, version: 1 | 2): Arbitrary<string[]> {
  return utcParts(fc).map(({ t, ns, lat, lon, ka, count, axis, ic }) => {
    const d = new Date(t);
    const nsAll = String(d.getUTCMilliseconds() * 1_000_000 + ns);
    const date = [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
    ];
    const pos = [lat.toFixed(4), lon.toFixed(4)];
    const tail = [
      String(count),
      String(count + 2),
      '3',
      '134.27',
      axis.toFixed(2),
      (axis / 2).toFixed(2),
      '0.72',
    ];
    if (version === 1) {
      return ['0', ...date.map(String), String(d.getUTCSeconds()), nsAll, ...pos, ka.toFixed(1), ...tail]
        .concat(['13.1', '10.0', '-0.0', ic ? '1' : '0', '1', '0', '1'])
        .slice(0, 25);
    }
    return ['2', '3', ...date.map(String), String(d.getUTCSeconds()), nsAll, ...pos, '0', '0', ka.toFixed(0)]
      .concat(['0', String(count), '0', String(count + 2), '5', '24.99', axis.toFixed(2), '1.53'])
      .concat([(axis / 2).toFixed(2), '14.0', '12.9', '-0.0', ic ? '1' : '0', '1', '0', '1'])
      .slice(0, 30);
  });
}

export function adtdFields(fc: Fc): Arbitrary<string[]> {
  return fc.tuple(utcParts(fc), fc.nat({ max: 99_999 })).map(([{ t, ns, lat, lon, ka, axis, count }, n]) => {
    const d = new Date(t + 8 * 3600_000);
    const iso = d.toISOString();
    const frac = String(d.getUTCMilliseconds() * 10_000 + (ns % 10_000)).padStart(7, '0');
    return [
      String(n),
      iso.slice(0, 10),
      `${iso.slice(11, 19)}.${frac}`,
      `纬度=${lat.toFixed(4)}`,
      `经度=${lon.toFixed(4)}`,
      `强度=${ka.toFixed(1)}`,
      `陡度=${(ka / 5).toFixed(1)}`,
      `误差=${axis.toFixed(1)}`,
      `定位方式：${['二', '三', '四', '十'][count % 4]}站混合`,
    ];
  });
}

/** Text of valid, mutated and random lines. */
export function feedText(fc: Fc, fields: Arbitrary<string[]>, separator: string): Arbitrary<string> {
  const line = fc.oneof(
    { weight: 3, arbitrary: fields.map((f) => f.join(separator)) },
    { weight: 5, arbitrary: mutatedFields(fc, fields).map((f) => f.join(separator)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  );
  return fc
    .tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'))
    .map(([lines, eol]) => lines.join(eol));
}

/** Every path (as keys) into a JSON-like value, the value itself first. */
export function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (value !== null && typeof value === 'object' && out.length < 2000) {
    for (const [k, v] of Object.entries(value))
      pathsOf(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

export function clone(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clone);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]));
  }
  return v;
}

/** A deep copy of `value` with the value at one of its paths replaced (or removed). */
export function mutateAt(value: unknown, pick: number, replacement: unknown, remove: boolean): unknown {
  const copy = clone(value);
  const paths = pathsOf(copy);
  const path = paths[pick % paths.length] ?? [];
  if (path.length === 0) return replacement;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove && Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (remove) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

export function mutatedJson(fc: Fc, valid: Arbitrary<unknown>): Arbitrary<unknown> {
  const nasty = fc.oneof(
    fc.anything({ maxDepth: 2 }),
    nastyToken(fc),
    fc.constantFrom(1e-300, -1e-300, 1e308, 32_768, -1, 0.5, Number.MAX_SAFE_INTEGER, 91, -181, 1001),
  );
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), nasty, fc.boolean()), { minLength: 1, maxLength: 3 }))
    .map(([v, edits]) => edits.reduce((acc, [pick, r, remove]) => mutateAt(acc, pick, r, remove), v));
}

export function jsonStroke(fc: Fc): Arbitrary<Record<string, unknown>> {
  return utcParts(fc).map(({ t, lat, lon, ka, count, axis, ic }) => ({
    time: new Date(t).toISOString(),
    lat,
    lon,
    peak_ka: ka,
    type: ic ? 'IC' : 'CG',
    sensors: count,
    multiplicity: count % 5,
    major_km: axis,
    minor_km: axis / 2,
    ellipse_deg: 45,
  }));
}

export function polygon(fc: Fc): Arbitrary<{ type: string; coordinates: number[][][] }> {
  return fc
    .record({
      lon: fc.double({ min: -170, max: 170, noNaN: true }),
      lat: fc.double({ min: -80, max: 80, noNaN: true }),
      r: fc.double({ min: 0.01, max: 2, noNaN: true }),
      n: fc.integer({ min: 3, max: 12 }),
    })
    .map(({ lon, lat, r, n }) => {
      const ring = Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * i) / n;
        return [lon + r * Math.cos(a), lat + r * Math.sin(a)];
      });
      return { type: 'Polygon', coordinates: [[...ring, ring[0] as number[]]] };
    });
}

export function featureCollection(fc: Fc): Arbitrary<unknown> {
  const feature = fc
    .tuple(polygon(fc), fc.option(fc.string({ maxLength: 120 })))
    .map(([geometry, name]) => ({ type: 'Feature', properties: name === null ? {} : { name }, geometry }));
  return fc.array(feature, { minLength: 1, maxLength: 4 }).map((features) => ({
    type: 'FeatureCollection',
    features,
  }));
}
