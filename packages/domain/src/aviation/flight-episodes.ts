/**
 * How flight alarms are told: per airport and episode, not per aircraft. An airport's episode runs while it
 * has any flight alarm open; its first raise tells the airport's people once, listing the aircraft that
 * entered cells then, and every aircraft entering later in the episode is added to that message in place
 * (the in-app message; pushed channels are not sent again). A new episode pushes (SMS, e-mail, WeChat,
 * robots, webhooks) only if the airport's last pushed episode began at least `FLIGHT_PUSH_EVERY_MS` before;
 * otherwise it is told in the app only. So an airport pushes at most once per 15 minutes, however busy.
 */
export const FLIGHT_PUSH_EVERY_MS = 15 * 60_000;

/** How an airport's raises of one evaluation are told. */
export type EpisodeTelling =
  /** A new episode, told on every channel of its lists and followers. */
  | { episode: string; tell: 'push' }
  /** A new episode within 15 minutes of the last push: told in the app only. */
  | { episode: string; tell: 'inapp' }
  /** An episode under way: its message gains the new aircraft, nothing new is sent. */
  | { episode: string; tell: 'amend' };

/**
 * The telling of each airport with raises now. `open`: the airport's open flight alarms with their episode
 * (when it began, ISO; null on alarms raised before episodes); `lastPushedAt`: when the airport's last
 * pushed episode began (ms).
 */
export function episodeTelling(input: {
  raisedAt: readonly number[];
  open: readonly { locationId: number; episode: string | null }[];
  lastPushedAt: ReadonlyMap<number, number>;
  now: Date;
}): Map<number, EpisodeTelling> {
  const running = new Map<number, string | null>();
  for (const a of input.open) {
    const known = running.get(a.locationId);
    // The episode's start is the earliest any of its alarms names (one alarm may predate episodes: null).
    if (
      !running.has(a.locationId) ||
      (a.episode !== null && (known === null || a.episode < (known as string)))
    )
      running.set(a.locationId, a.episode ?? known ?? null);
  }
  const out = new Map<number, EpisodeTelling>();
  const now = input.now.getTime();
  for (const locationId of new Set(input.raisedAt)) {
    if (running.has(locationId)) {
      out.set(locationId, { episode: running.get(locationId) ?? input.now.toISOString(), tell: 'amend' });
      continue;
    }
    const last = input.lastPushedAt.get(locationId);
    const pushes = last === undefined || now - last >= FLIGHT_PUSH_EVERY_MS;
    out.set(locationId, { episode: input.now.toISOString(), tell: pushes ? 'push' : 'inapp' });
  }
  return out;
}
