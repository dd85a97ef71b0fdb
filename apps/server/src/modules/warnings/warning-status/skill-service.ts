import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { SKILL_DEFINITION, type WarningSkill } from '@thunderwatch/shared/schemas/warnings';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { LocationSkill } from './location-skill.js';

/** The longest window asked for at once: a quarter, so the location screen can show the last 90 days. */
export const SKILL_MAX_DAYS = 92;
const DAY_MS = 86_400_000;

/**
 * GET /api/warning/skill: a location's warning skill (definitions in packages/domain/src/warnings/warning-skill.ts
 * and docs/api.md), read by `LocationSkill` as every other screen reads it.
 */
export class WarningSkillService {
  constructor(
    private readonly d: {
      locations: { get(user: AuthUser, id: number): Promise<LocationDto> };
      skill: Pick<LocationSkill, 'of'>;
    },
  ) {}

  async skill(
    user: AuthUser,
    q: { location_id: number; from: Date; to: Date; source?: 'rings' },
  ): Promise<WarningSkill> {
    requirePermission(user, 'location.read');
    const location = await this.d.locations.get(user, q.location_id);
    if (q.to <= q.from) {
      throw new AppError('validation.failed', 400, 'to must be after from', [
        { field: 'to', message: 'must be after from' },
      ]);
    }
    if (q.to.getTime() - q.from.getTime() > SKILL_MAX_DAYS * DAY_MS) {
      throw new AppError('warning.window_too_large', 400, `At most ${SKILL_MAX_DAYS} days`);
    }
    const site = { ...location, createdMs: Date.parse(location.created_at) };
    const skill = await this.d.skill.of(site, q.from, q.to);
    if (!skill) throw new AppError('location.invalid_rings', 400, 'The location has no rings');
    return {
      location_id: location.id,
      from: new Date(skill.fromMs).toISOString(),
      to: new Date(skill.toMs).toISOString(),
      ...skill.scores,
      source: q.source ?? 'rings',
      definition: SKILL_DEFINITION,
    };
  }
}
