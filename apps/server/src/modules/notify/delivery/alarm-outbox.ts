import type { RaisedAlarm } from '@thunderwatch/domain/warnings/raised-alarm';
import type { Language } from '@thunderwatch/shared/languages';
import type { Channel } from '@thunderwatch/shared/notifications';
import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import type { Queryable } from '../../../db/database.js';
import { readAudience } from './audience.js';
import { type BudgetConfig, BudgetedOutbox } from './budget/budgeted-outbox.js';
import type { AlarmFacts, ReportReadyFacts } from './channels/delivery-channel.js';
import {
  type EventFacts,
  type EventKind,
  eventsOf,
  type OutboxEvent,
  planDeliveries,
} from './delivery-plan.js';
import type { OutboxRepo } from './outbox-repo.js';
import type { RecipientsRepo } from './recipients-repo.js';
import type { Messages } from './templates/message-kind.js';

export type { EventFacts } from './delivery-plan.js';

/** An event of a site alarm kind, its facts without the board link (added here). */
export type SiteEvent<F> = {
  groupId: number;
  at: Date;
  facts: Omit<F, 'board_url'>;
  /** Only these channels (an episode's message within the push interval: in the app only). */
  channels?: readonly Channel[];
};
/** The kinds an area tells through `enqueueEvents` (lightning alarms and reports have their own entries). */
export type SiteEventKind = Exclude<EventKind, 'alarm' | 'report'>;

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
      /** How each kind is told (registered with its words). */
      messages: Pick<Messages, 'told'>;
    },
  ) {
    this.budgeted = new BudgetedOutbox(d.outbox, d.budget, d.boardUrl);
  }

  /** Called after a commit that wrote deliveries (the worker claims them at once). */
  onEnqueued(wake: () => void): void {
    this.wake = wake;
  }

  /** Writes the deliveries of the alarms with `tx`; returns how many. Call `committed()` after the commit. */
  enqueue(tx: Queryable, alarms: readonly RaisedAlarm[], approachOf: ApproachOf): Promise<number> {
    // The approach is worked out only for the alarms somebody hears (a storm front raises many).
    return this.write(tx, alarms, (heard) =>
      eventsOf(
        this.d.messages,
        'alarm',
        heard.map((a) => ({
          groupId: a.groupId,
          at: a.at,
          facts: this.factsOf(a, approachOf(a.locationId)),
        })),
      ),
    );
  }

  /**
   * Writes the deliveries of newly raised site alarms and events of one kind (typhoon, wave, flight and
   * weather warning alarms, disaster warnings, device changes) with `tx`; returns how many.
   */
  enqueueEvents<K extends SiteEventKind>(
    tx: Queryable,
    kind: K,
    events: readonly SiteEvent<EventFacts[K]>[],
  ): Promise<number> {
    const withLink = events.map((e) => ({ ...e, facts: { ...e.facts, board_url: this.d.boardUrl } }));
    const told = eventsOf(
      this.d.messages,
      kind,
      withLink as { groupId: number; at: Date; facts: EventFacts[K]; channels?: readonly Channel[] }[],
    );
    return this.write(tx, told, (heard) => heard);
  }

  /**
   * Appends to a list in the facts of the in-app messages of `kind` at the location whose facts have
   * `match.field` = `match.value` (an airport's episode message gaining an aircraft): the inbox words them
   * again when read, so the message reads as it is now. Nothing is sent again.
   */
  amendInApp(
    tx: Queryable,
    kind: SiteEventKind,
    locationId: number,
    match: { field: string; value: string; since: Date },
    append: { field: string; items: readonly unknown[] },
  ): Promise<number> {
    return this.d.outbox.amendInApp(tx, kind, locationId, match, append);
  }

  /** Writes the deliveries of a scheduled report that is ready, to its schedule's list. */
  enqueueReport(
    tx: Queryable,
    report: { groupId: number; listId: number; at: Date; facts: Omit<ReportReadyFacts, 'report_url'> },
  ): Promise<number> {
    const facts = { ...report.facts, report_url: this.d.boardUrl.replace(/\/realtimealert$/, '/insight') };
    const [event] = eventsOf(this.d.messages, 'report', [{ groupId: report.groupId, at: report.at, facts }]);
    return this.write(tx, event ? [{ ...event, listId: report.listId }] : [], (heard) => heard);
  }

  /**
   * The deliveries of the items that anybody hears (lists and subscribers), told as `toEvents` says, planned
   * and written with `tx`.
   */
  private async write<E extends { groupId: number; locationId: number | null }>(
    tx: Queryable,
    items: readonly E[],
    toEvents: (heard: E[]) => OutboxEvent[],
  ): Promise<number> {
    const audience = await readAudience(this.d.recipients, tx, items);
    if (!audience) return 0;
    const { heard, ...who } = audience;
    return this.budgeted.write(tx, planDeliveries(toEvents(heard), { ...who, defaults: this.d.defaults }));
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
      location_name_en: a.locationNameEn,
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
