import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../lib/stroke-store';
import type { LightningWindow } from '../api/get-lightning';
import { loadStrokeFeed } from './load-stroke-feed';

const NOW = Date.UTC(2026, 10, 30, 18);

function fakes(keepMs: number) {
  const windows: LightningWindow[] = [];
  const states: unknown[] = [];
  let allow = () => {};
  const allowed = new Promise<void>((resolve) => {
    allow = resolve;
  });
  const controller = new AbortController();
  const load = loadStrokeFeed({
    keepMs,
    now: NOW,
    fetch: async (window) => {
      windows.push(window);
    },
    add: vi.fn(),
    loading: (state) => states.push(state),
    historyMay: () => allowed,
    signal: controller.signal,
  });
  return { windows, states, allow, abort: () => controller.abort(), load };
}

describe('loadStrokeFeed', () => {
  it('fetches the last hour, then the older hours only once they may be', async () => {
    const { windows, states, allow, load } = fakes(DAY_MS);
    await vi.waitFor(() => expect(states).toEqual(['recent', 'history']));
    expect(windows).toEqual([{ from: NOW - HOUR_MS }]);
    allow();
    await load;
    expect(windows).toEqual([{ from: NOW - HOUR_MS }, { from: NOW - DAY_MS, to: NOW - HOUR_MS }]);
    expect(states).toEqual(['recent', 'history', null]);
  });

  it('a feed keeping an hour or less waits for nothing', async () => {
    const { windows, states, load } = fakes(30 * 60_000);
    await load;
    expect(windows).toEqual([{ from: NOW - 30 * 60_000 }]);
    expect(states).toEqual(['recent', null]);
  });

  it('fetches nothing more once stopped while it waited', async () => {
    const { windows, states, allow, abort, load } = fakes(DAY_MS);
    await vi.waitFor(() => expect(states).toEqual(['recent', 'history']));
    abort();
    allow();
    await load;
    expect(windows).toHaveLength(1);
    expect(states).toEqual(['recent', 'history']);
  });
});
