import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DistributionService } from './modules/notify/distribution/distribution-service.js';
import { AlarmOutbox } from './modules/notify/notifications/alarm-outbox.js';
import { ChannelRegistry } from './modules/notify/notifications/channels/channel-registry.js';
import { EmailChannel } from './modules/notify/notifications/channels/email-channel.js';
import { InappChannel } from './modules/notify/notifications/channels/inapp-channel.js';
import { SmsChannel } from './modules/notify/notifications/channels/sms-channel.js';
import { WebhookChannel } from './modules/notify/notifications/channels/webhook-channel.js';
import { WechatChannel } from './modules/notify/notifications/channels/wechat-channel.js';
import { DailySummaryJob } from './modules/notify/notifications/daily-summary.js';
import { DailySummaryRepo } from './modules/notify/notifications/daily-summary-repo.js';
import { DeliveryClaimsRepo } from './modules/notify/notifications/delivery-claims-repo.js';
import { DeliveryRecordsRepo } from './modules/notify/notifications/delivery-records-repo.js';
import { DeliveryRecordsService } from './modules/notify/notifications/delivery-records-service.js';
import { DeliveryWorker } from './modules/notify/notifications/delivery-worker.js';
import { InboxRepo } from './modules/notify/notifications/inbox-repo.js';
import { InboxService } from './modules/notify/notifications/inbox-service.js';
import { OutboxRepo } from './modules/notify/notifications/outbox-repo.js';
import { RecipientsRepo } from './modules/notify/notifications/recipients-repo.js';
import { SubscriptionsRepo } from './modules/notify/notifications/subscriptions-repo.js';
import { TestMessageService } from './modules/notify/notifications/test-message-service.js';
import { TopicsService } from './modules/notify/notifications/topics-service.js';
import type { SmsProvider } from './modules/notify/sms/sms-provider.js';
import { WechatBindingService } from './modules/notify/wechat/wechat-binding-service.js';
import { WechatBindingsRepo } from './modules/notify/wechat/wechat-bindings-repo.js';
import { WechatClient } from './modules/notify/wechat/wechat-client.js';
import type { LocationsRepo } from './modules/warnings/locations/locations-repo.js';

/**
 * The notification side of the composition root: the outbox and its worker, the channels in their
 * registry, alarm fan-out, the daily summary, the inbox, topics, delivery records, test messages and
 * WeChat binding.
 */
export function createNotificationServices(d: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  smsProvider: SmsProvider;
  distribution: DistributionService;
  locations: LocationsRepo;
}) {
  const { config, db, now } = d;
  const notify = config.notifications;
  const boardUrl = `${notify.publicUrl}/realtimealert`;
  const defaults = { language: notify.language, timeZone: notify.timeZone };
  const outbox = new OutboxRepo(db);
  const inbox = new InboxRepo(db);
  const recipients = new RecipientsRepo();
  const inapp = new InappChannel(inbox, now);
  const { apiBase, appId, appSecret } = notify.wechat;
  const wechatClient = new WechatClient({ apiBase, appId, appSecret, now });
  const wechatBindings = new WechatBindingsRepo(db);
  const email = new EmailChannel({ smtpUrl: notify.smtpUrl, smtpFrom: notify.smtpFrom });
  const channels = new ChannelRegistry([
    inapp,
    new SmsChannel(d.smsProvider),
    email,
    new WebhookChannel({
      timeoutMs: notify.webhookTimeoutMs,
      allowPrivateWebhooks: config.allowPrivateWebhooks,
      publicUrl: notify.publicUrl,
      now,
    }),
    new WechatChannel({ client: wechatClient, templateId: notify.wechat.templateId }),
  ]);
  const deliveryWorker = new DeliveryWorker({
    claims: new DeliveryClaimsRepo(db),
    channels,
    now,
    log: d.log,
    maxAttempts: notify.maxAttempts,
    leaseMs: notify.leaseMs,
  });
  const alarmOutbox = new AlarmOutbox({ outbox, recipients, defaults, boardUrl });
  alarmOutbox.onEnqueued(() => deliveryWorker.wake());
  return {
    outbox,
    inbox,
    inapp,
    email,
    channels,
    deliveryWorker,
    alarmOutbox,
    dailySummary: new DailySummaryJob({
      db,
      alarms: new DailySummaryRepo(db),
      recipients,
      outbox,
      publicUrl: notify.publicUrl,
      now,
      log: d.log,
    }),
    notifications: {
      inbox: new InboxService(inbox, now),
      topics: new TopicsService({ subscriptions: new SubscriptionsRepo(db), locations: d.locations, now }),
      deliveries: new DeliveryRecordsService(new DeliveryRecordsRepo(db)),
      tests: new TestMessageService({
        db,
        outbox,
        recipients,
        worker: deliveryWorker,
        lists: d.distribution,
        defaults,
        boardUrl,
        leaseMs: notify.leaseMs,
        now,
      }),
    },
    wechatClient,
    wechatBindings,
    wechat: new WechatBindingService({
      bindings: wechatBindings,
      client: wechatClient,
      callbackToken: notify.wechat.token,
      now,
    }),
  };
}
