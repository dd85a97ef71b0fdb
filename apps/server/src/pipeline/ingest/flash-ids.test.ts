import type { ParsedStroke } from '@thunderwatch/domain/lightning/stroke';
import { describe, expect, it } from 'vitest';
import { FlashAssigner } from './flash-ids.js';

const at = (epochMs: number, lat = 23, lon = 113): ParsedStroke => ({
  epochMs,
  ns: (epochMs % 1000) * 1_000_000,
  lat,
  lon,
  peakKa: -10,
  type: 'CG',
  sensors: null,
  multiplicity: null,
  majorKm: null,
  minorKm: null,
  ellipseDeg: null,
});

describe('FlashAssigner.assignOpened', () => {
  it('says which flashes a batch opened and which it only joined', async () => {
    let block = 0;
    const flashes = new FlashAssigner(async () => (block += 1000));
    const t = Date.parse('2026-07-01T00:00:00Z');
    const first = await flashes.assignOpened('net', [at(t), at(t + 100), at(t + 5000)]);
    expect(first.ids[0]).toBe(first.ids[1]);
    expect(first.opened).toEqual(new Set([first.ids[0], first.ids[2]]));
    // The next batch continues the second flash (200 ms later) and opens one far away.
    const next = await flashes.assignOpened('net', [at(t + 5200), at(t + 5300, 30, 100)]);
    expect(next.ids[0]).toBe(first.ids[2]);
    expect(next.opened).toEqual(new Set([next.ids[1]]));
  });
});
