/**
 * What PostgreSQL's column types can hold, checked where a value is parsed: a value a column would refuse
 * (`"1e-300" is out of range for type real`, a smallint past 32767, a NUL in text) reaches the database only
 * to fail the whole statement with 500 and lose the batch around it. Every parser and schema where outside
 * values enter checks them here, against the type of the column they go to (the migrations say which).
 * Messages continue the field's name: `temperature must be 0 or at least 1e-30 in magnitude, got 1e-300`.
 */

export type NumericColumn = 'smallint' | 'integer' | 'bigint' | 'real' | 'double';

/** The largest finite float4 (FLT_MAX). */
export const REAL_MAX = 3.4028234663852886e38;
/**
 * The smallest non-zero magnitude a `real` value may have. float4 rounds anything below about 7e-46 to 0,
 * which PostgreSQL refuses as an underflow, and loses precision below 1.2e-38; the bound is the one the
 * stroke feeds have documented since they first refused `1e-300`.
 */
export const REAL_MIN_MAGNITUDE = 1e-30;

/**
 * The smallest non-zero magnitude of a coordinate in degrees. Coordinates enter PostgreSQL's trigonometry
 * (`radians()`, `power()` in a distance), which refuses a product that underflows to 0 (`radians(1e-320)`,
 * `power(1e-200, 2)`): one such value, stored or asked for, failed every distance query near it with 500. No
 * position is given finer than 1e-9° (0.1 mm), so a non-zero coordinate below it is a broken value.
 */
export const DEGREE_MIN_MAGNITUDE = 1e-9;

/** Whether `v` is not 0 yet smaller in magnitude than `min` (a value PostgreSQL would refuse as an underflow). */
export function belowMagnitude(v: number, min: number): boolean {
  return v !== 0 && Math.abs(v) < min;
}

/** The problem with a coordinate in degrees within `-limit..limit` (90 or 180), or null. */
export function degreeProblem(v: unknown, limit: 90 | 180): string | null {
  const problem = numberProblem(v, 'double', { min: -limit, max: limit });
  if (problem) return problem;
  if (belowMagnitude(v as number, DEGREE_MIN_MAGNITUDE))
    return `must be 0 or at least ${DEGREE_MIN_MAGNITUDE}° in magnitude, got ${v}`;
  return null;
}

export const INTEGER_LIMITS = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  // bigint holds ±9.2e18, but a JavaScript number is exact only up to 2^53: beyond, it is not the number sent.
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;

export interface Range {
  min: number;
  max: number;
  /** Said after the bounds in the message (`must be between 0 and 30 m`). */
  unit?: string;
}

/**
 * The problem with a number bound for a column of `column`, or null: a finite number (strictly a number:
 * `"1"` is not), a whole one within the type's limits for the integer types, one that float4 holds for
 * `real` (no overflow past `REAL_MAX`, no non-zero value below `REAL_MIN_MAGNITUDE`), and within `range`
 * when given.
 */
export function numberProblem(v: unknown, column: NumericColumn, range?: Range): string | null {
  if (typeof v !== 'number') return `must be a number, got ${describe(v)}`;
  if (!Number.isFinite(v)) return 'must be a finite number';
  if (column === 'smallint' || column === 'integer' || column === 'bigint') {
    if (!Number.isInteger(v)) return `must be a whole number, got ${v}`;
    const limits = INTEGER_LIMITS[column];
    if (v < limits.min || v > limits.max) return `must be between ${limits.min} and ${limits.max}, got ${v}`;
  }
  if (range && (v < range.min || v > range.max))
    return `must be between ${range.min} and ${range.max}${range.unit ? ` ${range.unit}` : ''}, got ${v}`;
  if (column === 'real') {
    if (Math.abs(v) > REAL_MAX) return `must be at most ${REAL_MAX} in magnitude, got ${v}`;
    if (belowMagnitude(v, REAL_MIN_MAGNITUDE))
      return `must be 0 or at least ${REAL_MIN_MAGNITUDE} in magnitude, got ${v}`;
  }
  return null;
}

/** A decimal number written out: no hex (`0x10`), no `Infinity` or `NaN`, no blank (all of which `Number` reads). */
export const DECIMAL_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A number in a text cell (CSV, NDBC, a query) for a column: blank is null (missing), anything else must
 * read wholly as a number (`Number('')` and `Number(' ')` are 0, `Number('0x10')` 16: not here).
 */
export function numberOfText(
  cell: string,
  column: NumericColumn,
  range?: Range,
): { value: number | null } | { problem: string } {
  const t = cell.trim();
  if (t === '') return { value: null };
  if (!DECIMAL_TEXT.test(t)) return { problem: `must be a number, got ${JSON.stringify(t.slice(0, 20))}` };
  const n = Number(t);
  const problem = numberProblem(n, column, range);
  return problem ? { problem } : { value: n };
}

/** The problem with a value bound for a text column, or null: a string without NUL, at most `maxChars`. */
export function textProblem(v: unknown, maxChars: number): string | null {
  if (typeof v !== 'string') return `must be text, got ${describe(v)}`;
  if (v.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (v.length > maxChars && [...v].length > maxChars) return `must be at most ${maxChars} characters`;
  return null;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.slice(0, 20))}`;
  return typeof v;
}
