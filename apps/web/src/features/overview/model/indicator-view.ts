import type { Indicator } from '@thunderwatch/shared/schemas/overview';

export type Tone = 'good' | 'bad' | 'neutral';

/** Whether an indicator's move is good news, bad news or neither, from its trend and which way is better. */
export function toneOf(indicator: Pick<Indicator, 'trend' | 'better'>): Tone {
  if (indicator.trend === null || indicator.trend === 'flat' || indicator.better === 'neither')
    return 'neutral';
  const rising = indicator.trend === 'up';
  return rising === (indicator.better === 'higher') ? 'good' : 'bad';
}

export const TREND_ARROWS = { up: '▲', down: '▼', flat: '▬' } as const;

/** A value as the card shows it: grouped digits in the language's style, the unit where it is a symbol. */
export function formatValue(value: number | null, unit: string, locale: string): string {
  if (value === null) return '—';
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (unit === '%') return `${digits} %`;
  if (unit === 'ms')
    return value >= 1000
      ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value / 1000)} s`
      : `${digits} ms`;
  return digits;
}
