import { randomUUID } from 'node:crypto';
import { fullObjective } from '@thunderwatch/domain/warnings/rules-grid';
import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import {
  ADVISE_MAX_DAYS,
  type AdviseApplyInput,
  type AdviseInput,
  type AdviseJob,
} from '@thunderwatch/shared/schemas/advise';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { PREDICT_LIMITS } from '@thunderwatch/shared/warnings';
import { type AuthUser, canSeeGroup, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { requestTimeZone } from '../../../lib/time-zone.js';
import type { HeaderLang } from '../../../lib/xlsx.js';
import { checkedShape, replayWindow } from '../backtest/backtest-service.js';
import type { LocationsService } from '../locations/locations-service.js';
import { adviseCsv, adviseXlsx } from './advise-export.js';
import type { AdviseJobSite, AdviseJobsRepo } from './advise-jobs-repo.js';
import { adviceSites } from './advise-replay.js';

/** The most sites one group run replays. */
export const ADVISE_MAX_SITES = 1000;

const notFound = () => new AppError('advise.not_found', 404, 'No such advice');

/**
 * The rules advisor: checks the request and the caller's right to see each site, then queues a
 * job (any node's `AdviseJobWorker` runs it: advise-replay.ts); reads a job back, exports its table and
 * applies one of its sets to a location through the locations service (validation, permission and change
 * notification stay there), audited with the figures it was chosen on.
 */
export class AdviseService {
  constructor(
    private readonly d: {
      locations: Pick<LocationsService, 'get' | 'list' | 'update'>;
      jobs: AdviseJobsRepo;
      /** Looks for work at once (the job worker's kick); none: the worker's next poll. */
      kick?: () => void;
      now: () => Date;
      /** The deployment's zone (`TIME_ZONE`), the export's default. */
      timeZone: string;
    },
  ) {}

  async start(user: AuthUser, input: AdviseInput): Promise<AdviseJob> {
    requirePermission(user, 'location.read');
    const targets = [input.location_id, input.shape, input.group_id].filter((t) => t !== undefined);
    if (targets.length !== 1) {
      throw new AppError(
        'advise.invalid_target',
        400,
        'Give exactly one of location_id, shape and group_id',
        [{ field: 'location_id', message: 'give exactly one of location_id, shape and group_id' }],
      );
    }
    const { fromMs, toMs } = replayWindow(input, this.d.now().getTime(), {
      days: ADVISE_MAX_DAYS,
      code: 'advise.window_too_large',
      message: `The advisor covers at most ${ADVISE_MAX_DAYS} days`,
    });
    const sites = await this.sitesOf(user, input);
    const objective = fullObjective(input.objective);
    const perSite = sites.map((s) => adviceSites(s).grid.length);
    const job = await this.d.jobs.create(
      {
        id: randomUUID(),
        userId: user.id,
        input: {
          ...input,
          from: new Date(fromMs).toISOString(),
          to: new Date(toMs).toISOString(),
          objective,
        },
        sites,
        total: perSite.reduce((a, b) => a + b, 0),
      },
      this.d.now(),
    );
    this.d.kick?.();
    return job;
  }

  async get(user: AuthUser, id: string): Promise<AdviseJob> {
    requirePermission(user, 'location.read');
    const job = await this.d.jobs.get(id, user.id);
    if (!job) throw notFound();
    return job;
  }

  /**
   * Stops the caller's job: a queued one never starts, a running one stops at its worker's next page. 404 as
   * `get`; 409 once it has ended (done, failed or cancelled).
   */
  async cancel(user: AuthUser, id: string): Promise<AdviseJob> {
    requirePermission(user, 'location.read');
    const cancelled = await this.d.jobs.cancel(id, user.id, this.d.now());
    if (cancelled) return cancelled;
    const job = await this.d.jobs.get(id, user.id);
    if (!job) throw notFound();
    throw new AppError('advise.already_finished', 409, `The advice has already ended (${job.status})`);
  }

  async export(
    user: AuthUser,
    id: string,
    q: { format: 'csv' | 'xlsx'; lang?: HeaderLang; time_zone?: string },
  ): Promise<{ body: string | Buffer; type: string; filename: string }> {
    requirePermission(user, 'location.read');
    const timeZone = requestTimeZone(q.time_zone, this.d.timeZone);
    const job = await this.d.jobs.get(id, user.id);
    if (!job) throw notFound();
    if (!job.result) throw new AppError('advise.not_ready', 409, 'The advice is not done');
    if (q.format === 'csv') {
      return {
        body: `\uFEFF${adviseCsv(job.result)}`,
        type: 'text/csv; charset=utf-8',
        filename: 'advice.csv',
      };
    }
    return {
      body: await adviseXlsx(job.result, q.lang, timeZone),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: 'advice.xlsx',
    };
  }

  /**
   * Sets a location's rings (and its prediction on or off) to one set of a finished job, through the
   * locations service (its permission, validation and change notification), and records it in the audit log
   * with the job, window, objective and the set's figures, in the edit's own transaction.
   */
  async apply(user: AuthUser, id: string, input: AdviseApplyInput): Promise<LocationDto> {
    requirePermission(user, 'location.update');
    const job = await this.d.jobs.get(id, user.id);
    if (!job) throw notFound();
    const { result } = job;
    if (!result) throw new AppError('advise.not_ready', 409, 'The advice is not done');
    const site = result.sites.find((s) => s.location_id === input.location_id);
    const set = site?.sets.find((s) => s.id === input.set_id);
    if (!site || !set) {
      throw new AppError('advise.set_not_found', 404, 'No such set for that location in this advice', [
        { field: site ? 'set_id' : 'location_id', message: 'not in this advice' },
      ]);
    }
    // Predictions are switched only where the advice weighed them (it offered predicted sets): below orange a
    // prediction changes no score, and a site's yellow predicted warnings stay as they are.
    const weighed = site.sets.some((s) => s.predicted && !s.current);
    const { on_front, current, ...figures } = set;
    // The edit and its audit entry are one transaction: no change goes unaudited.
    const after = await this.d.locations.update(
      user,
      input.location_id,
      // The name as it is in the edit's transaction: a rename made meanwhile is kept.
      (current) => ({
        name: current.name,
        rings: set.rings,
        ...(weighed ? { predict: { enabled: set.predicted } } : {}),
      }),
      (tx, edit) =>
        this.d.jobs.audit(
          {
            userId: user.id,
            username: user.username,
            locationId: input.location_id,
            before: { rings: edit.before.rings, predict: edit.before.predict },
            after: {
              rings: edit.after.rings,
              predict: edit.after.predict,
              advice: {
                job_id: job.id,
                from: result.from,
                to: result.to,
                objective: result.objective,
                event_definition: site.event_definition,
                events: site.events,
                set: { ...figures, on_front, current },
                recommended: site.recommended_set_id === set.id,
              },
            },
          },
          tx,
        ),
    );
    return after;
  }

  /** The sites a job replays, each checked visible to the caller; a group only for admins and its own admins. */
  private async sitesOf(user: AuthUser, input: AdviseInput): Promise<AdviseJobSite[]> {
    if (input.location_id !== undefined) return [siteOf(await this.d.locations.get(user, input.location_id))];
    if (input.shape !== undefined) {
      return [
        {
          location_id: null,
          name: null,
          name_en: null,
          shape: checkedShape(input.shape),
          rings: [...DEFAULT_RINGS],
          predict: { enabled: false, range_km: PREDICT_LIMITS.defaultRangeKm, level: null },
        },
      ];
    }
    const groupId = input.group_id as number;
    // Whoever manages a group (group.update: its admins, and admins) may advise all its sites.
    requirePermission(user, 'group.update');
    if (!canSeeGroup(user, groupId)) {
      throw new AppError('permission.denied', 403, 'Only admins and the group’s admins advise a whole group');
    }
    const page = await this.d.locations.list(user, { group_id: groupId, limit: ADVISE_MAX_SITES, offset: 0 });
    return page.items.map(siteOf);
  }
}

function siteOf(l: LocationDto): AdviseJobSite {
  return {
    location_id: l.id,
    name: l.name,
    name_en: l.name_en,
    shape: l.shape,
    rings: l.rings,
    predict: { enabled: l.predict.enabled, range_km: l.predict.range_km, level: l.predict.level },
  };
}
