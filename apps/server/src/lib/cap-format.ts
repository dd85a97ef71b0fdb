import type { RingLevel } from '@thunderwatch/shared/warnings';

/** What every OASIS CAP 1.2 document of ours shares: the namespace, the media type, severities, times. */

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
export const CAP_CONTENT_TYPE = 'application/cap+xml; charset=utf-8';

/** CAP severity of a warning level. */
export const CAP_SEVERITY: Record<RingLevel, string> = { 3: 'Severe', 2: 'Moderate', 1: 'Minor' };

/** CAP dateTime: seconds and an explicit offset, never `Z` or fractions (the schema's pattern). */
export const capTime = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;
