import type { App } from '../../lib/fastify.js';
import { coverageRoutes } from './coverage/routes.js';
import { deliveryRecordRoutes } from './delivery/records/routes.js';
import { testMessageRoutes } from './delivery/test-message/routes.js';
import { distributionRoutes } from './distribution/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import type { createNotifyServices } from './notify-services.js';
import { smsRoutes } from './sms/routes.js';
import { subscriptionRoutes } from './subscriptions/routes.js';
import { wechatRoutes } from './wechat/routes.js';

/** The notify area's API: SMS, distribution lists, the inbox, topics, delivery records, test messages, WeChat. */
export function notifyAreaRoutes(app: App, n: ReturnType<typeof createNotifyServices>): void {
  smsRoutes(app, n.sms);
  distributionRoutes(app, n.distribution);
  inboxRoutes(app, n.notifications.inbox);
  subscriptionRoutes(app, n.notifications.topics);
  deliveryRecordRoutes(app, n.notifications.deliveries);
  testMessageRoutes(app, n.notifications.tests);
  wechatRoutes(app, n.wechat);
  coverageRoutes(app, n.coverage);
}
