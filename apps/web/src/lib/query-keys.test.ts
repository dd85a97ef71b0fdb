import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('query keys', () => {
  it('lets one invalidation reach every entry made from a prefix key', () => {
    const matches: [readonly unknown[], readonly unknown[]][] = [
      [queryKeys.groups.page({ limit: 20, offset: 0 }), queryKeys.groups.all],
      [queryKeys.groupUsers.page({ group_id: 2, limit: 20, offset: 0 }), queryKeys.groupUsers.all],
      [queryKeys.alarms.unconfirmed, queryKeys.alarms.all],
      [queryKeys.inbox.page({ unread: false, limit: 20, offset: 0 }), queryKeys.inbox.all],
      [queryKeys.inbox.unreadCount, queryKeys.inbox.all],
      [queryKeys.deliveries.page({ limit: 20, offset: 0 }), queryKeys.deliveries.all],
      [queryKeys.deliveries.attempts(7), queryKeys.deliveries.all],
    ];
    for (const [key, prefix] of matches) expect(partialMatchKey(key, prefix)).toBe(true);
  });

  it('keeps apart what must not be reloaded together', () => {
    expect(partialMatchKey(queryKeys.topics, queryKeys.inbox.all)).toBe(false);
    expect(partialMatchKey(queryKeys.deliveries.all, queryKeys.inbox.all)).toBe(false);
    expect(partialMatchKey(queryKeys.groupUsers.all, queryKeys.groups.all)).toBe(false);
  });
});
