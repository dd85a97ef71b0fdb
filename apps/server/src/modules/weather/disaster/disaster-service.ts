import type { DisasterWarningList, DisasterWarningQuery } from '@thunderwatch/shared/schemas/disaster';
import { queryFlag } from '../../../lib/query-flag.js';
import type { RegionsService } from '../../regions/regions-service.js';
import type { DisasterWarningsRepo } from './disaster-warnings-repo.js';

/** Disaster warnings as the API lists them: public to every signed-in user, as official warnings are. */
export class DisasterService {
  constructor(
    private readonly d: { warnings: DisasterWarningsRepo; regions: Pick<RegionsService, 'ensureLoaded'> },
  ) {}

  async list(q: DisasterWarningQuery): Promise<DisasterWarningList> {
    const geometry = queryFlag(q.geometry) === true;
    // The names and outlines come from `regions`: load them first (once per process).
    await this.d.regions.ensureLoaded();
    const [items, evaluatedAt] = await Promise.all([
      this.d.warnings.list({
        active: queryFlag(q.active) ?? true,
        minLevel: q.level ?? 1,
        province: q.province ? q.province.slice(0, 2) : null,
        geometry,
      }),
      this.d.warnings.evaluatedAt(),
    ]);
    return { items, evaluated_at: evaluatedAt?.toISOString() ?? null };
  }
}
