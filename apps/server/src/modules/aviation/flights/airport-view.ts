import { AIRPORT_RADIUS_KM } from '@thunderwatch/domain/flight-alarms';
import { sitePoint } from '@thunderwatch/domain/typhoon-approach';
import type { FlightNearAnswer, FlightNearQuery } from '@thunderwatch/shared/schemas/flights';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { FlightsService } from './flights-service.js';

/** An airport's aviation view on the board: the aircraft within 50 km of one of the caller's locations. */
export class AirportView {
  constructor(
    private readonly d: {
      locations: Pick<LocationsRepo, 'get'>;
      flights: Pick<FlightsService, 'aircraftWithin'>;
      now: () => Date;
    },
  ) {}

  async near(user: AuthUser, q: FlightNearQuery): Promise<FlightNearAnswer> {
    requirePermission(user, 'location.read');
    const location = await this.d.locations.get(q.location, readScope(user, undefined));
    if (!location) throw new AppError('location.not_found', 404, 'No such location');
    const at = this.d.now();
    const { lat, lon } = sitePoint(location.shape);
    return {
      location_id: location.id,
      name: location.name,
      is_airport: location.isAirport,
      airport_icao: location.airportIcao,
      radius_km: AIRPORT_RADIUS_KM,
      time: at.toISOString(),
      items: await this.d.flights.aircraftWithin(lat, lon, AIRPORT_RADIUS_KM, at),
    };
  }
}
