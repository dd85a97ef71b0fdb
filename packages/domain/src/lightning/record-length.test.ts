import { describe, expect, it } from 'vitest';
import { parseAdtd } from './adtd.js';
import { MAX_RECORD_CHARS } from './stroke.js';
import { parseUalf } from './ualf.js';

// A record line of a real file is 100–200 characters; a line of megabytes (a fuzzed or broken upload) is
// refused from its length, before it is split into fields, and the lines around it are read as before.
const UALF = '0 2020 5 20 21 5 52 361736300 59.9617 11.1138 -9 0 3 6 0.3 0.4 1.3 0.5 1.1 1.2 1 1 0 0 1';
const ADTD =
  '1 2026-07-12 08:00:00.1234567 纬度=23.1000 经度=113.2000 强度=-12.5 陡度=3.1 误差=0.3 定位方式=3站';

describe.each([
  ['UALF', UALF, (text: string) => parseUalf(text)],
  ['ADTD', ADTD, (text: string) => parseAdtd(text).outcomes],
] as const)('%s record length', (_name, good, parse) => {
  it.each([
    ['a line of one letter', 'x'.repeat(5_000_000)],
    ['a line of fields', `${good} `.repeat(20_000)],
    ['one character over', `${good}${' '.repeat(MAX_RECORD_CHARS + 1 - good.length)}`],
  ])('refuses %s by its length and reads the lines around it', (_what, long) => {
    const outcomes = parse(`${good}\n${long}\n${good}\n`);
    expect(outcomes.map((o) => o.line)).toEqual([1, 2, 3]);
    expect(outcomes[0]).toHaveProperty('stroke');
    expect(outcomes[1]).toEqual({
      line: 2,
      error: `line of ${long.length} characters is longer than a record can be (${MAX_RECORD_CHARS})`,
    });
    expect(outcomes[2]).toHaveProperty('stroke');
  });

  it('reads a line of exactly the longest length', () => {
    const padded = `${good}${' '.repeat(MAX_RECORD_CHARS - good.length)}`;
    expect(parse(`${padded}\n`)[0]).toHaveProperty('stroke');
  });
});
