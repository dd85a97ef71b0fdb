import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it.each([
    [[['plain', 1]], 'a,b\r\nplain,1\r\n'],
    [[['with,comma', null]], 'a,b\r\n"with,comma",\r\n'],
    [[['say "hi"', 'line\nbreak']], 'a,b\r\n"say ""hi""","line\nbreak"\r\n'],
    [[['=HYPERLINK("x")', '-1']], `a,b\r\n"'=HYPERLINK(""x"")","'-1"\r\n`],
    [[['@cmd', '+2']], `a,b\r\n"'@cmd","'+2"\r\n`],
    [[[-1.5, 0]], 'a,b\r\n-1.5,0\r\n'],
  ])('%j', (rows, csv) => {
    expect(toCsv(['a', 'b'], rows)).toBe(csv);
  });
});
