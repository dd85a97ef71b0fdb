import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { Level } from '@thunderwatch/shared/warnings';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Whole minutes an episode lasted, or has lasted so far at `nowMs` while it goes on. */
export function durationMinutes(alert: Pick<AlertDto, 'started_at' | 'ended_at'>, nowMs: number): number {
  const end = alert.ended_at ? Date.parse(alert.ended_at) : nowMs;
  return Math.max(0, Math.round((end - Date.parse(alert.started_at)) / 60_000));
}

/** Minutes as "2 h 05 min" / "45 min" in the interface language. */
export function formatMinutes(minutes: number, t: Translate): string {
  if (minutes < 60) return t('alert_history.minutes', { m: minutes });
  return t('alert_history.hours_minutes', {
    h: Math.floor(minutes / 60),
    m: String(minutes % 60).padStart(2, '0'),
  });
}

/** A lead time in minutes, one decimal at most, in the interface language's numbers. */
export function formatLead(minutes: number, language: string): string {
  return new Intl.NumberFormat(language === 'zh-Hans' ? 'zh-CN' : 'en-GB', {
    maximumFractionDigits: 1,
  }).format(minutes);
}

/**
 * Whether the episode warned before lightning reached the innermost ring, in words: warned (with the lead),
 * not warned in time, or no stroke there to judge by.
 */
export function warnedText(
  alert: Pick<AlertDto, 'warned_before_first_inner' | 'lead_time_min'>,
  t: Translate,
  language: string,
): string {
  if (alert.warned_before_first_inner === null) return t('alert_history.warned.none');
  if (!alert.warned_before_first_inner) return t('alert_history.warned.no');
  if (alert.lead_time_min === null) return t('alert_history.warned.yes');
  return t('alert_history.warned.yes_lead', { lead: formatLead(alert.lead_time_min, language) });
}

export interface TimelineSegment {
  level: Level;
  predicted: boolean;
  startMs: number;
  endMs: number;
  /** Share of the episode, 0–1. */
  share: number;
}

/**
 * The level timeline as consecutive segments up to the episode's end (or `nowMs` while it goes on), for a
 * bar of colours: each entry lasts until the next one. A last entry at the end itself (the all-clear) adds
 * nothing.
 */
export function timelineSegments(
  alert: Pick<AlertDto, 'started_at' | 'ended_at' | 'timeline'>,
  nowMs: number,
): TimelineSegment[] {
  const start = Date.parse(alert.started_at);
  const end = Math.max(start, alert.ended_at ? Date.parse(alert.ended_at) : nowMs);
  const total = end - start;
  const entries = [...alert.timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const segments: TimelineSegment[] = [];
  entries.forEach((entry, i) => {
    const from = Math.max(start, Date.parse(entry.at));
    const next = entries[i + 1];
    const to = Math.min(end, next ? Date.parse(next.at) : end);
    if (to <= from) return;
    segments.push({
      level: entry.level,
      predicted: Boolean(entry.predicted),
      startMs: from,
      endMs: to,
      share: total > 0 ? (to - from) / total : 0,
    });
  });
  return segments;
}
