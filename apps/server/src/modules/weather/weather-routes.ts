import type { App } from '../../lib/fastify.js';
import { checklistRoutes } from './checklists/routes.js';
import { disasterRoutes } from './disaster/routes.js';
import { observationRoutes } from './observations/routes.js';
import { radarRoutes } from './radar/routes.js';
import { typhoonRoutes } from './typhoon/routes.js';
import { weatherWarningRoutes } from './warnings/routes.js';
import { waveRoutes } from './waves/routes.js';
import type { weatherServices } from './weather-services.js';
import { windRoutes } from './wind/routes.js';

type Weather = ReturnType<typeof weatherServices>;

/** The weather area's API: radar, typhoons, official warnings, disaster warnings, stations, the gale screen. */
export function weatherAreaRoutes(
  app: App,
  w: Omit<Weather, 'alarmSources' | 'alarmDescribers'>,
  publicUrl: string,
): void {
  radarRoutes(app, w.radar);
  typhoonRoutes(app, w.typhoons, w.typhoonAlarmList);
  weatherWarningRoutes(app, w.weatherWarnings, w.weatherWarningAlarmList, publicUrl);
  disasterRoutes(app, w.disaster);
  observationRoutes(app, w.observations);
  waveRoutes(app, w.waves, w.waveAlarmList);
  windRoutes(app, w.wind);
  checklistRoutes(app, w.checklists);
}
