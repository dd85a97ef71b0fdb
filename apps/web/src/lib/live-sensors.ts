import type { SensorDto, SensorLatestDto } from '@thunderwatch/shared/schemas/sensors';

/** The sensor list with the live readings applied: a reading newer than the one shown replaces it. */
export function mergeSensorReadings(
  list: { items: SensorDto[] } | undefined,
  readings: readonly SensorLatestDto[],
): { items: SensorDto[] } | undefined {
  if (!list) return list;
  const byId = new Map(readings.map((r) => [r.id, r]));
  let changed = false;
  const items = list.items.map((s) => {
    const r = byId.get(s.id);
    if (!r || r.time === null || r.values === null) return s;
    if (s.latest && Date.parse(s.latest.time) >= Date.parse(r.time)) return s;
    changed = true;
    return { ...s, online: true, latest: { time: r.time, values: r.values } };
  });
  return changed ? { items } : list;
}
