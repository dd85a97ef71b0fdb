import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import {
  DISASTER_RISK,
  disasterRisk,
  type DisasterFactors as RuleFactors,
} from '@thunderwatch/domain/weather/disaster-risk';
import type { DisasterFactors } from '@thunderwatch/shared/schemas/disaster';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { Lease, Singleton } from '../../../db/singleton.js';
import { SerialRuns } from '../../../lib/serial-runs.js';
import type { CellsRepo } from '../../lightning/cells/cells-repo.js';
import type { AlarmOutbox, EventFacts, SiteEvent } from '../../notify/delivery/alarm-outbox.js';
import type { LoadedRegions, RegionsService } from '../../regions/regions-service.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { DisasterStrokesRepo } from './disaster-strokes-repo.js';
import type { DisasterWarningsRepo } from './disaster-warnings-repo.js';
import { nowcastCounts } from './nowcast-counts.js';

export const DISASTER_WARNINGS = 'disaster-warnings';
const H = 3_600_000;
/** Strokes are summed on this grid before the point-in-polygon: a stroke within ~1.5 km of a border may
 * count for the neighbour. */
export const GRID_DEG = 0.02;
/** Grid cells whose city is remembered between evaluations (a storm season over China stays well below). */
const CELL_CACHE_MAX = 500_000;
/** Point-in-polygon lookups between two turns of the event loop (about 10 ms). */
const LOOKUPS_PER_SLICE = 200;
/** A cell tracker step older than this says nothing about now. */
const STEP_MAX_AGE_MS = 10 * 60_000;

type Event = SiteEvent<EventFacts['disaster']>;
interface Site {
  id: number;
  groupId: number;
  name: string;
  nameEn: string | null;
}
interface Told {
  id: number;
  region: string;
  level: number;
  previous: number;
  f: DisasterFactors;
}

/**
 * Lightning disaster warnings on the node holding the `disaster-warnings` lease: every `intervalMs` the last
 * 3 h of CG lightning are summed per grid cell in SQL, each cell is given its city (R-tree + point in
 * polygon, remembered), each city's factors go through `disasterRisk`, and the warnings are opened, raised,
 * lowered and cleared in one transaction that checks the lease. A warning issued or raised above its peak
 * goes to the lists and subscribers of every enabled location inside the city as a `disaster` event.
 */
export class DisasterEvaluator implements Singleton {
  readonly name = DISASTER_WARNINGS;
  private lease: Lease | null = null;
  private readonly runs: SerialRuns;
  private readonly cellCity = new Map<number, string | null>();

