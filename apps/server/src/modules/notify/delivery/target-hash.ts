import { createHash } from 'node:crypto';

/**
 * The SHA-256 (hex) of a recipient's target (an address, a URL, a user id): how idempotency keys, the
 * duplicate window and the budget name a target without holding what it carries (a robot's access token,
 * a webhook's query secret or password). Stable, so the same target always gives the same key.
 */
export const targetHash = (target: string) => createHash('sha256').update(target).digest('hex');
