import { describe, expect, it } from 'vitest';
import { formatDuration, formatKa, formatStrokeTime } from './stroke-format';

describe('stroke formatting', () => {
  it('shows peak current signed with one decimal', () => {
    expect(formatKa(-12.46)).toBe('−12.5 kA');
    expect(formatKa(31.04)).toBe('+31.0 kA');
    expect(formatKa(-0.01)).toBe('0.0 kA');
  });

  it('shows the time in the user zone to the millisecond', () => {
    const t = Date.parse('2025-07-01T07:59:58.042Z');
    expect(formatStrokeTime(t, 'Asia/Shanghai', 'zh-Hans')).toBe('2025/07/01 15:59:58.042');
    expect(formatStrokeTime(t, 'UTC', 'en')).toBe('01/07/2025, 07:59:58.042');
  });

  it('shows flash durations in ms below a second', () => {
    expect(formatDuration(420.4)).toBe('420 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
  });
});
