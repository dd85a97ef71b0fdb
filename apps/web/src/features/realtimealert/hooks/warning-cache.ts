import type { AlarmDto, AlarmPage, WarningItem, WarningList } from '@thunderwatch/shared/schemas/warnings';

/**
 * How socket events change the cached REST answers. Each returns the same object when nothing changed, so
 * React Query tells no one and nothing re-renders.
 */

/** A `warning` event replaces those locations' items; a location not seen before is added. */
export function mergeWarnings(
  list: WarningList | undefined,
  items: readonly WarningItem[],
): WarningList | undefined {
  // Before the first load there is nothing to merge into; the load itself brings the full state.
  if (!list || items.length === 0) return list;
  const incoming = new Map(items.map((item) => [item.location_id, item]));
  const merged = list.items.map((item) => {
    const next = incoming.get(item.location_id);
    if (!next) return item;
    incoming.delete(item.location_id);
    return next;
  });
  return { ...list, items: [...merged, ...incoming.values()] };
}

/**
 * An `alarm` event on the list of unconfirmed alarms: a new alarm goes first, a confirmed one leaves (it
 * may have been confirmed by someone else, on another screen).
 */
export function applyAlarm(page: AlarmPage | undefined, alarm: AlarmDto): AlarmPage | undefined {
  if (!page) return page;
  const at = page.items.findIndex((item) => item.id === alarm.id);
  if (alarm.confirmed_at !== null) {
    if (at < 0) return page;
    return { items: page.items.filter((item) => item.id !== alarm.id), total: Math.max(0, page.total - 1) };
  }
  if (at >= 0) return { ...page, items: page.items.map((item, i) => (i === at ? alarm : item)) };
  return { items: [alarm, ...page.items], total: page.total + 1 };
}

/** Unconfirmed alarms per location, oldest first (the order they should be read and confirmed in). */
export function alarmsByLocation(alarms: readonly AlarmDto[]): Map<number, AlarmDto[]> {
  const byLocation = new Map<number, AlarmDto[]>();
  const oldestFirst = [...alarms].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  for (const alarm of oldestFirst) {
    const list = byLocation.get(alarm.location_id);
    if (list) list.push(alarm);
    else byLocation.set(alarm.location_id, [alarm]);
  }
  return byLocation;
}
