import { describe, expect, it } from 'vitest';
import { parseEdit, parseText } from './admin-db-values.js';

describe('database view values', () => {
  it.each([
    ['integer', '42', { ok: true, value: 42 }],
    ['integer', '-7', { ok: true, value: -7 }],
    ['integer', '1 OR 1=1', { ok: false, problem: 'must be an integer' }],
    ['integer', '99999999999999999', { ok: false, problem: 'is out of range' }],
    ['number', '1.5e3', { ok: true, value: 1500 }],
    ['number', 'NaN', { ok: false, problem: 'must be a number' }],
    ['boolean', 'true', { ok: true, value: true }],
    ['boolean', '1', { ok: false, problem: 'must be true or false' }],
    ['timestamp', '2026-07-12T10:00:00Z', { ok: true, value: '2026-07-12T10:00:00.000Z' }],
    ['timestamp', '2026-07-12', { ok: true, value: '2026-07-12T00:00:00.000Z' }],
    ['timestamp', "2026'; DROP", { ok: false, problem: 'must be a date-time (ISO 8601)' }],
    [
      'uuid',
      '0F8FAD5B-D9CB-469F-A165-70867728950E',
      { ok: true, value: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    ],
    ['uuid', 'abc', { ok: false, problem: 'must be a UUID' }],
    ['text', "' OR 1=1 --", { ok: true, value: "' OR 1=1 --" }],
    ['text', 'a\u0000b', { ok: false, problem: 'must not contain NUL' }],
    ['json', '{}', { ok: false, problem: 'cannot be compared for equality (use contains)' }],
    ['date', '2026-07-12', { ok: true, value: '2026-07-12' }],
    ['date', '2024-02-29', { ok: true, value: '2024-02-29' }],
    ['date', '2026-02-30', { ok: false, problem: 'is not a day of the calendar' }],
    ['date', '0000-01-01', { ok: false, problem: 'is out of range' }],
    ['date', '0001-01-01', { ok: true, value: '0001-01-01' }],
    ['timestamp', '0000-01-01', { ok: false, problem: 'is out of range' }],
    ['date', '2026-07-12T00:00', { ok: false, problem: 'must be a day (YYYY-MM-DD)' }],
    ['date', "2026-07-12' --", { ok: false, problem: 'must be a day (YYYY-MM-DD)' }],
  ] as const)('%s %j → %j', (type, raw, expected) => expect(parseText(type, raw)).toEqual(expected));

  it.each([
    [{ kind: 'bool' }, false, { ok: true, value: false }],
    [{ kind: 'bool' }, 'false', { ok: false, problem: 'must be true or false' }],
    [{ kind: 'int', min: 1, max: 10 }, 11, { ok: false, problem: 'must be 1–10' }],
    [{ kind: 'int', min: 1, max: 10 }, 2.5, { ok: false, problem: 'must be an integer' }],
    [{ kind: 'text', max: 5 }, '  abc ', { ok: true, value: 'abc' }],
    [{ kind: 'text', max: 5 }, 'abcdef', { ok: false, problem: 'must be at most 5 characters' }],
    [{ kind: 'text', max: 5 }, '   ', { ok: false, problem: 'must not be empty' }],
    [{ kind: 'text', max: 5 }, null, { ok: false, problem: 'must not be null' }],
    [{ kind: 'text', max: 5, nullable: true }, '', { ok: true, value: null }],
    [{ kind: 'text', max: 5 }, 5, { ok: false, problem: 'must be a string' }],
    [
      { kind: 'text', max: 9, values: ['en', 'zh-Hans'] },
      'fr',
      { ok: false, problem: 'must be one of en, zh-Hans' },
    ],
    [{ kind: 'text', max: 9, pattern: /^[a-z]+$/ }, 'a1', { ok: false, problem: 'has the wrong form' }],
    [{ kind: 'text', max: 64, timeZone: true }, 'Asia/Shanghai', { ok: true, value: 'Asia/Shanghai' }],
    [
      { kind: 'text', max: 64, timeZone: true },
      'Mars/Olympus',
      { ok: false, problem: 'is not a known time zone' },
    ],
  ] as const)('edit %j with %j → %j', (rule, value, expected) =>
    expect(parseEdit(rule, value)).toEqual(expected),
  );
});
