import type { AlarmKind, SiteAlarmFacts, SiteAlarmKind } from '@thunderwatch/shared/alarm-kinds';
import type { AlarmAbout, AlarmDto } from '@thunderwatch/shared/schemas/warnings';

/** A site alarm as its area describes it: its id and stored facts. */
export interface DescribedAlarm<K extends SiteAlarmKind = SiteAlarmKind> {
  id: number;
  facts: SiteAlarmFacts[K];
}

/** How an area names what its kind of alarm is about, at read time (its repository's lookups). */
export interface AlarmDescriber<K extends SiteAlarmKind = SiteAlarmKind> {
  readonly kind: K;
  /** What each alarm is about, by alarm id; an alarm whose subject is gone is left out. */
  describe(alarms: readonly DescribedAlarm<K>[]): Promise<Map<number, AlarmAbout>>;
}

/**
 * The describers of every site alarm kind, registered by their areas when the composition root puts them
 * together: an alarm read from the one table (`/api/alarms/`, a confirmation) is described by its kind's,
 * one lookup per kind and page, never per alarm. Lightning alarms have none (`about` null).
 */
export class AlarmDescriptions {
  private readonly byKind = new Map<AlarmKind, AlarmDescriber>();

  register(describers: readonly AlarmDescriber[]): void {
    for (const d of describers) {
      if (this.byKind.has(d.kind)) throw new Error(`Alarm kind ${d.kind} is described twice`);
      this.byKind.set(d.kind, d);
    }
  }

  async describe(items: readonly AlarmDto[]): Promise<AlarmDto[]> {
    const byKind = new Map<AlarmKind, AlarmDto[]>();
    for (const a of items) {
      const ofKind = byKind.get(a.kind);
      if (ofKind) ofKind.push(a);
      else byKind.set(a.kind, [a]);
    }
    // Lightning alarms have no describer (only site kinds register one): their `about` stays null.
    const described = await Promise.all(
      [...byKind].map(([kind, alarms]) =>
        this.byKind
          .get(kind)
          ?.describe(
            alarms.map((a) => ({ id: a.id, facts: a.facts as unknown as SiteAlarmFacts[SiteAlarmKind] })),
          ),
      ),
    );
    const about = new Map<number, AlarmAbout>();
    for (const found of described) for (const [id, x] of found ?? []) about.set(id, x);
    return items.map((a) => ({ ...a, about: about.get(a.id) ?? null }));
  }
}
