import { describe, expect, it } from 'vitest';
import { durationMinutes, formatLead, formatMinutes, timelineSegments, warnedText } from './alert-format';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('durationMinutes', () => {
  it('counts an ended episode to its end, an open one to now', () => {
    const started_at = '2026-06-01T07:00:00.000Z';
    expect(durationMinutes({ started_at, ended_at: '2026-06-01T08:10:29.000Z' }, 0)).toBe(70);
    expect(durationMinutes({ started_at, ended_at: null }, Date.parse('2026-06-01T07:45:00Z'))).toBe(45);
  });
});

describe('formatMinutes', () => {
  it('says minutes under an hour, hours and minutes above', () => {
    expect(formatMinutes(45, t)).toBe('alert_history.minutes {"m":45}');
    expect(formatMinutes(125, t)).toBe('alert_history.hours_minutes {"h":2,"m":"05"}');
  });
});

describe('warnedText', () => {
  it.each([
    [
      { warned_before_first_inner: true, lead_time_min: 12.5 },
      'alert_history.warned.yes_lead {"lead":"12.5"}',
    ],
    [{ warned_before_first_inner: true, lead_time_min: null }, 'alert_history.warned.yes'],
    [{ warned_before_first_inner: false, lead_time_min: null }, 'alert_history.warned.no'],
    [{ warned_before_first_inner: null, lead_time_min: null }, 'alert_history.warned.none'],
  ])('%o', (alert, want) => {
    expect(warnedText(alert, t, 'en')).toBe(want);
  });

  it('writes the lead in the language’s numbers', () => {
    expect(formatLead(1234.56, 'en')).toBe('1,234.6');
    expect(formatLead(3, 'zh-Hans')).toBe('3');
  });
});

describe('timelineSegments', () => {
  const base = { started_at: '2026-06-01T07:00:00.000Z' };
  it('lasts each level until the next, the all-clear adding nothing', () => {
    const segments = timelineSegments(
      {
        ...base,
        ended_at: '2026-06-01T08:00:00.000Z',
        timeline: [
          { at: '2026-06-01T07:00:00.000Z', level: 1, predicted: true },
          { at: '2026-06-01T07:15:00.000Z', level: 3 },
          { at: '2026-06-01T08:00:00.000Z', level: 0 },
        ],
      },
      0,
    );
    expect(segments.map((s) => [s.level, s.predicted, s.share])).toEqual([
      [1, true, 0.25],
      [3, false, 0.75],
    ]);
  });

  it('runs an open episode to now', () => {
    const now = Date.parse('2026-06-01T07:30:00Z');
    const segments = timelineSegments(
      { ...base, ended_at: null, timeline: [{ at: '2026-06-01T07:00:00.000Z', level: 2 }] },
      now,
    );
    expect(segments).toEqual([
      { level: 2, predicted: false, startMs: Date.parse(base.started_at), endMs: now, share: 1 },
    ]);
  });
});
