import { capAreaCovers, type Position } from '@thunderwatch/domain/weather/cap-area';
import type { WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { Database } from '../../../db/database.js';
import type { AlarmOutbox, EventFacts, SiteEvent } from '../../notify/delivery/alarm-outbox.js';
import type { AlarmSource, Evaluated } from '../../warnings/alarms/alarm-evaluator.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type {
  LifeAlarm,
  WarningAlarmFields,
  WeatherWarningAlarmsRepo,
} from './weather-warning-alarms-repo.js';
import type { WarningRow, WeatherWarningsRepo } from './weather-warnings-repo.js';

/** Expiries are noticed at least this often besides on each ingest. */
export const WEATHER_WARNING_EVAL_MS = 60_000;

const LEVELS = { blue: 1, yellow: 1, orange: 2, red: 3 } as const;
const COLOUR_RANK: Record<WeatherWarningLevel, number> = { blue: 0, yellow: 1, orange: 2, red: 3 };

interface Covered {
  warning: WarningRow;
  locationName: string;
  locationNameEn: string | null;
  fields: WarningAlarmFields;
}

type Outbox = Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;

/**
 * Weather warning alarms: every open, actual warning with an area (polygons, circles) against every enabled
 * location (its point, or its polygon touching the area). Locations carry no region code, so GB/T 2260 admin
 * codes are not matched: only geometry is. A covered location gets one alarm per warning life (the first
 * message and its Updates and Cancel), delivered through the lists and subscriptions as the `weather_warning`
 * event when raised and again only when a later message raises the colour; it follows the life's newest
 * message, and is cleared when the warning is cancelled, expires or its area leaves the location.
 * Expired warnings are closed here first. Not a `SiteAlarmEvaluation`: a life keeps its row per location for
 * good (cleared and opened again as its messages come and go).
 */
export class WeatherWarningAlarmSource implements AlarmSource {
  readonly name = 'weather_warning';
  readonly everyMs = WEATHER_WARNING_EVAL_MS;

  constructor(
    private readonly d: {
      db: Database;
      warnings: WeatherWarningsRepo;
      alarms: WeatherWarningAlarmsRepo;
      locations: Pick<LocationsRepo, 'listAllEnabled'>;
      outbox: Outbox;
    },
  ) {}

  /** Raises and clears alarms for the warnings as they are now. */
  async evaluate(now: Date): Promise<Evaluated> {
    await this.d.warnings.closeExpired(now);
    const covered = await this.covered();
    const lives = [...new Set([...covered.values()].map((c) => c.fields.lifeKey))];
    const result = await this.d.db.transaction(async (tx) => {
      const known = new Map<string, LifeAlarm>();
      for (const a of await this.d.alarms.current(lives, tx)) known.set(`${a.life_key}:${a.location_id}`, a);
      const cleared = [...known.entries()]
        .filter(([key, a]) => !a.cleared && !covered.has(key))
        .map(([, a]) => a.id);
      await this.d.alarms.clear(cleared, now, tx);
      const told: SiteEvent<EventFacts['weather_warning']>[] = [];
      for (const [key, c] of covered) {
        const alarm = known.get(key);
        if (!alarm) {
          const id = await this.d.alarms.raise(c.fields, now, tx);
          if (id !== null)
            told.push({ groupId: c.fields.groupId, at: now, facts: factsOf(id, c, now, null) });
          continue;
        }
        const moved = alarm.warning_id !== c.warning.id || alarm.level !== c.fields.level;
        if (moved || alarm.cleared) await this.d.alarms.follow(alarm.id, c.fields, now, tx);
        // A higher colour is news; the same or a lower one, or the same message again, is not.
        if (COLOUR_RANK[c.warning.level] > COLOUR_RANK[alarm.colour]) {
          told.push({ groupId: c.fields.groupId, at: now, facts: factsOf(alarm.id, c, now, alarm.colour) });
        }
      }
      const deliveries = await this.d.outbox.enqueueEvents(tx, 'weather_warning', told);
      return { raised: told.length, cleared: cleared.length, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    return { raised: result.raised, cleared: result.cleared };
  }

  /** Every (warning life, location) pair covered now, by `lifeKey:locationId`: the life's newest open message. */
  private async covered(): Promise<Map<string, Covered>> {
    const out = new Map<string, Covered>();
    const warnings = await this.d.warnings.openWithArea();
    if (warnings.length === 0) return out;
    const locations = await this.d.locations.listAllEnabled();
    for (const w of warnings) {
      const area = { polygons: w.area?.coordinates ?? [], circles: w.circles };
      for (const l of locations) {
        const shape = l.shape as
          | { type: 'Point'; coordinates: Position }
          | { type: 'Polygon'; coordinates: Position[][] };
        if (!overlapsBounds(w, shape) || !capAreaCovers(area, shape)) continue;
        const key = `${w.life_key}:${l.id}`;
        const before = out.get(key)?.warning;
        if (
          before &&
          (before.sent > w.sent || (before.sent.getTime() === w.sent.getTime() && before.id > w.id))
        )
          continue;
        out.set(key, {
          warning: w,
          locationName: l.name,
          locationNameEn: l.nameEn,
          fields: {
            lifeKey: w.life_key,
            warningId: w.id,
            locationId: l.id,
            groupId: l.groupId,
            level: LEVELS[w.level],
          },
        });
      }
    }
    return out;
  }
}

/** A cheap first test: the location's extent meets the warning's bounding box. */
function overlapsBounds(
  w: WarningRow,
  shape: { type: 'Point'; coordinates: Position } | { type: 'Polygon'; coordinates: Position[][] },
): boolean {
  if (w.min_lon === null || w.min_lat === null || w.max_lon === null || w.max_lat === null) return false;
  const points = shape.type === 'Point' ? [shape.coordinates] : (shape.coordinates[0] ?? []);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return x1 >= w.min_lon && x0 <= w.max_lon && y1 >= w.min_lat && y0 <= w.max_lat;
}

function factsOf(id: number, c: Covered, now: Date, previousColour: WeatherWarningLevel | null) {
  return {
    weather_warning_alarm_id: id,
    warning_id: c.warning.id,
    kind: c.warning.kind,
    colour: c.warning.level,
    event: c.warning.event,
    headline: c.warning.headline,
    sender: c.warning.sender,
    location_id: c.fields.locationId,
    location_name: c.locationName,
    location_name_en: c.locationNameEn,
    level: c.fields.level,
    expires: c.warning.expires?.toISOString() ?? null,
    previous_colour: previousColour,
    at: now.toISOString(),
  };
}
