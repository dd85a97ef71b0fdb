import { AIRPORT_RADIUS_KM } from '@thunderwatch/domain/aviation/flight-alarms';
import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import {
  FLIGHT_ALARM_MAX_HOURS,
  type FlightAlarmsAnswer,
  type FlightAlarmsQuery,
  type FlightNearAnswer,
  type FlightNearQuery,
} from '@thunderwatch/shared/schemas/flights';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { FlightsService } from './flights-service.js';

/** Most alarms one answer lists. */
const ALARM_LIST_LIMIT = 200;
const HOUR_MS = 3_600_000;

/**
 * An airport's aviation view on the board: the aircraft within 50 km of one of the caller's locations, and
 * the flight alarms it raised.
 */
export class AirportView {
  constructor(
    private readonly d: {
      locations: Pick<LocationsRepo, 'get'>;
      flights: Pick<FlightsService, 'aircraftWithin'>;
      alarms: Pick<SiteAlarmsRepo, 'list'>;
      now: () => Date;
    },
  ) {}

  async near(user: AuthUser, q: FlightNearQuery): Promise<FlightNearAnswer> {
    requirePermission(user, 'location.read');
    const location = await this.location(user, q.location);
    const at = this.d.now();
    const { lat, lon } = sitePoint(location.shape);
    return {
      location_id: location.id,
      name: location.name,
      name_en: location.nameEn,
      is_airport: location.isAirport,
      airport_icao: location.airportIcao,
      radius_km: AIRPORT_RADIUS_KM,
      time: at.toISOString(),
      items: await this.d.flights.aircraftWithin(lat, lon, AIRPORT_RADIUS_KM, at),
    };
  }

  /** The location's flight alarms open now or raised within the last `hours` (default 24). */
  async alarms(user: AuthUser, q: FlightAlarmsQuery): Promise<FlightAlarmsAnswer> {
    requirePermission(user, 'location.read');
    const location = await this.location(user, q.location);
    const hours = Math.min(q.hours ?? 24, FLIGHT_ALARM_MAX_HOURS);
    const since = new Date(this.d.now().getTime() - hours * HOUR_MS);
    const rows = await this.d.alarms.list(
      'flight',
      { groupId: null, active: null, locationId: location.id, since, openFirst: true },
      ALARM_LIST_LIMIT,
    );
    return {
      location_id: location.id,
      since: since.toISOString(),
      items: rows.map(({ facts: f, ...r }) => ({
        id: r.id,
        icao24: f.icao24,
        callsign: f.callsign,
        level: r.level,
        distance_km: f.distance_km,
        altitude_m: f.altitude_m,
        cell_id: f.cell_id,
        raised_at: r.raised_at.toISOString(),
        cleared_at: r.cleared_at?.toISOString() ?? null,
      })),
    };
  }

  private async location(user: AuthUser, id: number) {
    const location = await this.d.locations.get(id, readScope(user, undefined));
    if (!location) throw new AppError('location.not_found', 404, 'No such location');
    return location;
  }
}
