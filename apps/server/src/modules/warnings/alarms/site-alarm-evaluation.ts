import type { SiteAlarmFacts, SiteAlarmKind } from '@thunderwatch/shared/alarm-kinds';
import type { Database } from '../../../db/database.js';
import type { AlarmOutbox, EventFacts, SiteEvent } from '../../notify/delivery/alarm-outbox.js';
import type { AlarmSource, Evaluated } from './alarm-evaluator.js';
import type { OpenSiteAlarm, SiteAlarmsRepo } from './site-alarms-repo.js';

type MessagedKind = Exclude<SiteAlarmKind, 'weather_warning'>;

/** An alarm that holds now: opened if it is not open, followed if it is. */
export interface Holding<K extends MessagedKind> {
  subject: string;
  locationId: number;
  groupId: number;
  level: number;
  facts: SiteAlarmFacts[K];
  /** Tell an alarm already open again (a typhoon coming inside the gale radius). */
  tellAgain?: boolean;
  /** What its messages say, once its id is known. */
  message(alarmId: number, now: Date): SiteEvent<EventFacts[K]>['facts'];
  /** How a new alarm is told: on every channel (the default), in the app only, or not at all. */
  tell?: 'all' | 'inapp' | 'none';
  /**
   * Items to add to a list in the facts of the in-app messages already written of this kind at its location
   * whose facts have `match.field` = `match.value` (an episode's one message gaining an aircraft), once the
   * alarm is open.
   */
  amend?: {
    match: { field: string; value: string; since: Date };
    append: { field: string; items: readonly unknown[] };
  };
}

/**
 * What an area knows of one kind of site alarm: what it watches, read outside the transaction (null: nothing
 * to look at), and which alarms hold, judged from that and the alarms open in the transaction (pure). The
 * rest is the same for every kind (`SiteAlarmEvaluation`).
 */
export interface SiteAlarmRules<K extends MessagedKind, R, H = unknown> {
  readonly kind: K;
  readonly everyMs: number;
  read(now: Date, open: readonly OpenSiteAlarm<K>[], hint: H | undefined): Promise<R | null>;
  judge(read: R, open: readonly OpenSiteAlarm<K>[], now: Date): Holding<K>[];
}

const keyOf = (subject: string, locationId: number) => `${subject}\u0000${locationId}`;

/**
 * The evaluation of a kind of site alarm from its rules, in one transaction: the open alarms that no longer
 * hold are cleared, the ones that hold are followed (their facts and level; told again where the rules say),
 * the new ones are opened, and their messages written to the outbox. An alarm another node opened first (the
 * unique index) is not written again, nor told.
 */
export class SiteAlarmEvaluation<K extends MessagedKind, R, H = unknown> implements AlarmSource<H> {
  readonly name: K;
  readonly everyMs: number;

  constructor(
    private readonly rules: SiteAlarmRules<K, R, H>,
    private readonly d: {
      db: Database;
      alarms: SiteAlarmsRepo;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed' | 'amendInApp'>;
    },
  ) {
    this.name = rules.kind;
    this.everyMs = rules.everyMs;
  }

  async evaluate(now: Date, hint?: H): Promise<Evaluated> {
    const { kind } = this.rules;
    const read = await this.rules.read(now, await this.d.alarms.open(kind), hint);
    if (read === null) return { raised: 0, cleared: 0 };
    const result = await this.d.db.transaction(async (tx) => {
      const open = await this.d.alarms.open(kind, tx);
      const holding = this.rules.judge(read, open, now);
      const openOf = new Map(open.map((a) => [keyOf(a.subject, a.location_id), a]));
      const holds = new Set(holding.map((h) => keyOf(h.subject, h.locationId)));
      const cleared = open.filter((a) => !holds.has(keyOf(a.subject, a.location_id))).map((a) => a.id);
      await this.d.alarms.clear(cleared, now, tx);
      const told: SiteEvent<EventFacts[K]>[] = [];
      let raised = 0;
      for (const h of holding) {
        const held = openOf.get(keyOf(h.subject, h.locationId));
        if (held) {
          await this.d.alarms.refresh(held.id, h.level, h.facts, now, tx);
          if (h.tellAgain) {
            told.push({ groupId: h.groupId, at: now, facts: h.message(held.id, now) });
            raised += 1;
          }
          continue;
        }
        const { subject, locationId, groupId, level, facts } = h;
        const id = await this.d.alarms.raise(kind, { subject, locationId, groupId, level, facts }, now, tx);
        if (id === null) continue;
        raised += 1;
        if (h.tell !== 'none')
          told.push({
            groupId,
            at: now,
            facts: h.message(id, now),
            ...(h.tell === 'inapp' ? { channels: ['inapp'] as const } : {}),
          });
        if (h.amend) await this.d.outbox.amendInApp(tx, kind, locationId, h.amend.match, h.amend.append);
      }
      const deliveries = await this.d.outbox.enqueueEvents(tx, kind, told);
      return { raised, cleared: cleared.length, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    return { raised: result.raised, cleared: result.cleared };
  }
}
