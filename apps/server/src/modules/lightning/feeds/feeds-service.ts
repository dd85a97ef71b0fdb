import { randomBytes } from 'node:crypto';
import type { FeedDto } from '@thunderwatch/shared/schemas/lightning';
import { isUniqueViolation } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { sha256 } from '../../../lib/tokens.js';
import type { FeedsRepo } from './feeds-repo.js';

export interface Feed {
  id: number;
  /** The feed's name is the `source` of every stroke it delivers. */
  name: string;
}

const TOUCH_EVERY_MS = 60_000;
/** How long a key lookup is remembered; a revoked key stops working within this time on other nodes. */
const CACHE_MS = 10_000;
/**
 * Most keys remembered at once. Every key tried is remembered, wrong ones too (so that a misconfigured feed
 * retrying does not hit the database each time): without a bound, requests with random keys grew the map
 * for as long as the process lived.
 */
export const FEED_KEY_CACHE_MAX = 1000;

/** Machine-to-machine ingest credentials: one API key per feed, shown once, stored as a hash. */
export class FeedsService {
  private readonly cache = new Map<string, { feed: Feed | null; until: number }>();
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly feeds: FeedsRepo,
    private readonly now: () => Date,
  ) {}

  async create(user: AuthUser, name: string): Promise<FeedDto & { key: string }> {
    requirePermission(user, 'feed.manage');
    const key = `twf_${randomBytes(32).toString('base64url')}`;
    try {
      return { ...(await this.feeds.create(name, sha256(key), user.id)), key };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('validation.failed', 409, `A live feed named ${name} exists`, [
          { field: 'name', message: 'is taken' },
        ]);
      }
      throw error;
    }
  }

  async list(user: AuthUser): Promise<FeedDto[]> {
    requirePermission(user, 'feed.manage');
    return this.feeds.list();
  }

  async revoke(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'feed.manage');
    if (!(await this.feeds.revoke(id, this.now())))
      throw new AppError('feed.not_found', 404, 'No such live feed');
    this.cache.clear();
  }

  /** Keys whose lookup is remembered now (for tests and diagnostics). */
  get cachedKeys(): number {
    return this.cache.size;
  }

  /** Adds a lookup; when full, drops the expired ones, then the oldest (a Map iterates in insertion order). */
  private remember(hash: string, entry: { feed: Feed | null; until: number }, now: number): void {
    this.cache.delete(hash);
    if (this.cache.size >= FEED_KEY_CACHE_MAX) {
      for (const [k, v] of this.cache) if (v.until <= now) this.cache.delete(k);
      for (const k of this.cache.keys()) {
        if (this.cache.size < FEED_KEY_CACHE_MAX) break;
        this.cache.delete(k);
      }
    }
    this.cache.set(hash, entry);
  }

  /** The feed a key belongs to, or null; lookups are cached briefly because feeds post many batches. */
  async authenticate(key: string | undefined): Promise<Feed | null> {
    if (!key || key.length > 200) return null;
    const hash = sha256(key);
    const now = this.now().getTime();
    const hit = this.cache.get(hash);
    let feed: Feed | null;
    if (hit && hit.until > now) feed = hit.feed;
    else {
      feed = await this.feeds.findLive(hash);
      this.remember(hash, { feed, until: now + CACHE_MS }, now);
    }
    if (feed && (this.touched.get(feed.id) ?? 0) + TOUCH_EVERY_MS < now) {
      this.touched.set(feed.id, now);
      await this.feeds.touch(feed.id, new Date(now));
    }
    return feed;
  }
}
