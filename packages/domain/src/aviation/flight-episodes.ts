/**
 * How flight alarms are told: per airport and warning episode, not per aircraft. An airport's warning episode
 * is its lightning alert (from the first yellow to the all-clear). The first flight alarm of an episode tells
 * the airport's people once, listing the aircraft that entered cells then; every aircraft entering later in
 * the same episode is added to that message in place (the in-app message; pushed channels are not sent
 * again). A new episode's message is pushed (SMS, e-mail, WeChat, robots, webhooks) only if the airport's
 * last pushed message is at least `FLIGHT_PUSH_EVERY_MS` old; otherwise it is told in the app only. So an
 * airport pushes at most once per 15 minutes, however busy.
 */
export const FLIGHT_PUSH_EVERY_MS = 15 * 60_000;

/** How an airport's raises of one evaluation are told. */
export interface EpisodeTelling {
  /** The warning episode's start (ISO): the key of its one message. */
  episode: string;
  /** push: a new episode's message on every channel; inapp: in the app only; amend: added to the message. */
  tell: 'push' | 'inapp' | 'amend';
}

/**
 * The telling of each airport with raises now. `warningEpisode`: when each airport's open alert began (ISO;
 * absent: none open, the raise begins one now); `toldEpisode`: the episode of the airport's newest flight
 * message; `lastPushedAt`: when its last pushed message was told (ms).
 */
export function episodeTelling(input: {
  raisedAt: readonly number[];
  warningEpisode: ReadonlyMap<number, string>;
  toldEpisode: ReadonlyMap<number, string>;
  lastPushedAt: ReadonlyMap<number, number>;
  now: Date;
}): Map<number, EpisodeTelling> {
  const out = new Map<number, EpisodeTelling>();
  const now = input.now.getTime();
  for (const locationId of new Set(input.raisedAt)) {
    const episode = input.warningEpisode.get(locationId) ?? input.now.toISOString();
    if (input.toldEpisode.get(locationId) === episode) {
      out.set(locationId, { episode, tell: 'amend' });
      continue;
    }
    const last = input.lastPushedAt.get(locationId);
    const pushes = last === undefined || now - last >= FLIGHT_PUSH_EVERY_MS;
    out.set(locationId, { episode, tell: pushes ? 'push' : 'inapp' });
  }
  return out;
}

/** How one new flight alarm is told, by `tellFlightRaises`. */
export interface FlightRaiseTelling {
  /** The airport's warning episode (ISO): the alarm keeps it, its message is keyed by it. */
  episode: string;
  /** It heads a pushed message (the next push waits 15 minutes from it). */
  pushed: boolean;
  /** Its own message on every channel, in the app only, or none (it joins or leaves it to another raise). */
  tell: 'all' | 'inapp' | 'none';
  /** Heading a message: the aircraft it lists, every one raised at its airport now (ICAO addresses). */
  lists: readonly string[];
  /** Joining a running episode: the aircraft its message gains, those it does not name yet. */
  adds: readonly string[];
}

/**
 * How the raises of one evaluation are told, in their order: per airport, the first raise heads the
 * airport's message (`episodeTelling`) for all of its raises now, or, in a running episode, adds the
 * aircraft its message does not name yet (`toldAircraft`: those it names); the others tell nothing.
 */
export function tellFlightRaises(input: {
  raises: readonly { icao24: string; locationId: number }[];
  warningEpisode: ReadonlyMap<number, string>;
  toldEpisode: ReadonlyMap<number, string>;
  lastPushedAt: ReadonlyMap<number, number>;
  toldAircraft: ReadonlyMap<number, ReadonlySet<string>>;
  now: Date;
}): FlightRaiseTelling[] {
  const { raises, toldAircraft, ...known } = input;
  const telling = episodeTelling({ ...known, raisedAt: raises.map((r) => r.locationId) });
  const raisedAt = new Map<number, string[]>();
  for (const r of raises) {
    const list = raisedAt.get(r.locationId);
    if (list) list.push(r.icao24);
    else raisedAt.set(r.locationId, [r.icao24]);
  }
  const headed = new Set<number>();
  return raises.map((r) => {
    const t = telling.get(r.locationId) as EpisodeTelling;
    const first = !headed.has(r.locationId);
    headed.add(r.locationId);
    const none = { episode: t.episode, pushed: false, tell: 'none' as const, lists: [], adds: [] };
    if (!first) return none;
    const entering = raisedAt.get(r.locationId) ?? [];
    if (t.tell === 'amend') {
      const named = toldAircraft.get(r.locationId);
      return { ...none, adds: entering.filter((icao24) => !named?.has(icao24)) };
    }
    return { ...none, pushed: t.tell === 'push', tell: t.tell === 'push' ? 'all' : 'inapp', lists: entering };
  });
}
