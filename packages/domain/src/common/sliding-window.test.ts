import { describe, expect, it } from 'vitest';
import { slidingWindow } from './sliding-window.js';

const MIN = 60_000;
describe('slidingWindow', () => {
  const now = 100 * MIN;
  it.each([
    ['no events', [], 10, { allowed: true, retryAfterSec: 0 }],
    ['9 of 10', Array.from({ length: 9 }, (_, i) => now - i * 1000), 10, { allowed: true, retryAfterSec: 0 }],
    [
      '10 of 10, oldest 14 min ago',
      [now - 14 * MIN, ...Array(9).fill(now - 1000)],
      10,
      { allowed: false, retryAfterSec: 60 },
    ],
    ['old events fall out', Array(20).fill(now - 16 * MIN), 10, { allowed: true, retryAfterSec: 0 }],
    ['future events ignored', Array(20).fill(now + MIN), 10, { allowed: true, retryAfterSec: 0 }],
    ['limit 1', [now - 1500], 1, { allowed: false, retryAfterSec: 899 }],
  ])('%s', (_name, events, limit, verdict) => {
    expect(slidingWindow(events as number[], now, limit, 15 * MIN)).toEqual(verdict);
  });
});
