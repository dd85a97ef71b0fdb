import { formatDateTime } from '../../../lib/time';

/** Date and time in the user's zone with milliseconds: strokes a few ms apart must read apart. */
export function formatStrokeTime(
  epochMs: number,
  timeZone: string | null | undefined,
  language: string,
): string {
  const ms = String(((epochMs % 1000) + 1000) % 1000).padStart(3, '0');
  return `${formatDateTime(new Date(epochMs).toISOString(), timeZone, language)}.${ms}`;
}

/** Signed peak current with one decimal and a real minus sign, e.g. "−12.5 kA". */
export function formatKa(ka: number): string {
  const text = Math.abs(ka).toFixed(1);
  return `${ka < 0 && text !== '0.0' ? '−' : ka > 0 ? '+' : ''}${text} kA`;
}

export function formatDegrees(value: number): string {
  return `${value.toFixed(4)}°`;
}

/** Milliseconds as "850 ms" or "1.25 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
