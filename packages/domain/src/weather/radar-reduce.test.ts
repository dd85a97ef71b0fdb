import { describe, expect, it } from 'vitest';
import { LONLAT_PROJDEF, lonLatGeoref } from './radar-grid.js';
import { BlockMaxReducer, blockMax, type GridShape, reducedGrid, reductionBlock } from './radar-reduce.js';
import { type CodeArray, type RadarScale, sampleOf } from './radar-scale.js';

// The N0Q ramp's codes: 0.5 dBZ steps from −32 dBZ, 0 = nothing detected, 255 = no data.
const N0Q: RadarScale = { gain: 0.5, offset: -32, nodata: 255, undetect: 0 };
const ND = 255;
const UD = 0;

describe('reductionBlock', () => {
  it.each([
    // IEM's N0Q mosaic (12,200 × 5,400 at 0.005°) and N0R (6,000 × 2,600 at 0.01°).
    [12_200, 5_400, 4],
    [6_000, 2_600, 2],
    [4_000, 4_000, 1],
    [4_001, 1, 2],
    [1, 8_000, 2],
    [8_001, 10, 3],
    [16_384, 4_882, 5],
    [1, 1, 1],
  ])('%d × %d cells are stored in blocks of %d', (cols, rows, block) => {
    expect(reductionBlock(cols, rows)).toBe(block);
    expect(Math.max(Math.ceil(cols / block), Math.ceil(rows / block))).toBeLessThanOrEqual(4000);
  });
});

describe('reducedGrid', () => {
  const identity = (x: number, y: number): [number, number] => [x, y];
  const lonLat = (west: number, south: number, east: number, north: number, cols: number, rows: number) => {
    const bounds = { west, south, east, north };
    return { cols, rows, georef: lonLatGeoref(bounds, cols, rows), bounds };
  };

  it.each<[string, GridShape, number, GridShape]>([
    [
      'the N0Q mosaic: blocks tile it, the bounds stay',
      lonLat(-126, 23, -65, 50, 12_200, 5_400),
      4,
      {
        cols: 3_050,
        rows: 1_350,
        georef: { projdef: LONLAT_PROJDEF, x0: -126, y0: 50, dx: (61 / 12_200) * 4, dy: (27 / 5_400) * 4 },
        bounds: { west: -126, south: 23, east: -65, north: 50 },
      },
    ],
    [
      'odd sizes: the partial last blocks reach past the east and south edges',
      lonLat(10, 47, 15, 50, 5, 3),
      2,
      {
        cols: 3,
        rows: 2,
        georef: { projdef: LONLAT_PROJDEF, x0: 10, y0: 50, dx: 2, dy: 2 },
        bounds: { west: 10, south: 46, east: 16, north: 50 },
      },
    ],
    [
      'a block larger than the grid: one cell',
      lonLat(0, 0, 3, 2, 3, 2),
      4,
      {
        cols: 1,
        rows: 1,
        georef: { projdef: LONLAT_PROJDEF, x0: 0, y0: 2, dx: 4, dy: 4 },
        bounds: { west: 0, south: -2, east: 4, north: 2 },
      },
    ],
    ['block 1: the grid itself', lonLat(0, 0, 3, 2, 3, 2), 1, lonLat(0, 0, 3, 2, 3, 2)],
  ])('%s', (_name, src, block, expected) => {
    expect(reducedGrid(src, block, identity)).toEqual(expected);
  });

  it('asks the projection for the bounds of a projected grid that grows', () => {
    // A projection in kilometres of a degree (the inverse is all reducedGrid uses).
    const km = (x: number, y: number): [number, number] => [x / 1000, y / 1000];
    const src = {
      cols: 7,
      rows: 4,
      georef: { projdef: '+proj=test', x0: 1_000, y0: 9_000, dx: 1_000, dy: 500 },
      bounds: { west: 1, south: 7, east: 8, north: 9 },
    };
    expect(reducedGrid(src, 3, km)).toEqual({
      cols: 3,
      rows: 2,
      georef: { projdef: '+proj=test', x0: 1_000, y0: 9_000, dx: 3_000, dy: 1_500 },
      bounds: { west: 1, south: 6, east: 10, north: 9 },
    });
  });

  it('refuses a block that is not a whole number ≥ 1', () => {
    expect(() => reducedGrid(lonLat(0, 0, 1, 1, 1, 1), 0, identity)).toThrow(/block 0/);
    expect(() => reducedGrid(lonLat(0, 0, 1, 1, 1, 1), 1.5, identity)).toThrow(/block 1.5/);
  });
});

