import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Metrics } from '../../lib/metrics.js';
import { CoverageService, type CoverageSites } from './coverage/coverage-service.js';
import { DailySummaryJob } from './daily-summary/daily-summary.js';
import { DailySummaryRepo } from './daily-summary/daily-summary-repo.js';
import { AlarmOutbox } from './delivery/alarm-outbox.js';
import { ChannelRegistry } from './delivery/channels/channel-registry.js';
import { EmailChannel } from './delivery/channels/email-channel.js';
import { DINGTALK } from './delivery/channels/robots/dingtalk.js';
import { FEISHU } from './delivery/channels/robots/feishu.js';
import { RobotChannel } from './delivery/channels/robots/robot-channel.js';
import { SLACK } from './delivery/channels/robots/slack.js';
import { WECOM } from './delivery/channels/robots/wecom.js';
import { SmsChannel } from './delivery/channels/sms-channel.js';
import { WebhookChannel } from './delivery/channels/webhook-channel.js';
import { WechatChannel } from './delivery/channels/wechat-channel.js';
import { DeliveryClaimsRepo } from './delivery/delivery-claims-repo.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { OutboxRepo } from './delivery/outbox-repo.js';
import { RecipientsRepo } from './delivery/recipients-repo.js';
import { DeliveryRecordsRepo } from './delivery/records/delivery-records-repo.js';
import { DeliveryRecordsService } from './delivery/records/delivery-records-service.js';
import type { Messages } from './delivery/templates/message-kind.js';
import { TestMessageService } from './delivery/test-message/test-message-service.js';
import { DistributionRepo } from './distribution/distribution-repo.js';
import { DistributionService } from './distribution/distribution-service.js';
import { InappChannel } from './inbox/inapp-channel.js';
import { InboxRepo } from './inbox/inbox-repo.js';
import { InboxService } from './inbox/inbox-service.js';
import { DevSmsProvider } from './sms/dev-sms-provider.js';
import { HttpSmsProvider } from './sms/http-sms-provider.js';
import { SmsOutboxRepo } from './sms/outbox-repo.js';
import type { SmsProvider } from './sms/sms-provider.js';
import { SmsService } from './sms/sms-service.js';
import { SubscriptionsRepo } from './subscriptions/subscriptions-repo.js';
import { TopicsService } from './subscriptions/topics-service.js';
import { WechatBindingService } from './wechat/wechat-binding-service.js';
import { WechatBindingsRepo } from './wechat/wechat-bindings-repo.js';
import { WechatClient } from './wechat/wechat-client.js';

/**
 * The notify area's part of the composition root: SMS, distribution lists, the outbox and its worker, the
 * channels in their registry, alarm fan-out, the daily summary, the inbox, topics, delivery records, test
 * messages and WeChat binding.
 */
export function createNotifyServices(d: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Replaces the configured SMS provider (tests). */
  sms?: SmsProvider;
  groupExists: (id: number) => Promise<boolean>;
  /** The sites of a group (of every group for null), which topics and coverage are about. */
  locations: CoverageSites;
  /** The words of every kind of message (the areas register them: message-catalogue.ts). */
  messages: Messages;
  metrics?: Pick<Metrics, 'deliveries'>;
}) {
  const { config, db, now } = d;
  const smsProvider =
    d.sms ??
    (config.sms.provider === 'http'
      ? new HttpSmsProvider({
          url: config.sms.url as string,
          username: config.sms.username,
          password: config.sms.password,
        })
      : new DevSmsProvider(d.log));
  const distribution = new DistributionService({
    lists: new DistributionRepo(db),
    groupExists: d.groupExists,
    allowPrivateWebhooks: config.allowPrivateWebhooks,
    now,
  });
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
  const robotConfig = {
    timeoutMs: notify.webhookTimeoutMs,
    allowPrivateWebhooks: config.allowPrivateWebhooks,
    now,
  };
  const channels = new ChannelRegistry([
    inapp,
    new SmsChannel(smsProvider),
    email,
    new WebhookChannel({ ...robotConfig, publicUrl: notify.publicUrl }),
    new WechatChannel({ client: wechatClient, templateId: notify.wechat.templateId }),
    ...[DINGTALK, WECOM, FEISHU, SLACK].map((vendor) => new RobotChannel(vendor, robotConfig)),
  ]);
  const deliveryWorker = new DeliveryWorker({
    claims: new DeliveryClaimsRepo(db),
    channels,
    messages: d.messages,
    now,
    log: d.log,
    maxAttempts: notify.maxAttempts,
    leaseMs: notify.leaseMs,
    onOutcome: (channel, status) => d.metrics?.deliveries.inc({ channel, status }),
  });
  const alarmOutbox = new AlarmOutbox({
    outbox,
    recipients,
    defaults,
    boardUrl,
    budget: notify.budget,
    messages: d.messages,
  });
  alarmOutbox.onEnqueued(() => deliveryWorker.wake());
  return {
    sms: new SmsService(smsProvider, new SmsOutboxRepo(db)),
    distribution,
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
    /** Who a site's alarms would reach. */
    coverage: new CoverageService({
      db,
      recipients,
      messages: d.messages,
      defaults,
      sites: d.locations,
      now,
    }),
    notifications: {
      inbox: new InboxService(inbox, d.messages, now),
      topics: new TopicsService({ subscriptions: new SubscriptionsRepo(db), locations: d.locations, now }),
      deliveries: new DeliveryRecordsService(new DeliveryRecordsRepo(db)),
      tests: new TestMessageService({
        db,
        outbox,
        recipients,
        worker: deliveryWorker,
        lists: distribution,
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
