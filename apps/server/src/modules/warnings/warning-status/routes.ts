import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  Alarm,
  AlarmConfirmInput,
  GroupQuery,
  WarningList,
  WarningSkill,
  WarningSkillQuery,
} from '@thunderwatch/shared/schemas/warnings';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { WarningSkillService } from './skill-service.js';
import type { WarningService } from './warning-service.js';

/** The live warning of my locations, alarm confirmation and warning skill. */
export function warningRoutes(app: App, warnings: WarningService, skill: WarningSkillService): void {
  app.get(
    '/api/warning',
    {
      schema: {
        tags: ['warnings'],
        querystring: GroupQuery,
        response: { 200: WarningList, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => warnings.list(callerOf(req), req.query.group_id),
  );

  app.post(
    '/api/warning/alarm_confirm',
    {
      schema: {
        tags: ['warnings'],
        body: AlarmConfirmInput,
        response: { 200: Alarm, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => warnings.confirm(callerOf(req), req.body),
  );

  app.get(
    '/api/warning/skill',
    {
      // Up to 92 days of strokes inside the innermost ring: a read that takes its turn with the others.
      config: { heavyRead: true },
      schema: {
        tags: ['warnings'],
        querystring: WarningSkillQuery,
        response: { 200: WarningSkill, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) =>
      skill.skill(callerOf(req), {
        location_id: req.query.location_id,
        from: new Date(req.query.from),
        to: new Date(req.query.to),
        source: req.query.source,
      }),
  );
}
