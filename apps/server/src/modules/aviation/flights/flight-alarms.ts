import {
  AIRPORT_RADIUS_KM,
  type AircraftAtAirport,
  FLIGHT_ALARM_MIN_LEVEL,
  flightAlarmStep,
} from '@thunderwatch/domain/flight-alarms';
import { sitePoint } from '@thunderwatch/domain/typhoon-approach';
import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { Aircraft } from '@thunderwatch/shared/schemas/flights';
import type { Level } from '@thunderwatch/shared/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import { SerialRuns } from '../../../lib/serial-runs.js';
import type { AlarmOutbox, EventFacts, SiteEvent } from '../../notify/delivery/alarm-outbox.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { AirportRow, FlightAlarmsRepo } from './flight-alarms-repo.js';
import type { FlightsService } from './flights-service.js';

/** How often the airports' aircraft are judged (simulated and ADS-B positions arrive every few seconds). */
export const FLIGHT_ALARM_EVAL_MS = 10_000;

type Raised = SiteEvent<EventFacts['flight']>;
type Seen = AircraftAtAirport & { aircraft: Aircraft & { distance_km: number } };

/**
 * Flight alarms: each cycle, only the airports at level ≥ 2 (and those with open alarms) are looked at; for
 * each, the aircraft within 50 km are read and judged (`FlightsService.aircraftWithin`: the circle's box of
 * positions, strokes and cells only), so the work follows the airports in storms, not the traffic of the
 * whole feed. An aircraft entering a cell (`inside`) opens one alarm per aircraft and airport, delivered
 * through the airport's lists and subscribers as the `flight` event; it is cleared when the aircraft is out of
 * the cell, gone, or the airport below level 2. The open row is unique in the database, and only the
 * evaluation that opened it writes its messages.
 */
export class FlightAlarms {
  private readonly runs: SerialRuns;

  constructor(
    private readonly d: {
      db: Database;
      airports: FlightAlarmsRepo;
      alarms: SiteAlarmsRepo;
      flights: Pick<FlightsService, 'aircraftWithin'>;
      /** The live warning levels of locations. */
      levels: (ids: readonly number[]) => Promise<(locationId: number) => Level>;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.runs = new SerialRuns({
      everyMs: FLIGHT_ALARM_EVAL_MS,
      due: () => this.evaluateNow(),
      what: 'flight alarm evaluation',
      log: d.log,
    });
  }

  start(): void {
    this.runs.start();
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** One evaluation after those under way; how many alarms were raised and cleared. */
  evaluate(): Promise<{ raised: number; cleared: number }> {
    return this.runs.run(() => this.evaluateNow());
  }

  private async evaluateNow(): Promise<{ raised: number; cleared: number }> {
    const now = this.d.now();
    const [airports, openBefore] = await Promise.all([
      this.d.airports.airports(),
      this.d.alarms.open('flight'),
    ]);
    if (airports.length === 0 && openBefore.length === 0) return { raised: 0, cleared: 0 };
    const levelOf = await this.d.levels(airports.map((a) => a.id));
    const withOpen = new Set(openBefore.map((a) => a.location_id));
    const byId = new Map(airports.map((a) => [a.id, a]));
    const watched = airports.filter((a) => levelOf(a.id) >= FLIGHT_ALARM_MIN_LEVEL);
    if (watched.length === 0 && withOpen.size === 0) return { raised: 0, cleared: 0 };
    const seen: Seen[] = [];
    for (const airport of watched) {
      const { lat, lon } = sitePoint(airport.shape);
      for (const aircraft of await this.d.flights.aircraftWithin(lat, lon, AIRPORT_RADIUS_KM, now)) {
        seen.push({ icao24: aircraft.icao24, locationId: airport.id, hazard: aircraft.hazard, aircraft });
      }
    }
    const result = await this.d.db.transaction(async (tx) => {
      const open = await this.d.alarms.open('flight', tx);
      const step = flightAlarmStep({
        airports: airports.map((a) => ({ locationId: a.id, level: levelOf(a.id) })),
        aircraft: seen,
        open: open.map((a) => ({ icao24: a.facts.icao24, locationId: a.location_id })),
      });
      const key = (p: { icao24: string; locationId: number }) => `${p.icao24}\u0000${p.locationId}`;
      const openOf = new Map(
        open.map((a) => [key({ icao24: a.facts.icao24, locationId: a.location_id }), a]),
      );
      const cleared = step.clear.map((p) => openOf.get(key(p))?.id).filter((id) => id !== undefined);
      await this.d.alarms.clear(cleared, now, tx);
      const facts = (s: Seen): SiteAlarmFacts['flight'] => ({
        icao24: s.icao24,
        callsign: s.aircraft.callsign,
        distance_km: s.aircraft.distance_km,
        altitude_m: s.aircraft.altitude_m,
        cell_id: s.aircraft.cell_id,
      });
      // An open alarm follows the aircraft (no new message); its level stays the one it was raised with.
      for (const s of step.hold) {
        const a = openOf.get(key(s));
        if (a) await this.d.alarms.refresh(a.id, a.level, facts(s), now, tx);
      }
      const raised: Raised[] = [];
      for (const s of step.raise) {
        const airport = byId.get(s.locationId) as AirportRow;
        const f = facts(s);
        const id = await this.d.alarms.raise(
          'flight',
          {
            subject: `aircraft:${s.icao24}`,
            locationId: s.locationId,
            groupId: airport.group_id,
            level: s.level,
            facts: f,
          },
          now,
          tx,
        );
        if (id === null) continue;
        raised.push({
          groupId: airport.group_id,
          at: now,
          facts: {
            flight_alarm_id: id,
            icao24: f.icao24,
            callsign: f.callsign,
            location_id: airport.id,
            location_name: airport.name,
            airport_icao: airport.airport_icao,
            level: s.level,
            distance_km: Math.round(f.distance_km * 10) / 10,
            altitude_m: f.altitude_m === null ? null : Math.round(f.altitude_m),
            cell_id: f.cell_id,
            at: now.toISOString(),
          },
        });
      }
      const deliveries = await this.d.outbox.enqueueEvents(tx, 'flight', raised);
      return { raised: raised.length, cleared: cleared.length, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    return { raised: result.raised, cleared: result.cleared };
  }
}