  constructor(
    private readonly d: {
      db: Database;
      regions: Pick<RegionsService, 'ensureLoaded'>;
      strokes: DisasterStrokesRepo;
      warnings: DisasterWarningsRepo;
      cells: Pick<CellsRepo, 'stepAtOrBefore'>;
      locations: Pick<LocationsRepo, 'listAllEnabled'>;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
      intervalMs: number;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.runs = new SerialRuns({
      everyMs: d.intervalMs,
      due: () => this.evaluateNow(),
      what: 'disaster warning evaluation',
      log: d.log,
    });
  }

  async start(lease: Lease): Promise<void> {
    this.lease = lease;
    this.runs.start();
  }

  async stop(): Promise<void> {
    await this.runs.stop();
    this.lease = null;
  }

  /** One evaluation after those under way (none without the lease); how many warnings of each change. */
  evaluate(): Promise<{ issued: number; raised: number; cleared: number; open: number } | null> {
    return this.runs.run(() => this.evaluateNow());
  }

  /** The factors of every city with lightning or a nowcast cell, by code. */
  async factors(now: Date): Promise<Map<string, DisasterFactors>> {
    const loaded = await this.d.regions.ensureLoaded();
    const out = new Map<string, DisasterFactors>();
    const of = (code: string): DisasterFactors => {
      let f = out.get(code);
      if (!f) {
        f = {
          area_km2: Math.round((loaded.byCode.city.get(code)?.areaKm2 ?? 0) * 10) / 10,
          cg_flashes_1h: 0,
          cg_flashes_3h: 0,
          max_abs_ka: 0,
          strong_strokes: 0,
          cells_30: 0,
          severe_cells_30: 0,
          cells_60: 0,
          reasons: [],
        };
        out.set(code, f);
      }
      return f;
    };
    const grid = await this.d.strokes.gridCells({
      from: new Date(now.getTime() - 3 * H),
      hourFrom: new Date(now.getTime() - H),
      to: now,
      cellDeg: GRID_DEG,
      strongKa: DISASTER_RISK.strongKa,
      bbox: loaded.extent,
    });
    if (this.cellCity.size > CELL_CACHE_MAX) this.cellCity.clear();
    let looked = 0;
    for (const c of grid) {
      const key = c.gy * 100_000 + c.gx;
      let code = this.cellCity.get(key);
      if (code === undefined) {
        // A new storm brings thousands of new cells (~50 µs each): let the server breathe between slices.
        if (++looked % LOOKUPS_PER_SLICE === 0) await new Promise((r) => setImmediate(r));
        code = loaded.cities.lookup((c.gx + 0.5) * GRID_DEG, (c.gy + 0.5) * GRID_DEG);
        this.cellCity.set(key, code);
      }
      if (code === null) continue;
      const f = of(code);
      f.cg_flashes_1h += c.flashes_1h;
      f.cg_flashes_3h += c.flashes_3h;
      f.max_abs_ka = Math.max(f.max_abs_ka, Math.round(c.max_abs_ka * 10) / 10);
      f.strong_strokes += c.strong;
    }
    const step = await this.d.cells.stepAtOrBefore(now, new Date(now.getTime() - STEP_MAX_AGE_MS));
    for (const [code, n] of nowcastCounts(step?.features ?? [], loaded.citiesSimplified)) {
      Object.assign(of(code), n);
    }
    for (const f of out.values())
      f.reasons = disasterRisk(f as RuleFactors).reasons as DisasterFactors['reasons'];
    return out;
  }

  private async evaluateNow() {
    const lease = this.lease;
    if (!lease) return null;
    const now = this.d.now();
    const factors = await this.factors(now);
    const levels = new Map<string, { level: number; f: DisasterFactors }>();
    for (const [code, f] of factors) {
      const { level } = disasterRisk(f as RuleFactors);
      if (level > 0) levels.set(code, { level, f });
    }
    // Read before the transaction: the embedded database has one connection, which the transaction holds.
    const sites = levels.size > 0 ? await this.sitesByCity() : new Map<string, Site[]>();
    const loaded = await this.d.regions.ensureLoaded();
    const result = await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      const open = new Map((await this.d.warnings.open(tx)).map((w) => [w.region, w]));
      const cleared = [...open.values()].filter((w) => !levels.has(w.region)).map((w) => w.id);
      await this.d.warnings.clear(cleared, now, tx);
      const told: Told[] = [];
      let issued = 0;
      for (const [region, { level, f }] of levels) {
        const was = open.get(region);
        if (was) {
          await this.d.warnings.update(was.id, level, f, now, tx);
          if (level > was.peak_level) told.push({ id: was.id, region, level, previous: was.peak_level, f });
          continue;
        }
        const id = await this.d.warnings.issue(region, level, f, now, tx);
        if (id === null) continue;
        issued++;
        told.push({ id, region, level, previous: 0, f });
      }
      await this.d.warnings.markEvaluated(now, tx);
      const events = this.events(told, sites, now, loaded);
      const deliveries = await this.d.outbox.enqueueEvents(tx, 'disaster', events);
      return { issued, raised: told.length - issued, cleared: cleared.length, open: levels.size, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    return { issued: result.issued, raised: result.raised, cleared: result.cleared, open: result.open };
  }

  /** The enabled locations by the city their site lies in. */
  private async sitesByCity(): Promise<Map<string, Site[]>> {
    const loaded = await this.d.regions.ensureLoaded();
    const out = new Map<string, Site[]>();
    for (const l of await this.d.locations.listAllEnabled()) {
      const { lat, lon } = sitePoint(l.shape);
      const code = loaded.cities.lookup(lon, lat);
      if (code === null) continue;
      const list = out.get(code) ?? [];
      list.push({ id: l.id, groupId: l.groupId, name: l.name, nameEn: l.nameEn });
      out.set(code, list);
    }
    return out;
  }

  /** One event per warning told and enabled location inside its city. */
  private events(
    told: readonly Told[],
    sites: ReadonlyMap<string, readonly Site[]>,
    now: Date,
    loaded: LoadedRegions,
  ): Event[] {
    return told.flatMap((t) => {
      const city = loaded.byCode.city.get(t.region);
      if (!city) return [];
      return (sites.get(t.region) ?? []).map((l) => ({
        groupId: l.groupId,
        at: now,
        facts: {
          disaster_warning_id: t.id,
          region_code: t.region,
          region_name_zh: city.nameZh,
          region_name_en: city.nameEn,
          level: t.level as 1 | 2 | 3 | 4,
          previous_level: t.previous as 0 | 1 | 2 | 3,
          reasons: t.f.reasons,
          cg_flashes_1h: t.f.cg_flashes_1h,
          max_abs_ka: t.f.max_abs_ka,
          location_id: l.id,
          location_name: l.name,
          location_name_en: l.nameEn,
          at: now.toISOString(),
        },
      }));
    });
  }
}
