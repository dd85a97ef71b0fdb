import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../lib/tokens.js';
import type { FeedsRepo } from './feeds-repo.js';
import { FEED_KEY_CACHE_MAX, FeedsService } from './feeds-service.js';

const GOOD_HASH = sha256('twf_good');

function fakeRepo(lookups: string[]): FeedsRepo {
  return {
    findLive: async (hash: string) => {
      lookups.push(hash);
      return hash === GOOD_HASH ? { id: 1, name: 'net' } : null;
    },
    touch: async () => {},
  } as unknown as FeedsRepo;
}

describe('FeedsService key cache', () => {
  it('stays bounded under requests with random keys and still remembers the live key', async () => {
    const lookups: string[] = [];
    let nowMs = Date.UTC(2026, 5, 1);
    const feeds = new FeedsService(fakeRepo(lookups), () => new Date(nowMs));
    expect(await feeds.authenticate('twf_good')).toEqual({ id: 1, name: 'net' });
    for (let i = 0; i < 5 * FEED_KEY_CACHE_MAX; i++) {
      expect(await feeds.authenticate(`twf_random_${i}`)).toBeNull();
      if (i % 100 === 0) nowMs += 1;
    }
    expect(feeds.cachedKeys).toBeLessThanOrEqual(FEED_KEY_CACHE_MAX);
    // A wrong key tried again within the cache time is not looked up again.
    const before = lookups.length;
    await feeds.authenticate(`twf_random_${5 * FEED_KEY_CACHE_MAX - 1}`);
    expect(lookups.length).toBe(before);
    // Expired entries go first when the cache is full.
    nowMs += 20_000;
    await feeds.authenticate('twf_after');
    expect(feeds.cachedKeys).toBe(1);
  });
});
