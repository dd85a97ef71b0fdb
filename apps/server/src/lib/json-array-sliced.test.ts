import { describe, expect, it } from 'vitest';
import { parseJsonArraySliced, SLICE_CHARS, SLICE_ELEMENTS } from './json-array-sliced.js';

describe('parseJsonArraySliced', () => {
  it.each([
    ['[]', []],
    [' \n[ ] \n', []],
    ['\uFEFF[1]', [1]],
    ['[1,"a,]}",{"b":[1,{"c":"]"}]},null,true]', [1, 'a,]}', { b: [1, { c: ']' }] }, null, true]],
    ['["say \\"hi\\", ]"]', ['say "hi", ]']],
    ['["\\\\",2]', ['\\', 2]],
  ])('%j parses as JSON.parse would', async (text, expected) => {
    expect(await parseJsonArraySliced(text)).toEqual(expected);
  });

  it.each(['{"a":1}', '"x"', '12', '', 'null'])('%j is not an array: null', async (text) => {
    expect(await parseJsonArraySliced(text)).toBeNull();
  });

  it.each([
    ['[1,]', 'elements 0–1'],
    ['[,1]', 'elements 0–1'],
    ['[1 2]', 'elements 0–0'],
    ['[1', 'element 0 is not closed'],
    ['[{"a":1]', 'element 0 is not closed'],
    ['[1}', 'element 0 is not closed'],
    ['[1] x', 'text after the closing ]'],
    ['[{"__proto__":{"x":1}}]', 'elements 0–0'],
    ['[{"constructor":{"prototype":{"x":1}}}]', 'elements 0–0'],
  ])('%j answers 400 request.malformed_json naming %s', async (text, where) => {
    await expect(parseJsonArraySliced(text)).rejects.toMatchObject({
      statusCode: 400,
      code: 'request.malformed_json',
      message: expect.stringContaining(where),
    });
  });

  it('gives the elements of a body of many slices, in order, with loop turns between slices', async () => {
    const items = Array.from({ length: SLICE_ELEMENTS * 3 + 7 }, (_, i) => ({
      i,
      s: `x,]${'y'.repeat(i % 50)}`,
    }));
    // Counts the loop's check phases while the parse runs: each slice after the first waits for one.
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const got = await parseJsonArraySliced(JSON.stringify(items));
    done = true;
    expect(got).toEqual(items);
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('cuts a slice at SLICE_CHARS of text, so a few huge elements are still parsed a slice at a time', async () => {
    const big = 'z'.repeat(SLICE_CHARS);
    const items = [big, big, 'end'];
    expect(await parseJsonArraySliced(JSON.stringify(items))).toEqual(items);
  });

  it('names the slice of a bad element far into the body', async () => {
    const text = `[${Array.from({ length: SLICE_ELEMENTS + 5 }, () => '1').join(',')},tru]`;
    await expect(parseJsonArraySliced(text)).rejects.toMatchObject({
      message: expect.stringContaining(`elements ${SLICE_ELEMENTS}–`),
    });
  });
});
