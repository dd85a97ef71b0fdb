import { LocalHours } from '@thunderwatch/domain/lightning/local-hours';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { StatsAlerts } from '@thunderwatch/shared/schemas/statistics';

/**
 * Alert episodes per location: how many, by peak level, minutes under warning, local days (of `timeZone`) on
 * which one began.
 */
export function alertsPerLocation(
  episodes: readonly AlertDto[],
  endMs: number,
  timeZone = 'UTC',
): StatsAlerts['items'] {
  const local = new LocalHours(timeZone);
  const by = new Map<number, StatsAlerts['items'][number] & { dates: Set<string> }>();
  for (const e of episodes) {
    const row = by.get(e.location_id) ?? {
      location_id: e.location_id,
      location_name: e.location_name,
      location_name_en: e.location_name_en,
      episodes: 0,
      yellow: 0,
      orange: 0,
      red: 0,
      total_min: 0,
      days: 0,
      dates: new Set<string>(),
    };
    row.episodes++;
    if (e.peak_level === 1) row.yellow++;
    else if (e.peak_level === 2) row.orange++;
    else if (e.peak_level === 3) row.red++;
    const start = Date.parse(e.started_at);
    const end = e.ended_at ? Date.parse(e.ended_at) : endMs;
    row.total_min += Math.max(0, Math.min(end, endMs) - start) / 60_000;
    row.dates.add(local.of(start).date);
    by.set(e.location_id, row);
  }
  return [...by.values()]
    .map(({ dates, ...r }) => ({ ...r, total_min: Math.round(r.total_min * 10) / 10, days: dates.size }))
    .sort((a, b) => b.episodes - a.episodes || a.location_id - b.location_id);
}
