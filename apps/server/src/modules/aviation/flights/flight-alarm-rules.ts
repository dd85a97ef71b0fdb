import {
  AIRPORT_RADIUS_KM,
  type AircraftAtAirport,
  FLIGHT_ALARM_MIN_LEVEL,
  flightAlarmStep,
} from '@thunderwatch/domain/aviation/flight-alarms';
import {
  FLIGHT_PUSH_EVERY_MS,
  type FlightRaiseTelling,
  tellFlightRaises,
} from '@thunderwatch/domain/aviation/flight-episodes';
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
    const openOf = new Map(open.map((a) => [`${a.facts.icao24}\u0000${a.location_id}`, a]));
    const facts = (s: Seen): SiteAlarmFacts['flight'] => ({
      icao24: s.icao24,
      callsign: s.aircraft.callsign,
      distance_km: s.aircraft.distance_km,
      altitude_m: s.aircraft.altitude_m,
      cell_id: s.aircraft.cell_id,
    });
    /** An aircraft as a message lists it. */
    const listed = (s: Seen) => ({
      icao24: s.icao24,
      callsign: s.aircraft.callsign,
      distance_km: Math.round(s.aircraft.distance_km * 10) / 10,
      altitude_m: s.aircraft.altitude_m === null ? null : Math.round(s.aircraft.altitude_m),
    });
    const holding = (s: Seen, level: number, f: SiteAlarmFacts['flight']): Holding<'flight'> => {
      const airport = byId.get(s.locationId) as AirportRow;
      return {
        subject: `aircraft:${s.icao24}`,
        locationId: s.locationId,
        groupId: airport.group_id,
        level,
        facts: f,
        message: (id) => ({
          flight_alarm_id: id,
          icao24: f.icao24,
          callsign: f.callsign,
          location_id: airport.id,
          location_name: airport.name,
          location_name_en: airport.name_en,
          airport_icao: airport.airport_icao,
          level: level as 2 | 3,
          distance_km: Math.round(f.distance_km * 10) / 10,
          altitude_m: f.altitude_m === null ? null : Math.round(f.altitude_m),
          cell_id: f.cell_id,
          at: now.toISOString(),
          ...(f.episode ? { episode: f.episode } : {}),
        }),
      };
    };
    // An open alarm follows the aircraft (no new message); its level and episode stay as raised.
    const held = step.hold.map((s) => {
      const was = openOf.get(`${s.icao24}\u0000${s.locationId}`);
      const { episode, pushed } = was?.facts ?? {};
      return holding(s, was?.level ?? 2, {
        ...facts(s),
        ...(episode ? { episode } : {}),
        ...(pushed ? { pushed } : {}),
      });
    });
    // Told per airport and warning episode (flight-episodes.ts): one message, later aircraft added to it.
    const bySeen = new Map(step.raise.map((s) => [`${s.icao24}\u0000${s.locationId}`, s]));
    const aircraftOf = (locationId: number, icao24s: readonly string[]) =>
      icao24s.map((icao24) => listed(bySeen.get(`${icao24}\u0000${locationId}`) as Seen));
    const tellings = tellFlightRaises({ raises: step.raise, ...r.episodes, now });
    const raised = step.raise.map((s, i) => {
      const t = tellings[i] as FlightRaiseTelling;
      const h = holding(s, s.level, {
        ...facts(s),
        episode: t.episode,
        ...(t.pushed ? { pushed: true } : {}),
      });
      if (t.tell !== 'none') {
        const message = h.message;
        const aircraft = aircraftOf(s.locationId, t.lists);
        return { ...h, tell: t.tell, message: (id: number, at: Date) => ({ ...message(id, at), aircraft }) };
      }
      if (t.adds.length === 0) return { ...h, tell: 'none' as const };
      const amend = {
        match: { field: 'episode', value: t.episode, since: new Date(t.episode) },
        append: { field: 'aircraft', items: aircraftOf(s.locationId, t.adds) },
      };
      return { ...h, tell: 'none' as const, amend };
    });
    return [...held, ...raised];
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
