import type { Language } from '@thunderwatch/shared/languages';
import type {
  CoverageRecipient,
  CoverageSummary,
  LocationCoverage,
} from '@thunderwatch/shared/schemas/distribution';
import { RING_LEVELS, type RingLevel } from '@thunderwatch/shared/warnings';
import type { Queryable } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import { readAudience } from '../delivery/audience.js';
import { type DeliveryUser, eventsOf, planDeliveries } from '../delivery/delivery-plan.js';
import type { NewDelivery } from '../delivery/outbox-repo.js';
import type { RecipientsRepo } from '../delivery/recipients-repo.js';
import type { Messages } from '../delivery/templates/message-kind.js';

/** A site as coverage reads it: its group, and the levels its rings raise. */
export interface CoveredSite {
  id: number;
  name: string;
  nameEn: string | null;
  groupId: number;
  enabled: boolean;
  rings: readonly { level: number }[];
}

/** Where the sites come from (the warnings area's locations, given at composition). */
export interface CoverageSites {
  get(id: number, scope: number | null): Promise<CoveredSite | null>;
  ofGroup(groupId: number | null): Promise<CoveredSite[]>;
}

const notFound = () => new AppError('location.not_found', 404, 'No such location');

/** The levels a site's rings raise, weakest first. */
const levelsOf = (site: CoveredSite): RingLevel[] =>
  RING_LEVELS.filter((level) => site.rings.some((r) => r.level === level));

/** What a recipient is shown as: a webhook's or robot's URL by its host only (its path may hold a token). */
function shownName(d: NewDelivery, users: ReadonlyMap<number, DeliveryUser>): string {
  if (d.userId !== null) return users.get(d.userId)?.name ?? `#${d.userId}`;
  if (d.recipientKind === 'phone' || d.recipientKind === 'email' || d.recipientKind === 'wechat')
    return d.recipientValue;
  try {
    return new URL(d.recipientValue).host;
  } catch {
    return d.recipientKind;
  }
}

/**
 * Who would be told of a site's alarms, at each level its rings raise: the outbox's own plan
 * (`readAudience` and `planDeliveries`, the same as for a real lightning alarm) of an alarm raised now at
 * each level, so what it says is what an alarm would do — lists and their minimum levels and sites, `role`
 * recipients as the group is now, users without an address for a channel, and the site's followers.
 */
export class CoverageService {
  constructor(
    private readonly d: {
      db: Queryable;
      recipients: RecipientsRepo;
      messages: Pick<Messages, 'told'>;
      defaults: { language: Language; timeZone: string };
      sites: CoverageSites;
      now: () => Date;
    },
  ) {}

  async of(user: AuthUser, id: number): Promise<LocationCoverage> {
    requirePermission(user, 'location.read');
    const site = await this.d.sites.get(id, readScope(user, undefined));
    if (!site) throw notFound();
    return (await this.cover([site]))[0] as LocationCoverage;
  }

  /** The enabled sites of the caller's group (admins: the one named, or all) at whose levels nobody is told. */
  async summary(user: AuthUser, groupId?: number): Promise<CoverageSummary> {
    requirePermission(user, 'location.read');
    const sites = (await this.d.sites.ofGroup(readScope(user, groupId))).filter((s) => s.enabled);
    const items = (await this.cover(sites))
      .filter((c) => c.untold_levels.length > 0)
      .map(({ location_id, untold_levels }) => ({ location_id, untold_levels }));
    return { items };
  }

  private async cover(sites: readonly CoveredSite[]): Promise<LocationCoverage[]> {
    const at = this.d.now();
    const probes = sites.flatMap((site) => levelsOf(site).map((level) => ({ site, level })));
    const events = eventsOf(
      this.d.messages,
      'alarm',
      probes.map(({ site, level }, i) => ({
        groupId: site.groupId,
        at,
        facts: {
          // A probe, never stored: its own key per site and level.
          alarm_id: -(i + 1),
          alert_id: 0,
          location_id: site.id,
          location_name: site.name,
          location_name_en: site.nameEn,
          level,
          previous_level: 0,
          at: at.toISOString(),
          nearest_km: null,
          bearing_deg: null,
          approach: null,
          board_url: '',
        },
      })),
    );
    const audience = await readAudience(this.d.recipients, this.d.db, events);
    const planned = audience
      ? planDeliveries(audience.heard, { ...audience, defaults: this.d.defaults })
      : [];
    const users = new Map<number, DeliveryUser>(audience?.users ?? []);
    for (const group of [...(audience?.members?.values() ?? []), ...(audience?.subscribers.values() ?? [])])
      for (const u of group) users.set(u.id, u);
    const told = new Map<string, CoverageRecipient[]>();
    for (const d of planned) {
      const key = `${d.locationId}:${d.level}`;
      told.set(key, [
        ...(told.get(key) ?? []),
        {
          channel: d.channel,
          recipient_kind: d.recipientKind,
          name: shownName(d, users),
          list_id: d.listId,
          escalation: d.tier === 1,
        },
      ]);
    }
    return sites.map((site) => {
      const levels = levelsOf(site).map((level) => ({ level, told: told.get(`${site.id}:${level}`) ?? [] }));
      return {
        location_id: site.id,
        group_id: site.groupId,
        levels,
        untold_levels: levels.filter((l) => !l.told.some((r) => !r.escalation)).map((l) => l.level),
      };
    });
  }
}
