import type { AlarmDto, AlarmPage, WarningItem, WarningList } from '@thunderwatch/shared/schemas/warnings';
import { describe, expect, it } from 'vitest';
import { diffAlarms, newestPerLocation } from './use-alarm-alerting';
import { alarmsByLocation, applyAlarm, mergeWarnings } from './warning-cache';

const warning = (id: number, level: WarningItem['level'], name = `site ${id}`): WarningItem => ({
  location_id: id,
  name,
  name_en: null,
  level,
  since: null,
  nearest_km: null,
  bearing_deg: null,
  counts: [],
  all_clear_at: null,
  approach: null,
  alert_id: null,
  unconfirmed_alarms: 0,
  predicted: false,
});

const alarm = (
  id: number,
  locationId: number,
  createdAt: string,
  confirmedAt: string | null = null,
): AlarmDto => ({
  id,
  kind: 'lightning',
  alert_id: 1,
  subject: null,
  cleared_at: null,
  facts: null,
  about: null,
  location_id: locationId,
  location_name: `site ${locationId}`,
  location_name_en: null,
  group_id: 1,
  level: 3,
  previous_level: 0,
  created_at: createdAt,
  nearest_km: 3.1,
  bearing_deg: 90,
  confirmed_at: confirmedAt,
  confirmed_by: confirmedAt ? { id: 2, name: 'Duty officer' } : null,
  note: confirmedAt ? 'checked' : null,
  predicted_by: null,
});

describe('mergeWarnings', () => {
  const list: WarningList = { items: [warning(1, 0), warning(2, 1), warning(3, 0)] };

  it('replaces the items of the locations in the event and keeps the others as they were', () => {
    const merged = mergeWarnings(list, [warning(2, 3)]);
    expect(merged?.items.map((i) => [i.location_id, i.level])).toEqual([
      [1, 0],
      [2, 3],
      [3, 0],
    ]);
    expect(merged?.items[0]).toBe(list.items[0]);
  });

  it('adds a location it had not seen (created after the board loaded)', () => {
    const merged = mergeWarnings(list, [warning(4, 2, 'New site')]);
    expect(merged?.items.map((i) => i.name)).toEqual(['site 1', 'site 2', 'site 3', 'New site']);
  });

  it('changes nothing before the first load or for an empty event', () => {
    expect(mergeWarnings(undefined, [warning(1, 3)])).toBeUndefined();
    expect(mergeWarnings(list, [])).toBe(list);
  });
});

describe('applyAlarm', () => {
  const page: AlarmPage = { items: [alarm(10, 1, '2025-06-15T08:00:00Z')], total: 1 };

  it('puts a new alarm first and counts it', () => {
    const next = applyAlarm(page, alarm(11, 2, '2025-06-15T08:05:00Z'));
    expect(next?.items.map((a) => a.id)).toEqual([11, 10]);
    expect(next?.total).toBe(2);
  });

  it('does not count the same alarm twice when its event comes again', () => {
    const next = applyAlarm(page, alarm(10, 1, '2025-06-15T08:00:00Z'));
    expect(next?.items).toHaveLength(1);
    expect(next?.total).toBe(1);
  });

  it('removes an alarm someone confirmed, wherever they did it', () => {
    const next = applyAlarm(page, alarm(10, 1, '2025-06-15T08:00:00Z', '2025-06-15T08:02:00Z'));
    expect(next).toEqual({ items: [], total: 0 });
  });

  it('ignores the confirmation of an alarm it does not list, and anything before the first load', () => {
    const confirmed = alarm(99, 1, '2025-06-15T08:00:00Z', '2025-06-15T08:02:00Z');
    expect(applyAlarm(page, confirmed)).toBe(page);
    expect(applyAlarm(undefined, alarm(1, 1, '2025-06-15T08:00:00Z'))).toBeUndefined();
  });
});

describe('alarmsByLocation', () => {
  it('groups unconfirmed alarms per location, oldest first', () => {
    const grouped = alarmsByLocation([
      alarm(3, 1, '2025-06-15T08:10:00Z'),
      alarm(1, 2, '2025-06-15T08:00:00Z'),
      alarm(2, 1, '2025-06-15T08:05:00Z'),
    ]);
    expect([...grouped].map(([location, list]) => [location, list.map((a) => a.id)])).toEqual([
      [2, [1]],
      [1, [2, 3]],
    ]);
  });
});

describe('diffAlarms', () => {
  it('tells which alarms are new (sound and notify) and which are gone (close their notification)', () => {
    const current = [alarm(2, 1, '2025-06-15T08:05:00Z'), alarm(3, 1, '2025-06-15T08:06:00Z')];
    const { added, removed } = diffAlarms(new Set([1, 2]), current);
    expect(added.map((a) => a.id)).toEqual([3]);
    expect(removed).toEqual([1]);
  });
});

describe('newestPerLocation', () => {
  it('keeps the latest alarm of each location, so a storm raising three levels notifies once', () => {
    const newest = newestPerLocation([
      alarm(1, 7, '2025-06-15T08:00:00Z'),
      alarm(3, 7, '2025-06-15T08:04:00Z'),
      alarm(2, 7, '2025-06-15T08:02:00Z'),
      alarm(4, 8, '2025-06-15T08:01:00Z'),
    ]);
    expect(newest.map((a) => a.id).sort()).toEqual([3, 4]);
  });
});
