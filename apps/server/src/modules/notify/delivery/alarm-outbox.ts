import type { RaisedAlarm } from '@thunderwatch/domain/raised-alarm';
import type { Language } from '@thunderwatch/shared/languages';
import { locationTopic } from '@thunderwatch/shared/notifications';
import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import type { Queryable } from '../../../db/database.js';
import { type BudgetConfig, BudgetedOutbox } from './budget/budgeted-outbox.js';
import type {
  AlarmFacts,
  DeviceEventFacts,
  DisasterWarningFacts,
  FlightAlarmFacts,
  ReportReadyFacts,
  TyphoonAlarmFacts,
  WaveAlarmFacts,
  WeatherWarningAlarmFacts,
} from './channels/delivery-channel.js';
import {
  planAlarmDeliveries,
  planDeviceDeliveries,
  planDisasterDeliveries,
  planFlightDeliveries,
  planReportDeliveries,
  planTyphoonDeliveries,
  planWaveDeliveries,
  planWeatherWarningDeliveries,
} from './delivery-plan.js';
import type { NewDelivery, OutboxRepo } from './outbox-repo.js';
import type { RecipientsRepo } from './recipients-repo.js';

/** An event about one location, its facts without the board link (added here). */
export type SiteEvent<F> = { groupId: number; at: Date; facts: Omit<F, 'board_url'> };
type Audience = NonNullable<Awaited<ReturnType<AlarmOutbox['audience']>>>;

/** The storm's approach to a location now, worked out only for alarms that are delivered. */
export type ApproachOf = (locationId: number) => Approach | null;

/**
 * Turns alarms into outbox rows inside the alarm's own transaction (so an alarm is never without its
 * deliveries, nor deliveries without their alarm), and handles a confirmation: escalations still waiting
 * are cancelled and everyone the alarm went to is told who confirmed it.
 */
export class AlarmOutbox {
  private wake: () => void = () => {};
  /** Writes each batch within the per-recipient budget (folding what is beyond it into digests). */
  private readonly budgeted: BudgetedOutbox;

  constructor(
    private readonly d: {
      outbox: OutboxRepo;
      recipients: RecipientsRepo;
      defaults: { language: Language; timeZone: string };
      boardUrl: string;
      budget: BudgetConfig;
    },
  ) {
    this.budgeted = new BudgetedOutbox(d.outbox, d.budget, d.boardUrl);
  }

  /** Called after a commit that wrote deliveries (the worker claims them at once). */
  onEnqueued(wake: () => void): void {
    this.wake = wake;
  }

  /** Writes the deliveries of the alarms with `tx`; returns how many. Call `committed()` after the commit. */
  async enqueue(tx: Queryable, alarms: readonly RaisedAlarm[], approachOf: ApproachOf): Promise<number> {
    const audience = await this.audience(tx, alarms);
    if (!audience) return 0;
    const { heard, lists, users, subscribers } = audience;
    const rows = planAlarmDeliveries({
      alarms: heard.map((a) => ({
        groupId: a.groupId,
        at: a.at,
        facts: this.factsOf(a, approachOf(a.locationId)),
      })),
      lists,
      users,
      subscribers,
      defaults: this.d.defaults,
    });
    return this.budgeted.write(tx, rows);
  }

  /** Writes the deliveries of newly raised typhoon alarms with `tx`; returns how many. */
  enqueueTyphoons(tx: Queryable, alarms: readonly SiteEvent<TyphoonAlarmFacts>[]): Promise<number> {
    return this.enqueueSiteEvents(tx, alarms, (typhoons, a) => planTyphoonDeliveries({ typhoons, ...a }));
  }

  /** Writes the deliveries of newly raised wave alarms with `tx`; returns how many. */
  enqueueWaves(tx: Queryable, alarms: readonly SiteEvent<WaveAlarmFacts>[]): Promise<number> {
    return this.enqueueSiteEvents(tx, alarms, (waves, a) => planWaveDeliveries({ waves, ...a }));
  }

  /** Writes the deliveries of newly raised flight alarms (an aircraft entered a cell near an airport). */
  enqueueFlights(tx: Queryable, alarms: readonly SiteEvent<FlightAlarmFacts>[]): Promise<number> {
    return this.enqueueSiteEvents(tx, alarms, (flights, a) => planFlightDeliveries({ flights, ...a }));
  }

  /** Writes the deliveries of a scheduled report that is ready, to its schedule's list. */
  async enqueueReport(
    tx: Queryable,
    report: { groupId: number; listId: number; at: Date; facts: Omit<ReportReadyFacts, 'report_url'> },
  ): Promise<number> {
    const audience = await this.audience(tx, [{ groupId: report.groupId, at: report.at, locationId: null }]);
    if (!audience) return 0;
    const { lists, users, subscribers } = audience;
    const rows = planReportDeliveries({
      report: {
        ...report,
        facts: { ...report.facts, report_url: this.d.boardUrl.replace(/\/realtimealert$/, '/insight') },
      },
      lists,
      users,
      subscribers,
      defaults: this.d.defaults,
    });
    return this.budgeted.write(tx, rows);
  }

