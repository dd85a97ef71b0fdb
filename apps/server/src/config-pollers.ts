/**
 * Weather sources polled over HTTP: `POLL_<KIND>_URL` turns one on, `POLL_<KIND>_MIN` sets its interval.
 * All are off by default; what a source sends goes through the same ingest as an upload.
 */

export class PollersConfigError extends Error {}

export const POLLED_KINDS = ['typhoon', 'observations', 'waves', 'cap'] as const;
export type PolledKind = (typeof POLLED_KINDS)[number];

export interface PollerConfig {
  kind: PolledKind;
  url: string;
  everyMs: number;
}

/**
 * Minutes between polls unless set: storms move in 6-hour steps, stations report every 10 minutes, official
 * warnings must arrive within minutes.
 */
const DEFAULT_MIN: Record<PolledKind, number> = { typhoon: 30, observations: 10, waves: 30, cap: 5 };

export function pollersConfig(env: NodeJS.ProcessEnv): PollerConfig[] {
  const out: PollerConfig[] = [];
  for (const kind of POLLED_KINDS) {
    const prefix = `POLL_${kind.toUpperCase()}`;
    const url = env[`${prefix}_URL`];
    if (!url) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new PollersConfigError(`${prefix}_URL is not a URL: "${url}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new PollersConfigError(`${prefix}_URL must be an http(s) URL, got "${url}"`);
    const raw = env[`${prefix}_MIN`];
    const minutes = raw === undefined || raw === '' ? DEFAULT_MIN[kind] : Number(raw);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440)
      throw new PollersConfigError(`${prefix}_MIN must be an integer between 1 and 1440, got "${raw}"`);
    out.push({ kind, url, everyMs: minutes * 60_000 });
  }
  return out;
}
