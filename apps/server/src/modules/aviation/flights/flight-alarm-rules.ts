import {
  AIRPORT_RADIUS_KM,
  type AircraftAtAirport,
  FLIGHT_ALARM_MIN_LEVEL,
  flightAlarmStep,
} from '@thunderwatch/domain/aviation/flight-alarms';
import { episodeTelling, FLIGHT_PUSH_EVERY_MS } from '@thunderwatch/domain/aviation/flight-episodes';
import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { Aircraft } from '@thunderwatch/shared/schemas/flights';
import type { Level } from '@thunderwatch/shared/warnings';
import type { AlarmDescriber } from '../../warnings/alarms/alarm-descriptions.js';
import type { Holding, SiteAlarmRules } from '../../warnings/alarms/site-alarm-evaluation.js';
import type { OpenSiteAlarm } from '../../warnings/alarms/site-alarms-repo.js';
import type { AirportRow, FlightAlarmsRepo } from './flight-alarms-repo.js';
import type { FlightsService } from './flights-service.js';

/** How often the airports' aircraft are judged (simulated and ADS-B positions arrive every few seconds). */
export const FLIGHT_ALARM_EVAL_MS = 10_000;

type Seen = AircraftAtAirport & { aircraft: Aircraft & { distance_km: number } };

export interface FlightRead {
  airports: AirportRow[];
  levelOf: (locationId: number) => Level;
  seen: Seen[];
  /** Each watched airport's warning episode, the episode of its newest flight message, its last push. */
  episodes: Awaited<ReturnType<FlightAlarmsRepo['episodes']>>;
}

/**
 * Flight alarms: each cycle, only the airports at level ≥ 2 (and those with open alarms) are looked at; for
 * each, the aircraft within 50 km are read and judged (`FlightsService.aircraftWithin`: the circle's box of
 * positions, strokes and cells only), so the work follows the airports in storms, not the traffic of the
 * whole feed. An aircraft entering a cell (`inside`) opens one alarm per aircraft and airport, told through
 * the airport's lists and subscribers as the `flight` event; it is cleared when the aircraft is out of the
 * cell, gone, or the airport below level 2.
 */
export class FlightAlarmRules implements SiteAlarmRules<'flight', FlightRead> {
  readonly kind = 'flight';
  readonly everyMs = FLIGHT_ALARM_EVAL_MS;

  constructor(
    private readonly d: {
      airports: FlightAlarmsRepo;
      flights: Pick<FlightsService, 'aircraftWithin'>;
      /** The live warning levels of locations. */
      levels: (ids: readonly number[]) => Promise<(locationId: number) => Level>;
    },
  ) {}

  async read(now: Date, open: readonly OpenSiteAlarm<'flight'>[]): Promise<FlightRead | null> {
    const airports = await this.d.airports.airports();
    if (airports.length === 0 && open.length === 0) return null;
    const levelOf = await this.d.levels(airports.map((a) => a.id));
    const watched = airports.filter((a) => levelOf(a.id) >= FLIGHT_ALARM_MIN_LEVEL);
    if (watched.length === 0 && open.length === 0) return null;
    const seen: Seen[] = [];
    for (const airport of watched) {
      const { lat, lon } = sitePoint(airport.shape);
      for (const aircraft of await this.d.flights.aircraftWithin(lat, lon, AIRPORT_RADIUS_KM, now)) {
        seen.push({
          icao24: aircraft.icao24,
          locationId: airport.id,
          hazard: aircraft.hazard,
          onGround: aircraft.on_ground,
          aircraft,
        });
      }
    }
    const episodes = await this.d.airports.episodes(
      watched.map((a) => a.id),
      new Date(now.getTime() - FLIGHT_PUSH_EVERY_MS),
    );
    return { airports, levelOf, seen, episodes };
  }

