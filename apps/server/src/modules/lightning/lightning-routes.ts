import type { App } from '../../lib/fastify.js';
import { cellRoutes } from './cells/routes.js';
import { feedRoutes } from './feeds/routes.js';
import type { lightningServices } from './lightning-services.js';
import { lightningRoutes } from './strokes/routes.js';

/** The lightning area's API: feeds, strokes and their reads, the tracked cells. */
export function lightningAreaRoutes(
  app: App,
  l: ReturnType<typeof lightningServices>,
  now: () => Date,
): void {
  feedRoutes(app, l.feeds);
  lightningRoutes(app, l.lightning, now);
  cellRoutes(app, l.cells);
}
