import { hasRecipientRole, locationTopic } from '@thunderwatch/shared/notifications';
import { ROLES } from '@thunderwatch/shared/permissions';
import type { Queryable } from '../../../db/database.js';
import type { Audience } from './delivery-plan.js';
import type { RecipientsRepo } from './recipients-repo.js';

/** Whom a batch may reach: its events that anybody hears, and the lists, users and members they need. */
export type HeardAudience<E> = Omit<Audience, 'defaults'> & { heard: E[] };

/**
 * The lists, users, subscribers and group members that may hear of the events (what `planDeliveries` plans
 * from), read with `tx`; null when nobody does. The outbox reads it for every alarm; the coverage of a site
 * reads the same, so "who would be told" is what a real alarm would do.
 */
export async function readAudience<E extends { groupId: number; locationId: number | null }>(
  recipients: RecipientsRepo,
  tx: Queryable,
  events: readonly E[],
): Promise<HeardAudience<E> | null> {
  if (events.length === 0) return null;
  const groupIds = [...new Set(events.map((a) => a.groupId))];
  const topicOf = (a: E) => (a.locationId === null ? null : locationTopic(a.locationId));
  const topics = [...new Set(events.map(topicOf).filter((t) => t !== null))];
  const [lists, subscribers] = await Promise.all([
    recipients.listsOfGroups(tx, groupIds),
    recipients.subscribers(tx, topics),
  ]);
  // Most alarms of a storm front go to groups with no list and no subscriber: nothing more to look up.
  const heard = events.filter((a) => {
    const topic = topicOf(a);
    return lists.some((l) => l.group_id === a.groupId) || (topic !== null && subscribers.has(topic));
  });
  if (heard.length === 0) return null;
  const userIds = new Set<number>();
  for (const l of lists) {
    for (const r of [...l.recipients, ...(l.escalate_to ?? [])]) {
      if (r.kind === 'user') userIds.add(Number(r.value));
    }
  }
  const users = new Map(
    (await recipients.users(tx, [...userIds].filter(Number.isSafeInteger))).map((u) => [u.id, u]),
  );
  // A `role` recipient is the group's members of that role or above: only those are read (every group's duty
  // list names its administrators, and a group may have thousands of viewers).
  const roleGroups = new Set<number>();
  const roleValues = new Set<string>();
  for (const l of lists) {
    for (const r of [...l.recipients, ...(l.escalate_to ?? [])]) {
      if (r.kind !== 'role') continue;
      roleGroups.add(l.group_id);
      roleValues.add(r.value);
    }
  }
  const roles = ROLES.filter((role) => [...roleValues].some((value) => hasRecipientRole(role, value)));
  const members = await recipients.members(tx, [...roleGroups], roles);
  return { heard, lists, users, subscribers, members };
}