  judge(r: FlightRead, open: readonly OpenSiteAlarm<'flight'>[], now: Date): Holding<'flight'>[] {
    const step = flightAlarmStep({
      airports: r.airports.map((a) => ({ locationId: a.id, level: r.levelOf(a.id) })),
      aircraft: r.seen,
      open: open.map((a) => ({ icao24: a.facts.icao24, locationId: a.location_id })),
    });
    const byId = new Map(r.airports.map((a) => [a.id, a]));
    const levelOfOpen = new Map(open.map((a) => [`${a.facts.icao24}\u0000${a.location_id}`, a.level]));
    const facts = (s: Seen): SiteAlarmFacts['flight'] => ({
      icao24: s.icao24,
      callsign: s.aircraft.callsign,
      distance_km: s.aircraft.distance_km,
      altitude_m: s.aircraft.altitude_m,
      cell_id: s.aircraft.cell_id,
    });
    // One message per airport and episode (flight-episodes.ts): the first raise of a new episode tells it,
    // listing every aircraft entering now; a raise in a running episode adds its aircraft to that message.
    const { toldAircraft, ...episodes } = r.episodes;
    const telling = episodeTelling({ raisedAt: step.raise.map((s) => s.locationId), ...episodes, now });
    const listed = (f: SiteAlarmFacts['flight']) => ({
      icao24: f.icao24,
      callsign: f.callsign,
      distance_km: Math.round(f.distance_km * 10) / 10,
      altitude_m: f.altitude_m === null ? null : Math.round(f.altitude_m),
    });
    const raisedAt = new Map<number, SiteAlarmFacts['flight'][]>();
    for (const s of step.raise) raisedAt.set(s.locationId, [...(raisedAt.get(s.locationId) ?? []), facts(s)]);
    const heads = new Set<string>();
    /** How a new alarm is told: the episode's first raise now tells (or amends) for every raise now. */
    const toldAs = (s: Seen) => {
      const t = telling.get(s.locationId);
      if (!t) return {};
      const entering = (raisedAt.get(s.locationId) ?? []).map(listed);
      const first = !heads.has(`${s.locationId}`);
      heads.add(`${s.locationId}`);
      const episode = { episode: t.episode, ...(first && t.tell === 'push' ? { pushed: true } : {}) };
      if (!first) return { episode, tell: 'none' as const };
      if (t.tell !== 'amend')
        return { episode, tell: t.tell === 'push' ? ('all' as const) : ('inapp' as const), entering };
      // An aircraft the message already names (in again after leaving a cell) is not listed twice.
      const told = toldAircraft.get(s.locationId) ?? new Set<string>();
      const added = entering.filter((a) => !told.has(a.icao24));
      if (added.length === 0) return { episode, tell: 'none' as const };
      return {
        episode,
        tell: 'none' as const,
        amend: {
          match: { field: 'episode', value: t.episode, since: new Date(t.episode) },
          append: { field: 'aircraft', items: added },
        },
      };
    };
    const holding = (s: Seen, level: number, raised = false): Holding<'flight'> => {
      const airport = byId.get(s.locationId) as AirportRow;
      const told = raised ? toldAs(s) : {};
      const f = { ...facts(s), ...told.episode };
      return {
        subject: `aircraft:${s.icao24}`,
        locationId: s.locationId,
        groupId: airport.group_id,
        level,
        facts: f,
        ...(told.tell ? { tell: told.tell } : {}),
        ...(told.amend ? { amend: told.amend } : {}),
        message: (id) => ({
          flight_alarm_id: id,
          icao24: f.icao24,
          callsign: f.callsign,
          location_id: airport.id,
          location_name: airport.name,
          airport_icao: airport.airport_icao,
          level: level as 2 | 3,
          distance_km: Math.round(f.distance_km * 10) / 10,
          altitude_m: f.altitude_m === null ? null : Math.round(f.altitude_m),
          cell_id: f.cell_id,
          at: now.toISOString(),
          ...(f.episode ? { episode: f.episode } : {}),
          ...(told.entering ? { aircraft: told.entering } : {}),
        }),
      };
    };
    const episodeOf = new Map(open.map((a) => [`${a.facts.icao24}\u0000${a.location_id}`, a.facts]));
    return [
      // An open alarm follows the aircraft (no new message); its level and episode stay as raised.
      ...step.hold.map((s) => {
        const key = `${s.icao24}\u0000${s.locationId}`;
        const h = holding(s, levelOfOpen.get(key) ?? 2);
        const kept = episodeOf.get(key);
        return kept?.episode
          ? { ...h, facts: { ...h.facts, episode: kept.episode, ...(kept.pushed ? { pushed: true } : {}) } }
          : h;
      }),
      ...step.raise.map((s) => holding(s, s.level, true)),
    ];
  }
}

/** A flight alarm is about its aircraft, named by its callsign (or ICAO address) as the alarm stored it. */
export const flightAlarmDescriber: AlarmDescriber<'flight'> = {
  kind: 'flight',
  describe: async (alarms) =>
    new Map(
      alarms.map((a) => [a.id, { name: a.facts.callsign ?? a.facts.icao24, name_zh: null, warning: null }]),
    ),
};
