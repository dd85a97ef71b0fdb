import { dailySummaryDue, type SummaryDay } from '@thunderwatch/domain/notify/daily-summary-due';
import { type Channel, DAILY_SUMMARY_TOPIC } from '@thunderwatch/shared/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/database.js';
import type { DailySummaryFacts } from '../delivery/channels/delivery-channel.js';
import { type DeliveryUser, preferredTargets } from '../delivery/delivery-plan.js';
import type { NewDelivery, OutboxRepo } from '../delivery/outbox-repo.js';
import type { RecipientsRepo } from '../delivery/recipients-repo.js';
import type { DailySummaryRepo } from './daily-summary-repo.js';

/** How often the job looks for summaries that fell due. */
export const DAILY_SUMMARY_CHECK_MS = 60_000;
const INSERT_CHUNK = 500;

export interface DailySummaryDeps {
  db: Queryable;
  alarms: DailySummaryRepo;
  recipients: Pick<RecipientsRepo, 'subscribers'>;
  outbox: Pick<OutboxRepo, 'insert'>;
  /** config.notifications.publicUrl, for the board link. */
  publicUrl: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  checkEveryMs?: number;
}

/**
 * The daily summary: each subscriber of `daily_summary` gets, once per local day from 08:00 in their time
 * zone, the previous local day's alarms of their group, through the channels they chose. The deliveries go
 * into the outbox under the key `daily_summary:<user>:<date>:<channel>`, so a second run, a restart or a
 * second node writes nothing twice.
 */
export class DailySummaryJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** The date each user's summary was last written by this process, so a run does not redo them. */
  private readonly written = new Map<number, string>();

  constructor(private readonly d: DailySummaryDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.d.checkEveryMs ?? DAILY_SUMMARY_CHECK_MS);
    this.timer.unref();
    this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Writes the summaries due at `now`; returns how many deliveries were new. */
  async runOnce(now: Date): Promise<number> {
    const subscribers =
      (await this.d.recipients.subscribers(this.d.db, [DAILY_SUMMARY_TOPIC])).get(DAILY_SUMMARY_TOPIC) ?? [];
    const facts = new Map<string, Promise<DailySummaryFacts>>();
    const rows: NewDelivery[] = [];
    const dates: [number, string][] = [];
    for (const s of subscribers) {
      const day = this.dueDay(s, now);
      if (!day || this.written.get(s.id) === day.date) continue;
      const targets = preferredTargets(s);
      if (targets.length > 0) {
        // Users of one group in one zone share the day's facts.
        const key = `${s.groupId}|${day.from.toISOString()}|${day.to.toISOString()}`;
        if (!facts.has(key)) facts.set(key, this.factsOf(s.groupId, day));
        const summary = await (facts.get(key) as Promise<DailySummaryFacts>);
        for (const t of targets) rows.push(this.delivery(s, t.channel, t.address, summary, now));
      }
      dates.push([s.id, day.date]);
    }
    let added = 0;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      added += await this.d.outbox.insert(rows.slice(i, i + INSERT_CHUNK));
    }
    for (const [userId, date] of dates) this.written.set(userId, date);
    return added;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.runOnce(this.d.now())
      .then(() => undefined)
      .catch((err) => this.d.log.error({ err }, 'daily summary run failed'))
      .finally(() => {
        this.running = null;
      });
  }

  private dueDay(s: DeliveryUser, now: Date): SummaryDay | null {
    try {
      return dailySummaryDue(now, s.timeZone);
    } catch {
      this.d.log.warn({ userId: s.id, timeZone: s.timeZone }, 'daily summary: not a time zone');
      return null;
    }
  }

  private async factsOf(groupId: number, day: SummaryDay): Promise<DailySummaryFacts> {
    const locations = await this.d.alarms.alarmsByLocation(groupId, day.from, day.to);
    return {
      date: day.date,
      alarms: locations.reduce((n, l) => n + l.alarms, 0),
      red: locations.reduce((n, l) => n + l.red, 0),
      locations: locations.map((l) => ({
        id: l.id,
        name: l.name,
        name_en: l.nameEn,
        alarms: l.alarms,
        peak_level: l.peakLevel,
      })),
      board_url: `${this.d.publicUrl}/realtimealert`,
    };
  }

  private delivery(
    s: DeliveryUser,
    channel: Channel,
    address: string,
    summary: DailySummaryFacts,
    now: Date,
  ): NewDelivery {
    return {
      idempotencyKey: `daily_summary:${s.id}:${summary.date}:${channel}`,
      groupId: s.groupId,
      event: 'daily_summary',
      alarmId: null,
      listId: null,
      tier: 0,
      channel,
      recipientKind: 'user',
      recipientValue: String(s.id),
      userId: s.id,
      address,
      language: s.language,
      locationId: null,
      level: null,
      quietHours: null,
      timeZone: s.timeZone,
      channelOptions: null,
      payload: { event: 'daily_summary', summary },
      createdAt: now,
      nextAttemptAt: now,
    };
  }
}
