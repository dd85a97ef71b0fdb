import type { Level } from '@thunderwatch/shared/warnings';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/database.js';
import { StrokePartitions } from '../../lightning/strokes/partitions.js';
import type { AlarmOutbox } from '../../notify/delivery/alarm-outbox.js';
import type { AlarmDescriber } from '../../warnings/alarms/alarm-descriptions.js';
import type { AlarmSource } from '../../warnings/alarms/alarm-evaluator.js';
import { SiteAlarmEvaluation } from '../../warnings/alarms/site-alarm-evaluation.js';
import type { SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import { AirportView } from './airport-view.js';
import { FlightAlarmRules, flightAlarmDescriber } from './flight-alarm-rules.js';
import { FlightAlarmsRepo } from './flight-alarms-repo.js';
import { FlightsRepo } from './flights-repo.js';
import { FlightsService } from './flights-service.js';

/**
 * Aircraft positions in day partitions like the strokes, kept as long as them; the airports' aviation view
 * and flight alarms (a source of the alarm evaluator).
 */
export function flightServices(d: {
  config: Pick<Config, 'retentionDays'>;
  db: Database;
  now: () => Date;
  locations: Pick<LocationsRepo, 'get'>;
  levels: (ids: readonly number[]) => Promise<(locationId: number) => Level>;
  outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed' | 'amendInApp'>;
  alarms: SiteAlarmsRepo;
}) {
  const repo = new FlightsRepo(d.db, new StrokePartitions('aircraft_positions'));
  const flights = new FlightsService({ repo, retentionDays: d.config.retentionDays, now: d.now });
  return {
    flights,
    flightPartitions: repo.partitions,
    airportView: new AirportView({ locations: d.locations, flights, alarms: d.alarms, now: d.now }),
    /** What the alarm evaluator runs of this area. */
    alarmSources: [
      new SiteAlarmEvaluation(
        new FlightAlarmRules({ airports: new FlightAlarmsRepo(d.db), flights, levels: d.levels }),
        { db: d.db, alarms: d.alarms, outbox: d.outbox },
      ),
    ] as AlarmSource[],
    /** How its alarms are named when read: by the aircraft's callsign, or its ICAO address. */
    alarmDescribers: [flightAlarmDescriber] as AlarmDescriber[],
  };
}