  /** Writes the deliveries of newly raised weather warning alarms with `tx`; returns how many. */
  enqueueWeatherWarnings(
    tx: Queryable,
    alarms: readonly SiteEvent<WeatherWarningAlarmFacts>[],
  ): Promise<number> {
    return this.enqueueSiteEvents(tx, alarms, (warnings, a) =>
      planWeatherWarningDeliveries({ warnings, ...a }),
    );
  }

  /** Writes the deliveries of disaster warnings issued or raised, one event per location inside the city. */
  enqueueDisasters(tx: Queryable, events: readonly SiteEvent<DisasterWarningFacts>[]): Promise<number> {
    return this.enqueueSiteEvents(tx, events, (disasters, a) => planDisasterDeliveries({ disasters, ...a }));
  }

  /** Writes the deliveries of devices going offline or coming back (every list of the group). */
  async enqueueDevices(
    tx: Queryable,
    events: readonly { groupId: number; at: Date; facts: Omit<DeviceEventFacts, 'board_url'> }[],
  ): Promise<number> {
    const audience = await this.audience(
      tx,
      events.map((e) => ({ ...e, locationId: null })),
    );
    if (!audience) return 0;
    const { heard, lists, users, subscribers } = audience;
    const rows = planDeviceDeliveries({
      devices: heard.map((e) => ({ ...e, facts: { ...e.facts, board_url: this.d.boardUrl } })),
      lists,
      users,
      subscribers,
      defaults: this.d.defaults,
    });
    return this.budgeted.write(tx, rows);
  }

  /**
   * The deliveries of events about one location each (typhoon, wave, weather warning alarms): the lists and
   * subscribers that hear of them, planned by `plan`, written with `tx`.
   */
  private async enqueueSiteEvents<F extends { location_id: number; board_url: string }>(
    tx: Queryable,
    events: readonly SiteEvent<F>[],
    plan: (
      heard: { groupId: number; at: Date; facts: F }[],
      audience: Omit<Audience, 'heard'> & { defaults: AlarmOutbox['d']['defaults'] },
    ) => NewDelivery[],
  ): Promise<number> {
    const audience = await this.audience(
      tx,
      events.map((e) => ({ ...e, locationId: e.facts.location_id })),
    );
    if (!audience) return 0;
    const { heard, lists, users, subscribers } = audience;
    const rows = plan(
      heard.map((e) => ({
        groupId: e.groupId,
        at: e.at,
        facts: { ...e.facts, board_url: this.d.boardUrl } as F,
      })),
      { lists, users, subscribers, defaults: this.d.defaults },
    );
    return this.budgeted.write(tx, rows);
  }

  /** The lists, users and subscribers that may hear of the events; null when nobody does. */
  private async audience<E extends { groupId: number; locationId: number | null }>(
    tx: Queryable,
    events: readonly E[],
  ) {
    if (events.length === 0) return null;
    const groupIds = [...new Set(events.map((a) => a.groupId))];
    const topicOf = (a: E) => (a.locationId === null ? null : locationTopic(a.locationId));
    const topics = [...new Set(events.map(topicOf).filter((t) => t !== null))];
    const [lists, subscribers] = await Promise.all([
      this.d.recipients.listsOfGroups(tx, groupIds),
      this.d.recipients.subscribers(tx, topics),
    ]);
    // Most alarms of a storm front go to groups with no list and no subscriber: nothing more to look up.
    const heard = events.filter((a) => {
      const topic = topicOf(a);
      return lists.some((l) => l.group_id === a.groupId) || (topic !== null && subscribers.has(topic));
    });
    if (heard.length === 0) return null;
    const userIds = new Set<number>();
    for (const l of lists) {
      for (const r of [...l.recipients, ...(l.escalate_to ?? [])]) {
        if (r.kind === 'user') userIds.add(Number(r.value));
      }
    }
    const users = new Map(
      (await this.d.recipients.users(tx, [...userIds].filter(Number.isSafeInteger))).map((u) => [u.id, u]),
    );
    return { heard, lists, users, subscribers };
  }

  committed(): void {
    this.wake();
  }

  /**
   * Someone confirmed (inside the confirmation's transaction): no escalation any more, and the
   * confirmation goes where the alarm went. Call `committed()` after the commit.
   */
  async confirmed(tx: Queryable, alarmId: number, at: Date): Promise<void> {
    await this.d.outbox.cancelEscalations(tx, alarmId, at);
    await this.d.outbox.enqueueConfirmation(tx, alarmId, at);
  }

  private factsOf(a: RaisedAlarm, approach: Approach | null): AlarmFacts {
    return {
      alarm_id: a.id,
      alert_id: a.alertId,
      location_id: a.locationId,
      location_name: a.locationName,
      level: a.level,
      previous_level: a.previousLevel,
      at: a.at.toISOString(),
      nearest_km: a.nearestKm,
      bearing_deg: a.bearingDeg,
      approach,
      predicted_by: a.predictedBy,
      efm_kvm: a.efmKvm ?? null,
      board_url: this.d.boardUrl,
    };
  }
}