describe('blockMax', () => {
  it.each<[string, number, number, number, number[], number[]]>([
    ['the highest code of each 2 × 2 block', 4, 2, 2, [10, 20, 30, 5, 40, 1, 7, 8], [40, 30]],
    // 5 × 3 in blocks of 2: a last column of partial blocks (1 wide) and a last row (1 high).
    [
      'odd sizes: partial blocks at the east and south edges',
      5,
      3,
      2,
      [1, 2, 3, 4, 90, 5, 6, 7, 8, 91, 9, 10, 11, 12, 92],
      [6, 8, 91, 10, 12, 92],
    ],
    ['a block of no data only is no data', 2, 2, 2, [ND, ND, ND, ND], [ND]],
    ['no data and nothing detected: nothing detected', 2, 2, 2, [ND, UD, ND, ND], [UD]],
    ['nothing detected only: nothing detected', 2, 2, 2, [UD, UD, UD, UD], [UD]],
    ['one value among no data and nothing detected: the value', 2, 2, 2, [ND, UD, 3, ND], [3]],
    ['the lowest value beats nothing detected (code 1 > undetect 0)', 2, 1, 2, [UD, 1], [1]],
    ['blocks keep to themselves along a row', 6, 1, 3, [ND, ND, ND, UD, ND, ND], [ND, UD]],
    ['a block larger than the grid', 3, 2, 4, [5, ND, 7, UD, 6, ND], [7]],
    ['block 1 copies', 3, 1, 1, [5, ND, UD], [5, ND, UD]],
  ])('%s', (_name, cols, rows, block, codes, expected) => {
    expect([...blockMax(new Uint8Array(codes), cols, rows, block, N0Q)]).toEqual(expected);
  });

  it('keeps the type of the codes', () => {
    const f = blockMax(new Float32Array([0.5, 1.5, 2.5, 3.5]), 2, 2, 2, N0Q);
    expect(f).toBeInstanceOf(Float32Array);
    expect([...f]).toEqual([3.5]);
    expect(blockMax(new Int16Array([-300, -200]), 2, 1, 2, N0Q)).toEqual(new Int16Array([-200]));
  });

  it('reads NaN as no data, and keeps the highest value of a float grid', () => {
    const scale = { gain: 1, offset: 0, nodata: -9999, undetect: -8888 };
    const raw = new Float64Array([Number.NaN, 12.5, Number.NaN, Number.NaN, Number.NaN, -8888]);
    expect([...blockMax(raw, 3, 2, 2, scale)]).toEqual([12.5, -8888]);
    expect([...blockMax(new Float64Array([Number.NaN]), 1, 1, 2, scale)]).toEqual([-9999]);
  });

  it('reads a code that is both no data and nothing detected as no data, as sampleOf does', () => {
    const scale = { ...N0Q, undetect: ND };
    expect([...blockMax(new Uint8Array([ND, ND, 4, ND]), 4, 1, 2, scale)]).toEqual([ND, 4]);
  });

  it('keeps the lowest code where the gain is negative (the highest value)', () => {
    const scale = { gain: -0.5, offset: 50, nodata: 255, undetect: 254 };
    expect([...blockMax(new Uint8Array([10, 3, 254, 200]), 4, 1, 4, scale)]).toEqual([3]);
  });

  it('stores the highest value of each block, by the scale, on random grids (against a plain reading)', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const [cols, rows, block] of [
      [17, 13, 4],
      [9, 30, 7],
      [64, 3, 5],
    ] as const) {
      const raw = new Uint8Array(cols * rows).map(() => {
        const u = next();
        return u < 0.3 ? ND : u < 0.5 ? UD : Math.floor(next() * 254) + 1;
      });
      const out = blockMax(raw, cols, rows, block, N0Q);
      const outCols = Math.ceil(cols / block);
      for (let i = 0; i < out.length; i++) {
        const [bc, br] = [i % outCols, Math.floor(i / outCols)];
        const samples = [];
        for (let r = br * block; r < Math.min(rows, (br + 1) * block); r++) {
          for (let c = bc * block; c < Math.min(cols, (bc + 1) * block); c++) {
            samples.push(sampleOf(raw[r * cols + c] as number, N0Q));
          }
        }
        const values = samples.flatMap((s) => (s.state === 'value' ? [s.value] : []));
        const expected = values.length
          ? { state: 'value', value: Math.max(...values) }
          : { state: samples.some((s) => s.state === 'undetect') ? 'undetect' : 'nodata' };
        expect(sampleOf(out[i] as number, N0Q)).toEqual(expected);
      }
    }
  });
});

describe('BlockMaxReducer', () => {
  it('reads rows at an offset of a larger array, and refuses rows past the last', () => {
    const out = new Uint8Array(2);
    const r = new BlockMaxReducer(3, 2, 2, N0Q, out);
    const band: CodeArray = new Uint8Array([9, 9, 1, 2, 3, 4, 5, 6]);
    r.push(band, 2);
    expect(r.done).toBe(false);
    r.push(band, 5);
    expect(r.done).toBe(true);
    expect([...out]).toEqual([5, 6]);
    expect(() => r.push(band)).toThrow(/all 2 rows/);
  });

  it('refuses an output of the wrong size', () => {
    expect(() => new BlockMaxReducer(5, 3, 2, N0Q, new Uint8Array(5))).toThrow(/not 3 × 2/);
  });
});
