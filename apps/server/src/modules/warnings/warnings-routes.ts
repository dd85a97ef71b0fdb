import type { App } from '../../lib/fastify.js';
import { adviseRoutes } from './advise/routes.js';
import { alarmRoutes } from './alarms/routes.js';
import { alertRoutes } from './alerts/routes.js';
import { backtestRoutes } from './backtest/routes.js';
import { locationRoutes } from './locations/routes.js';
import { warningRoutes } from './warning-status/routes.js';
import type { warningsServices } from './warnings-services.js';
import { zoneRoutes } from './zones/routes.js';

/** The warnings area's API: locations and zones, alerts and alarms, live warnings, skill and backtests. */
export function warningsAreaRoutes(app: App, w: ReturnType<typeof warningsServices>): void {
  locationRoutes(app, w.locations, w.userMapData);
  zoneRoutes(app, w.zones);
  alertRoutes(app, w.alerts);
  alarmRoutes(app, w.alarms);
  warningRoutes(app, w.warnings, w.warningSkill);
  backtestRoutes(app, w.backtests);
  adviseRoutes(app, w.advise);
}
